import type { RequestUrlParam, RequestUrlResponse, requestUrl } from 'obsidian';
import { AgentError, describeError } from '../core/errors';
import type { HttpPort, HttpRequest, HttpResponse } from '../core/ports/http';

/**
 * HTTP through Obsidian's `requestUrl` (no CORS limits; whole responses only, no streaming or abort). `throw:
 * false` makes every status a response; only a request that got no answer rejects, as `NETWORK`. Takes the
 * function itself, so tests can pass a fake.
 */
export class ObsidianHttp implements HttpPort {
  private readonly send: (request: RequestUrlParam) => Promise<RequestUrlResponse>;

  constructor(send: typeof requestUrl) {
    this.send = send;
  }

  async request(request: HttpRequest): Promise<HttpResponse> {
    const method = request.method ?? 'GET';
    let response: RequestUrlResponse;
    try {
      response = await this.send({
        url: request.url,
        method,
        headers: request.headers,
        body: request.body,
        throw: false,
      });
    } catch (error) {
      throw new AgentError('NETWORK', `${method} ${request.url} got no response: ${describeError(error)}`, {
        url: request.url,
      });
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) headers[name.toLowerCase()] = value;
    return { status: response.status, headers, text: response.text };
  }
}
