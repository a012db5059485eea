import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  /** "http://127.0.0.1:<port>" */
  base: string;
  close(): Promise<void>;
}

/** A server on 127.0.0.1 and a free port that hands each request to `handle` with its whole body read. */
export async function startLocalServer(
  handle: (request: IncomingMessage, body: string, response: ServerResponse) => void,
): Promise<LocalServer> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => handle(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The base URL of a port on 127.0.0.1 that was just freed: a request there gets no response. */
export async function closedServerBase(): Promise<string> {
  const server = await startLocalServer((_request, _body, response) => response.end());
  await server.close();
  return server.base;
}
