import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestUrl } from 'obsidian';
import { ObsidianHttp } from '../../src/obsidian/ObsidianHttp';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const status = request.url === '/limited' ? 429 : 200;
      response.writeHead(status, { 'Content-Type': 'application/json', 'Retry-After': '2' });
      response.end(JSON.stringify({ method: request.method, body, auth: request.headers['authorization'] ?? null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('ObsidianHttp', () => {
  it('should send method, headers and body through requestUrl and return status, headers and text', async () => {
    const http = new ObsidianHttp(requestUrl);
    const response = await http.request({ url: `${base}/v1`, method: 'POST', headers: { Authorization: 'Bearer k' }, body: '{"q":1}' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(JSON.parse(response.text)).toEqual({ method: 'POST', body: '{"q":1}', auth: 'Bearer k' });
  });

  it('should resolve for an error status instead of rejecting', async () => {
    const response = await new ObsidianHttp(requestUrl).request({ url: `${base}/limited` });
    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toBe('2');
  });

  it('should fail with NETWORK naming the request when no response arrives', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise((resolve) => closed.close(resolve));
    await expect(new ObsidianHttp(requestUrl).request({ url })).rejects.toMatchObject({
      code: 'NETWORK',
      message: expect.stringContaining(`GET ${url} got no response`) as unknown,
    });
  });
});
