import { AgentError } from '../core/errors';
import type { LlmPort } from '../core/ports/llm';
import { AnthropicProvider } from './AnthropicProvider';
import { contextWindowFor } from './contextWindows';
import { providerLabel, SETTINGS_PATH } from './errors';
import { OpenAiProvider } from './OpenAiProvider';
import type { FetchLike, ProviderKind, ProviderOptions, ToolCallFormat } from './types';

export type { FetchLike, ProviderKind, ToolCallFormat };

/**
 * What a host gives createProvider: ProviderOptions before they are checked and normalized, with the URL, the key
 * and the context window allowed absent (no URL: the provider's own API; no key: fine for `openai-compatible`
 * only; a context window of 0 or absent: looked up in the table of known models).
 */
export type ProviderConfig = Omit<ProviderOptions, 'baseUrl' | 'apiKey' | 'contextWindow'> &
  Partial<Pick<ProviderOptions, 'baseUrl' | 'apiKey' | 'contextWindow'>>;

/**
 * The LLM port for the configured provider. Checks the settings first, so that a missing key or base URL is
 * reported with the setting to fill in, before any request is made.
 */
export function createProvider(config: ProviderConfig): LlmPort {
  const model = config.model.trim();
  if (model === '') {
    throw new AgentError('INVALID_INPUT', `No model is set for ${config.provider}: fill in ${SETTINGS_PATH} → Model`, {
      setting: 'model',
    });
  }
  const baseUrl = normalizeBaseUrl(config.provider, config.baseUrl ?? '');
  const apiKey = (config.apiKey ?? '').trim();
  if (config.provider === 'openai-compatible' && baseUrl === '') {
    throw new AgentError(
      'INVALID_INPUT',
      `The openai-compatible provider needs a base URL: set ${SETTINGS_PATH} → Base URL, e.g. http://localhost:11434/v1 (Ollama) or http://localhost:1234/v1 (LM Studio)`,
      { setting: 'baseUrl' },
    );
  }
  if (config.provider !== 'openai-compatible' && apiKey === '') {
    throw new AgentError(
      'PROVIDER_AUTH',
      `No API key for ${providerLabel(config.provider, baseUrl)}: set it in ${SETTINGS_PATH} → API key`,
      { setting: 'apiKeySecret' },
    );
  }
  const options: ProviderOptions = {
    ...config,
    model,
    baseUrl,
    apiKey,
    maxRetries: Number.isFinite(config.maxRetries) ? Math.max(0, Math.floor(config.maxRetries)) : 0,
    contextWindow: contextWindowFor(model, config.contextWindow),
  };
  return config.provider === 'anthropic' ? new AnthropicProvider(options) : new OpenAiProvider(options);
}

/**
 * Trims the URL and its trailing slashes. The Anthropic SDK adds `/v1/messages` itself, so a `/v1` copied from
 * the docs is dropped there; the openai SDK adds only `/chat/completions`, so `/v1` stays.
 */
function normalizeBaseUrl(provider: ProviderKind, raw: string): string {
  let url = raw.trim().replace(/\/+$/, '');
  if (url === '') return '';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    parsed = new URL('invalid:');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new AgentError('INVALID_INPUT', `${SETTINGS_PATH} → Base URL must be an http(s) URL, got "${raw}"`, {
      setting: 'baseUrl',
    });
  }
  if (provider === 'anthropic') url = url.replace(/\/v1$/, '');
  return url;
}
