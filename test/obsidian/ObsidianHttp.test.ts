import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedServerBase, startLocalServer, type LocalServer } from '../builders/localServer';
import { requestUrl } from 'obsidian';
import { ObsidianHttp } from '../../src/obsidian/ObsidianHttp';

let server: LocalServer;
let base: string;

beforeAll(async () => {
  server = await startLocalServer((request, body, response) => {
    const status = request.url === '/limited' ? 429 : 200;
    response.writeHead(status, { 'Content-Type': 'application/json', 'Retry-After': '2' });
    response.end(JSON.stringify({ method: request.method, body, auth: request.headers['authorization'] ?? null }));
  });
  base = server.base;
});

afterAll(() => server.close());

describe('ObsidianHttp', () => {
  it('should send method, headers and body through requestUrl and return status, headers and text', async () => {
    const http = new ObsidianHttp(requestUrl);
    const response = await http.request({
      url: `${base}/v1`,
      method: 'POST',
      headers: { Authorization: 'Bearer k' },
      body: '{"q":1}',
    });
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
    const url = `${await closedServerBase()}/`;
    await expect(new ObsidianHttp(requestUrl).request({ url })).rejects.toMatchObject({
      code: 'NETWORK',
      message: expect.stringContaining(`GET ${url} got no response`) as unknown,
    });
  });
});
