import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A local server that speaks both providers' wire formats — `/v1/messages` (Anthropic) and `/v1/chat/completions`
 * (OpenAI) — and answers with scripted replies, in order, per path. It binds 127.0.0.1 only and records every
 * request (path, headers, JSON body) so tests can assert on what the SDKs sent. Free of vitest, so the bench runs it
 * too; test files start one with `useWireServer` (./useWireServer.ts).
 */

/** The recorded provider streams kept in the repository (provenance in test/fixtures/provider-streams/README.md). */
// From the path, not `new URL(…)`: under happy-dom the global URL is the DOM's, which refuses file: URLs here.
export const STREAMS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/provider-streams');

/** A recorded SSE body from the fixture streams, verbatim (`quirks/…` for the local-server shapes). */
export function recordedStream(name: string): string {
  return readFileSync(resolve(STREAMS_DIR, name), 'utf8');
}

/** The chat paths, plus the model listings (`/v1/models` for both APIs, Ollama's `/api/tags` and `/api/show`). */
const WIRE_PATHS = ['/v1/messages', '/v1/chat/completions', '/v1/models', '/api/tags', '/api/show'] as const;
export type WirePath = (typeof WIRE_PATHS)[number];

export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  /** An SSE body, sent as `text/event-stream`. */
  sse?: string;
  /** A JSON body. */
  json?: unknown;
  /** Send the SSE body in pieces of this many bytes, to exercise the SDKs' line splitting. */
  chunkSize?: number;
  /** After the body, keep the connection open without ending it (for abort tests). */
  hang?: boolean;
  /** Drop the connection without any answer. */
  destroy?: boolean;
  /** After the body, drop the connection without ending the response (it breaks in the middle of the stream). */
  drop?: boolean;
  /** Answer only once this resolves: holds the client (another process, say) at a point the test chooses. */
  after?: Promise<unknown>;
}

export interface RecordedRequest {
  path: string;
  /** The query string without `?` ('' when none): pagination parameters. */
  query: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** Size of the body as received, in bytes. */
  bytes: number;
}

export class WireServer {
  readonly requests: RecordedRequest[] = [];
  /**
   * Answer CORS preflights and allow any origin, as a local server set up for Obsidian does. For happy-dom tests,
   * whose fetch (behind the requestUrl double and window.fetch) applies CORS; off, every reply is as recorded.
   */
  cors = false;
  private readonly server: Server;
  private readonly queues = new Map<string, ScriptedReply[]>();
  private readonly open = new Set<ServerResponse>();

  private constructor(server: Server) {
    this.server = server;
  }

  static async start(): Promise<WireServer> {
    const server = createServer();
    const wire = new WireServer(server);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => void wire.handle(request, response));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return wire;
  }

  /** `http://127.0.0.1:<port>`: the Anthropic SDK's base URL (it adds `/v1/messages`). */
  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** `http://127.0.0.1:<port>/v1`: the openai SDK's base URL (it adds `/chat/completions`). */
  get openAiBaseUrl(): string {
    return `${this.origin}/v1`;
  }

  /** Queues replies for `path`, answered one per request in order. */
  reply(path: WirePath, ...replies: ScriptedReply[]): this {
    this.queues.set(path, [...(this.queues.get(path) ?? []), ...replies]);
    return this;
  }

  /** Forgets recorded requests and unanswered replies (between tests). */
  reset(): void {
    this.requests.length = 0;
    this.queues.clear();
    for (const response of this.open) response.destroy();
    this.open.clear();
  }

  /** Requests received on `path`, with their JSON bodies. */
  bodies(path: WirePath): Record<string, unknown>[] {
    return this.requests
      .filter((request) => request.path === path)
      .map((request) => request.body as Record<string, unknown>);
  }

  async close(): Promise<void> {
    for (const response of this.open) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((done, fail) => this.server.close((error) => (error ? fail(error) : done())));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const text = raw.toString('utf8');
    let body: unknown = text;
    try {
      body = text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      // Kept as text: the test sees what arrived.
    }
    if (this.cors) {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', '*');
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { 'access-control-allow-methods': 'GET, POST' }).end();
        return;
      }
    }
    const [path = '/', query = ''] = (request.url ?? '/').split('?');
    this.requests.push({
      path,
      query,
      method: request.method ?? 'GET',
      headers: request.headers,
      body,
      bytes: raw.length,
    });
    const reply = this.queues.get(path)?.shift();
    if (!reply && !(WIRE_PATHS as readonly string[]).includes(path)) {
      // A path no provider has: 404, as a real server answers a base URL with the wrong path.
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: `404 page not found: ${path}` }));
      return;
    }
    if (!reply) {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: { type: 'api_error', message: `wire server: no scripted reply for ${request.method} ${path}` },
        }),
      );
      return;
    }
    if (reply.destroy) {
      request.socket.destroy();
      return;
    }
    if (reply.after) await reply.after;
    const status = reply.status ?? 200;
    if (reply.sse !== undefined) {
      response.writeHead(status, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        ...reply.headers,
      });
      await this.writeInPieces(response, reply.sse, reply.chunkSize);
    } else {
      response.writeHead(status, { 'content-type': 'application/json', ...reply.headers });
      if (reply.json !== undefined) response.write(JSON.stringify(reply.json));
    }
    if (reply.hang) {
      this.open.add(response);
      return;
    }
    if (reply.drop) {
      // Once what was written has gone out.
      response.write('', () => request.socket.destroy());
      return;
    }
    response.end();
  }

  private async writeInPieces(response: ServerResponse, text: string, chunkSize: number | undefined): Promise<void> {
    if (!chunkSize) {
      response.write(text);
      return;
    }
    const bytes = Buffer.from(text, 'utf8');
    for (let at = 0; at < bytes.length; at += chunkSize) {
      response.write(bytes.subarray(at, at + chunkSize));
      await new Promise((done) => setImmediate(done));
    }
  }
}

/** SSE text from events: `event:` lines for Anthropic's named events, plain `data:` lines otherwise. */
export function sse(events: readonly ({ event?: string; data: unknown } | string)[]): string {
  return events
    .map((item) => {
      if (typeof item === 'string') return `data: ${item}\n\n`;
      const data = typeof item.data === 'string' ? item.data : JSON.stringify(item.data);
      return `${item.event ? `event: ${item.event}\n` : ''}data: ${data}\n\n`;
    })
    .join('');
}

/** An Anthropic error body, in the API's shape. */
export function anthropicError(type: string, message: string): unknown {
  return { type: 'error', error: { type, message } };
}

/** An OpenAI error body, in the API's shape. */
export function openAiError(
  message: string,
  type: string,
  code: string | null = null,
  param: string | null = null,
): unknown {
  return { error: { message, type, param, code } };
}

/** A chat completion chunk, for streams the recordings do not cover. */
export function chunk(
  delta: Record<string, unknown>,
  finishReason: string | null = null,
  extra: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...extra,
  });
}
