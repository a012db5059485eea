import type { RequestUrlParam, RequestUrlResponse } from 'obsidian';

type Send = (request: RequestUrlParam) => Promise<RequestUrlResponse>;

// Statuses whose Response must not have a body (the Response constructor throws otherwise).
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
// Electron's network stack sets these itself and fails the request when they are given.
const DROPPED_HEADERS = new Set(['content-length', 'host', 'connection']);

/**
 * A `fetch` over Obsidian's `requestUrl`, for the providers' SDKs when they must not stream: `requestUrl` is
 * not bound by CORS (custom endpoints such as LM Studio), but it buffers the whole response and cannot be
 * aborted. `throw: false` turns every HTTP status into a Response, so the SDKs see 401/429/500 as they would
 * with `fetch`; a request that gets no answer rejects with a TypeError, as `fetch` does. An abort rejects at
 * once with an AbortError and the late answer is dropped. Takes `requestUrl` itself, so tests can pass the double.
 */
export function createRequestUrlFetch(
  send: Send,
): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const request = new Request(input, init);
    const signal = init?.signal ?? request.signal;
    throwIfAborted(signal);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      if (!DROPPED_HEADERS.has(name)) headers[name] = value;
    });
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const answer = send({
      url: request.url,
      method: request.method,
      headers,
      body: body && body.byteLength > 0 ? body : undefined,
      throw: false,
    });
    let response: RequestUrlResponse;
    try {
      response = await raceAbort(answer, signal);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new TypeError(
        `requestUrl ${request.method} ${request.url} failed: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    return new Response(NULL_BODY_STATUSES.has(response.status) ? null : response.arrayBuffer, {
      status: response.status,
      headers: Object.entries(response.headers),
    });
  };
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function throwIfAborted(signal: AbortSignal | null | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error && signal.reason.name === 'AbortError'
    ? signal.reason
    : new DOMException('The request was aborted', 'AbortError');
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
