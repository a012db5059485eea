import type { HttpPort, HttpRequest, HttpResponse } from '../core/ports/http';

/** The HTTP port over Node's `fetch` (the plugin list for plugins.search): resolves for every status, as the port says. */
export class FetchHttp implements HttpPort {
  // Outside Obsidian there is no requestUrl, and Node's fetch has no CORS limits to get around.
  constructor(private readonly fetchImpl: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init)) {}

  async request(request: HttpRequest): Promise<HttpResponse> {
    const response = await this.fetchImpl(request.url, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      headers[key] = value;
    });
    return { status: response.status, headers, text: await response.text() };
  }
}
