import * as AnthropicSdk from '@anthropic-ai/sdk/error';
import * as OpenAiSdk from 'openai';
import { AgentError, describeError } from '../core/errors';
import type { ProviderKind } from './types';

/** Where the user fixes what an error is about. */
export const SETTINGS_PATH = 'Settings → Embedded Agent';

/** The stream ended without its final event: the connection broke, as far as retrying is concerned. */
export class IncompleteStreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IncompleteStreamError';
  }
}

/** What went wrong with one request, whichever SDK reported it. */
export interface ProviderFailure {
  kind: 'abort' | 'connection' | 'http' | 'other';
  /** HTTP status; for an error event inside a stream, the status its type stands for. */
  status?: number;
  headers?: Headers;
  /** The server's own words (`error.message` of the body), or the thrown error's message. */
  serverMessage: string;
  /** Anthropic `error.type` / OpenAI `error.code` or `error.type`. */
  errorType?: string;
  overflow: boolean;
  /** A connection failure after the server had answered (the stream broke): streaming itself is not blocked. */
  answered?: boolean;
}

export interface ErrorContext {
  provider: ProviderKind;
  model: string;
  baseUrl: string;
  /** Retries already made when the failure became final. */
  retries: number;
  /** Part of the answer had already been passed on when the failure came. */
  midStream?: boolean;
  /** The server asked for a wait too long to sit through. */
  retryAfterMs?: number;
}

// Error event types inside a stream carry no HTTP status; these are the statuses the same errors have as responses.
const STATUS_OF_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  rate_limit_exceeded: 429,
  api_error: 500,
  server_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

const OVERFLOW_PATTERNS = [
  /prompt is too long/i,
  /input length and `?max_tokens`? exceed context limit/i,
  /context_length_exceeded/i,
  /maximum context length/i,
  /context window/i,
  /greater than the context length/i,
  /exceeds? the (available )?context (size|length)/i,
  // LM Studio: "Trying to keep the first 15857 tokens when context the overflows. However, the model is loaded with context length of only 4096 tokens"
  /loaded with context length of/i,
];
/** Error types that name an overflow whatever the status (llama.cpp's server has answered it with 500 as well as 400). */
const OVERFLOW_TYPES = new Set(['context_length_exceeded', 'exceed_context_size_error']);

export function providerLabel(provider: ProviderKind, baseUrl: string): string {
  if (provider === 'anthropic') return 'Anthropic';
  if (provider === 'openai') return 'OpenAI';
  return `The server at ${baseUrl}`;
}

export function inspectFailure(error: unknown): ProviderFailure {
  if (
    error instanceof AnthropicSdk.APIUserAbortError ||
    error instanceof OpenAiSdk.APIUserAbortError ||
    isAbortError(error)
  ) {
    return { kind: 'abort', serverMessage: describeError(error), overflow: false };
  }
  if (error instanceof AnthropicSdk.APIConnectionError || error instanceof OpenAiSdk.APIConnectionError) {
    const cause = error.cause === undefined ? '' : `: ${describeError(error.cause)}`;
    return { kind: 'connection', serverMessage: `${error.message.replace(/\.+$/, '')}${cause}`, overflow: false };
  }
  if (error instanceof IncompleteStreamError)
    return { kind: 'connection', serverMessage: error.message, overflow: false, answered: true };
  if (isBrokenBody(error))
    return { kind: 'connection', serverMessage: `connection lost (${error.message})`, overflow: false, answered: true };
  if (error instanceof AnthropicSdk.APIError || error instanceof OpenAiSdk.APIError) {
    // Both SDKs' APIError: `error` is the body (Anthropic) or its `error` member (OpenAI).
    const apiError = error as { status?: number; headers?: Headers; error?: unknown; type?: unknown; message: string };
    const body = bodyError(apiError.error);
    const errorType = body.code ?? body.type ?? (typeof apiError.type === 'string' ? apiError.type : undefined);
    const status = apiError.status ?? body.status ?? (errorType === undefined ? undefined : STATUS_OF_TYPE[errorType]);
    const serverMessage = body.message ?? apiError.message;
    // Beyond the overflow types, only a refused request is an overflow: a 5xx or 429 that mentions the context is something else.
    const refused = status === undefined || status === 400 || status === 413 || status === 422;
    const overflow =
      (errorType !== undefined && OVERFLOW_TYPES.has(errorType)) ||
      (refused && (status === 413 || OVERFLOW_PATTERNS.some((pattern) => pattern.test(serverMessage))));
    return { kind: 'http', status, headers: apiError.headers, serverMessage, errorType, overflow };
  }
  return { kind: 'other', serverMessage: describeError(error), overflow: false };
}

/** Whether waiting and sending the same request again can help. */
export function isRetryable(failure: ProviderFailure): boolean {
  if (failure.kind === 'connection') return true;
  if (failure.kind !== 'http' || failure.overflow) return false;
  // OpenAI's 429 for an account out of credit: no wait helps.
  if (failure.errorType === 'insufficient_quota') return false;
  const shouldRetry = failure.headers?.get('x-should-retry');
  if (shouldRetry === 'true') return true;
  if (shouldRetry === 'false') return false;
  const status = failure.status;
  return status === 408 || status === 409 || status === 429 || (status !== undefined && status >= 500);
}

/** The AgentError a person reads when a request finally fails. */
export function toAgentError(failure: ProviderFailure, context: ErrorContext): AgentError {
  const label = providerLabel(context.provider, context.baseUrl);
  const details = {
    provider: context.provider,
    model: context.model,
    status: failure.status,
    serverMessage: failure.serverMessage,
    retries: context.retries,
  };
  const afterRetries =
    context.retries > 0 ? ` after ${context.retries} ${context.retries === 1 ? 'retry' : 'retries'}` : '';
  const status = failure.status;
  if (failure.kind === 'abort') return cancelledError(context.provider, context.baseUrl);
  if (failure.overflow) return contextOverflowError(context.model, failure.serverMessage, details);
  if (context.midStream) {
    return new AgentError(
      'PROVIDER_ERROR',
      `${label} broke off the answer${status === undefined ? '' : ` (${status})`}: ${failure.serverMessage.replace(/\.+$/, '')}. Send the message again`,
      details,
    );
  }
  if (failure.kind === 'connection') {
    return new AgentError(
      'NETWORK',
      `Could not reach ${label === 'Anthropic' || label === 'OpenAI' ? `${label} at ${endpoint(context)}` : endpoint(context)}${afterRetries}: ${failure.serverMessage}. Check your connection and ${SETTINGS_PATH} → Base URL`,
      details,
    );
  }
  if (status === 401 || status === 403) {
    return new AgentError(
      'PROVIDER_AUTH',
      `${label} rejected the API key (${status}): set it in ${SETTINGS_PATH} → API key`,
      details,
    );
  }
  if (status === 404) {
    const hint =
      context.provider === 'openai-compatible'
        ? ', and that the base URL ends in /v1 (e.g. http://localhost:11434/v1)'
        : '';
    return new AgentError(
      'PROVIDER_MODEL',
      `${label} does not know the model "${context.model}" (404): check ${SETTINGS_PATH} → Model${hint}. ${failure.serverMessage}`,
      details,
    );
  }
  if (failure.errorType === 'insufficient_quota') {
    return new AgentError(
      'PROVIDER_ERROR',
      `${label} refused the request: the account of the API key has no quota left (${status ?? 429}). Check its plan and billing. ${failure.serverMessage}`,
      details,
    );
  }
  if (status === 429 && context.retryAfterMs !== undefined) {
    return new AgentError(
      'RATE_LIMITED',
      `${label} is limiting requests (429) and asks to wait ${Math.ceil(context.retryAfterMs / 1000)} s: try again then. ${failure.serverMessage}`,
      { ...details, retryAfterMs: context.retryAfterMs },
    );
  }
  if (status === 429) {
    return new AgentError(
      'RATE_LIMITED',
      `${label} is still limiting requests (429)${afterRetries}: wait a minute and try again, or raise ${SETTINGS_PATH} → Max retries. ${failure.serverMessage}`,
      details,
    );
  }
  if (status === 529 || failure.errorType === 'overloaded_error') {
    return new AgentError(
      'PROVIDER_ERROR',
      `${label} is overloaded (529)${afterRetries}: try again in a few minutes. ${failure.serverMessage}`,
      details,
    );
  }
  if (status !== undefined && status >= 500) {
    return new AgentError(
      'PROVIDER_ERROR',
      `${label} failed with a server error (${status})${afterRetries}: ${failure.serverMessage}`,
      details,
    );
  }
  if (status !== undefined) {
    return new AgentError(
      'PROVIDER_ERROR',
      `${label} refused the request (${status}): ${failure.serverMessage}`,
      details,
    );
  }
  return new AgentError('PROVIDER_ERROR', `${label} request failed${afterRetries}: ${failure.serverMessage}`, details);
}

export function contextOverflowError(
  model: string,
  serverMessage: string,
  details: Record<string, unknown> = {},
): AgentError {
  return new AgentError(
    'CONTEXT_OVERFLOW',
    `The conversation no longer fits the context window of ${model}: ${serverMessage}`,
    { model, ...details },
  );
}

export function cancelledError(provider: ProviderKind, baseUrl: string): AgentError {
  return new AgentError('CANCELLED', `Cancelled: the request to ${providerLabel(provider, baseUrl)} was stopped`);
}

function endpoint(context: ErrorContext): string {
  if (context.baseUrl) return context.baseUrl;
  return context.provider === 'anthropic' ? 'https://api.anthropic.com' : 'https://api.openai.com/v1';
}

/**
 * `{ error: { message, type, code } }` (Anthropic's whole body), or the inner object itself (OpenAI's `APIError.error`).
 * A numeric `code` is an HTTP status (OpenRouter, llama.cpp): the only status an error event inside a stream has.
 */
function bodyError(body: unknown): { message?: string; type?: string; code?: string; status?: number } {
  // Ollama answers some errors as `{ "error": "model \"x\" not found" }`.
  if (typeof body === 'string' && body !== '') return { message: body };
  if (body === null || typeof body !== 'object') return {};
  const record = body as Record<string, unknown>;
  if (typeof record.error === 'string' && record.error !== '') return { message: record.error };
  const inner =
    record.error !== null && typeof record.error === 'object' ? (record.error as Record<string, unknown>) : record;
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
  const status =
    typeof inner.code === 'number' && Number.isInteger(inner.code) && inner.code >= 400 && inner.code <= 599
      ? inner.code
      : undefined;
  return { message: text(inner.message), type: text(inner.type), code: text(inner.code), status };
}

/**
 * Reading the answer failed because the connection broke: undici's `terminated`, Chromium's `network error`. The
 * SDKs pass this on as it is (they wrap only failures before the response).
 */
function isBrokenBody(error: unknown): error is TypeError {
  return error instanceof TypeError && /^(terminated|network error)$/i.test(error.message);
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
