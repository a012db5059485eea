import { AgentError } from '../core/errors';
import type { ClockPort } from '../core/ports/clock';
import type { LlmPort } from '../core/ports/llm';
import { AnthropicProvider } from './AnthropicProvider';
import { contextWindowFor } from './contextWindows';
import { providerLabel, SETTINGS_PATH } from './errors';
import { OpenAiProvider } from './OpenAiProvider';
import type { FetchLike, ProviderKind, ToolCallFormat } from './types';

export type { FetchLike, ProviderKind, ToolCallFormat };

export interface ProviderConfig {
  provider: ProviderKind;
  model: string;
  /** Empty for the provider's own API; `openai-compatible` needs one, with `/v1` (http://localhost:11434/v1). */
  baseUrl?: string;
  /** Empty or absent: no key (fine for `openai-compatible` only). */
  apiKey?: string;
  /** Stream over `fetch`; off: whole answers over `nonStreamingFetch`. */
  streaming: boolean;
  /** Most retries of a failed request (429, 5xx, 529, connection errors). */
  maxRetries: number;
  /** The `contextWindow` setting: 0 or absent looks the model up in the table of known models. */
  contextWindow?: number;
  /** The streaming transport; the renderer's global `fetch` when absent. */
  fetch?: FetchLike;
  /** A `fetch` over Obsidian's `requestUrl` (src/obsidian/requestUrlFetch.ts): no streaming, no CORS limits. */
  nonStreamingFetch?: FetchLike;
  clock: ClockPort;
  /** OpenAI-compatible tool calls: native, written as text, or `auto` (native, and text when the model writes it). */
  toolCallFormat?: ToolCallFormat;
  /** Says which transport carried each request, and each retry. */
  log?: (message: string) => void;
  /** Jitter source in [0, 1) for retry backoff; tests pin it. */
  random?: () => number;
}

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
  const options = {
    provider: config.provider,
    model,
    baseUrl,
    apiKey,
    streaming: config.streaming,
    maxRetries: Number.isFinite(config.maxRetries) ? Math.max(0, Math.floor(config.maxRetries)) : 0,
    contextWindow: contextWindowFor(model, config.contextWindow),
    fetch: config.fetch,
    nonStreamingFetch: config.nonStreamingFetch,
    clock: config.clock,
    toolCallFormat: config.toolCallFormat,
    log: config.log,
    random: config.random,
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
