import type { ClockPort } from '../core/ports/clock';
import type { ToolCallFormat } from '../settings/settings';

export type ProviderKind = 'anthropic' | 'openai' | 'openai-compatible';
/** How tool calls travel (OpenAI-compatible only): the API's own, text in the answer, or native then text when seen. */
export type { ToolCallFormat };

/** What both SDKs accept as their `fetch` option. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Everything a provider needs; createProvider checks and normalizes it first. */
export interface ProviderOptions {
  provider: ProviderKind;
  model: string;
  /**
   * Normalized base URL; `''` means the provider's own API. `openai-compatible` needs one, with `/v1`
   * (http://localhost:11434/v1).
   */
  baseUrl: string;
  /** `''` means none (only allowed for openai-compatible). */
  apiKey: string;
  /** Stream over `fetch`; off: whole answers over `nonStreamingFetch`. */
  streaming: boolean;
  /** Most retries after the first attempt (429, 5xx, 529, connection errors). */
  maxRetries: number;
  contextWindow: number;
  /** The streaming transport (the renderer's `fetch`); the SDK's default when absent. */
  fetch?: FetchLike;
  /**
   * The buffered transport (a `fetch` over Obsidian's `requestUrl`, src/obsidian/requestUrlFetch.ts, which ignores
   * CORS); also the CORS fallback.
   */
  nonStreamingFetch?: FetchLike;
  clock: ClockPort;
  /** OpenAI-compatible tool calls: native, written as text, or `auto` (native, and text when the model writes it; the default). */
  toolCallFormat?: ToolCallFormat;
  /** Says which transport carried each request, and each retry. */
  log?: (message: string) => void;
  /** Jitter source in [0, 1) for retry backoff; tests pin it. */
  random?: () => number;
}

/** How one attempt talks to the server. */
export interface Transport {
  streaming: boolean;
  fetch: FetchLike | undefined;
  /** Said in the log: which transport carried the request. */
  label: string;
}
