import type { HttpPort } from '../../core/ports/http';
import { positive, record, requestJson, trimSlash, type ModelInfo } from './modelHttp';

/** /api/show calls per listing: one per model, so a server with hundreds of models is not asked hundreds of times. */
const MAX_SHOWN = 50;

/** Ollama's native API sits at the origin; its OpenAI API at `/v1`. */
export function ollamaOrigin(baseUrl: string): string {
  return trimSlash(baseUrl).replace(/\/v1$/, '');
}

/**
 * Ollama's `/api/tags` (the pulled models), then `/api/show` per model for what the OpenAI listing leaves out:
 * `model_info["<arch>.context_length"]` and `capabilities` (has "tools" when the model takes tools). Null when the
 * server is not Ollama (no `/api/tags`), so the caller falls back to `/v1/models`.
 */
export async function listOllamaModels(http: HttpPort, baseUrl: string, apiKey: string): Promise<ModelInfo[] | null> {
  const origin = ollamaOrigin(baseUrl);
  const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  let tags;
  try {
    tags = await requestJson(http, { url: `${origin}/api/tags`, headers }, 'Check the key this server expects.');
  } catch {
    // Not Ollama, or not reachable here: the OpenAI listing reports the failure with its own fix.
    return null;
  }
  const listed = record(tags.body).models;
  if (tags.status === 404 || !Array.isArray(listed)) return null;
  const models: ModelInfo[] = [];
  for (const [index, entry] of listed.entries()) {
    const item = record(entry);
    const id = typeof item.name === 'string' ? item.name : typeof item.model === 'string' ? item.model : '';
    if (id === '') continue;
    models.push(index < MAX_SHOWN ? await showModel(http, origin, headers, id) : { id });
  }
  return models;
}

async function showModel(
  http: HttpPort,
  origin: string,
  headers: Record<string, string>,
  id: string,
): Promise<ModelInfo> {
  try {
    const { body } = await requestJson(
      http,
      {
        url: `${origin}/api/show`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ model: id }),
      },
      '',
    );
    const show = record(body);
    const info = record(show.model_info);
    const architecture = info['general.architecture'];
    const window = typeof architecture === 'string' ? positive(info[`${architecture}.context_length`]) : undefined;
    const capabilities = Array.isArray(show.capabilities) ? show.capabilities : undefined;
    return {
      id,
      ...(window ? { contextWindow: window, contextSource: 'server' as const } : {}),
      ...(capabilities ? { tools: capabilities.includes('tools') } : {}),
    };
  } catch {
    // An older Ollama without these fields: the model is still listed.
    return { id };
  }
}
