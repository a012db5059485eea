import type { HttpPort } from '../../core/ports/http';
import { positive, record, requestJson, trimSlash, wrongPath, type ModelInfo } from './modelHttp';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/**
 * `GET {base}/models` (OpenAI, LM Studio, vLLM, OpenRouter, Ollama's /v1). Some servers add the context length to
 * each entry (OpenRouter `context_length`, vLLM `max_model_len`, LM Studio's `max_context_length`): it is kept.
 */
export async function listOpenAiModels(http: HttpPort, baseUrl: string, apiKey: string): Promise<ModelInfo[]> {
  const base = trimSlash(baseUrl) || OPENAI_BASE_URL;
  const url = `${base}/models`;
  const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  const { status, body } = await requestJson(
    http,
    { url, headers },
    'Use a key made for this server (an Anthropic key does not work here).',
  );
  if (status === 404)
    throw wrongPath(
      url,
      'An OpenAI-compatible base URL ends in /v1, e.g. http://localhost:11434/v1 (Ollama) or http://localhost:1234/v1 (LM Studio); not /v1/api/chat or /v1/chat/completions.',
    );
  const data = record(body).data;
  if (!Array.isArray(data))
    throw wrongPath(
      url,
      `It answered without a "data" list of models, so ${base} is probably not an OpenAI-compatible API.`,
    );
  return data.flatMap((entry) => {
    const item = record(entry);
    if (typeof item.id !== 'string' || item.id === '') return [];
    const window = positive(item.context_length) ?? positive(item.max_model_len) ?? positive(item.max_context_length);
    return [window ? { id: item.id, contextWindow: window, contextSource: 'server' as const } : { id: item.id }];
  });
}
