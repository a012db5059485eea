import { AgentError } from '../../core/errors';
import type { HttpPort, HttpRequest } from '../../core/ports/http';

/** One model a server offers. Context window and tool support only when known (server first, then the table). */
export interface ModelInfo {
  id: string;
  contextWindow?: number;
  /** Where the context window came from: the server's answer, or the known-models table. */
  contextSource?: 'server' | 'table';
  /** Whether the server says the model takes tools (Ollama's capabilities); absent when it does not say. */
  tools?: boolean;
}

/** What a listing needs: which API shape, where, and the key ('' for none). */
export interface ModelEndpoint {
  provider: 'anthropic' | 'openai' | 'openai-compatible';
  baseUrl: string;
  apiKey: string;
}

/**
 * GET or POST a JSON endpoint. Each failure names what to fix: no answer (server down, wrong host), 401/403 (key),
 * 404 (path), a non-JSON answer (a web page, not an API).
 */
export async function requestJson(
  http: HttpPort,
  request: HttpRequest,
  keyHint: string,
): Promise<{ status: number; body: unknown }> {
  let response;
  try {
    response = await http.request(request);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AgentError(
      'NETWORK',
      `No answer from ${request.url} (${reason}). Check that the server is running and the base URL's host and port.`,
    );
  }
  if (response.status === 401 || response.status === 403) {
    throw new AgentError('PROVIDER_AUTH', `${request.url} refused the API key (HTTP ${response.status}). ${keyHint}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    body = undefined;
  }
  if (response.status === 404) return { status: 404, body };
  if (response.status >= 400)
    throw new AgentError(
      'PROVIDER_ERROR',
      `${request.url} answered HTTP ${response.status}: ${response.text.slice(0, 200)}`,
    );
  if (body === undefined)
    throw new AgentError(
      'PROVIDER_ERROR',
      `${request.url} did not answer with JSON: the base URL may point at a web page, not the API.`,
    );
  return { status: response.status, body };
}

/** The error for a path the server does not have, with the base URL it expects. */
export function wrongPath(url: string, expected: string): AgentError {
  return new AgentError('NOT_FOUND', `${url} does not exist (HTTP 404): the base URL's path is wrong. ${expected}`);
}

export const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

export const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : undefined;

/** The base URL without trailing slashes. */
export const trimSlash = (url: string): string => url.trim().replace(/\/+$/, '');
