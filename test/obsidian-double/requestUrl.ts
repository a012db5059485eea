import type { RequestUrlParam, RequestUrlResponse, RequestUrlResponsePromise } from 'obsidian';

/**
 * `requestUrl` over Node's `fetch`: a real HTTP request, so tests can point it at a local server. Like Obsidian's
 * it buffers the whole response, lower-cases header names, parses `json` on access, and rejects on status 400+
 * unless `throw: false` (with `status` and `headers` on the error). The mock answers every request with an empty 200.
 */
export function requestUrl(request: RequestUrlParam | string): RequestUrlResponsePromise {
  const params: RequestUrlParam = typeof request === 'string' ? { url: request } : request;
  const response = send(params);
  // The real promise carries lazy `text`/`json`/`arrayBuffer` promises; created on access so that an unread one
  // cannot become an unhandled rejection.
  return Object.defineProperties(response, {
    arrayBuffer: { get: () => response.then((r) => r.arrayBuffer) },
    json: { get: () => response.then((r): unknown => r.json) },
    text: { get: () => response.then((r) => r.text) },
  }) as RequestUrlResponsePromise;
}

async function send(params: RequestUrlParam): Promise<RequestUrlResponse> {
  const headers: Record<string, string> = { ...params.headers };
  if (params.contentType) headers['content-type'] = params.contentType;
  // The double stands in for requestUrl itself, so it has to use fetch.
  const reply = await globalThis.fetch(params.url, { method: params.method ?? 'GET', headers, body: params.body });
  const arrayBuffer = await reply.arrayBuffer();
  const text = new TextDecoder().decode(arrayBuffer);
  const responseHeaders: Record<string, string> = {};
  reply.headers.forEach((value, name) => {
    responseHeaders[name.toLowerCase()] = value;
  });
  if (reply.status >= 400 && params.throw !== false) {
    throw Object.assign(new Error(`Request failed, status ${reply.status}`), {
      status: reply.status,
      headers: responseHeaders,
    });
  }
  return {
    status: reply.status,
    headers: responseHeaders,
    arrayBuffer,
    text,
    get json(): unknown {
      return JSON.parse(text) as unknown;
    },
  };
}
