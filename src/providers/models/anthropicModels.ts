import type { HttpPort } from '../../core/ports/http';
import { positive, record, requestJson, trimSlash, wrongPath, type ModelInfo } from './modelHttp';

export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

/** Pages kept from a server that never says has_more: false. */
const MAX_PAGES = 20;

/**
 * Anthropic's Models API: `GET /v1/models?limit=…`, following `has_more` / `last_id` (`after_id`) page by page.
 * The base URL is the origin, as for the SDK (it adds `/v1/…` itself).
 */
export async function listAnthropicModels(http: HttpPort, baseUrl: string, apiKey: string): Promise<ModelInfo[]> {
  const base = trimSlash(baseUrl) || ANTHROPIC_BASE_URL;
  const models: ModelInfo[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = `${base}/v1/models?limit=1000${after ? `&after_id=${encodeURIComponent(after)}` : ''}`;
    const headers = { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01' };
    const { status, body } = await requestJson(
      http,
      { url, headers },
      'Use an Anthropic key (sk-ant-…); an OpenAI key does not work here.',
    );
    if (status === 404)
      throw wrongPath(
        url,
        'For Anthropic leave the base URL empty, or give the origin only (no /v1: the client adds it).',
      );
    const answer = record(body);
    if (!Array.isArray(answer.data))
      throw wrongPath(url, 'It answered without a "data" list: this is not the Anthropic Models API.');
    for (const entry of answer.data) {
      const item = record(entry);
      if (typeof item.id !== 'string' || item.id === '') continue;
      const window = positive(item.max_input_tokens);
      models.push(window ? { id: item.id, contextWindow: window, contextSource: 'server' } : { id: item.id });
    }
    if (answer.has_more !== true || typeof answer.last_id !== 'string') break;
    after = answer.last_id;
  }
  return models;
}
