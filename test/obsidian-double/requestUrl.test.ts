import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../builders/localServer';
import { requestUrl } from 'obsidian';

let server: LocalServer;
let base: string;

beforeAll(async () => {
  server = await startLocalServer((request, body, response) => {
    const status = request.url === '/missing' ? 404 : 200;
    response.writeHead(status, { 'Content-Type': 'application/json', 'X-Custom': 'yes' });
    response.end(JSON.stringify({ method: request.method, body, type: request.headers['content-type'] ?? null }));
  });
  base = server.base;
});

afterAll(() => server.close());

describe('obsidian double: requestUrl', () => {
  it('should send the request and buffer the whole response, header names in lower case', async () => {
    const response = await requestUrl({ url: `${base}/echo`, method: 'POST', body: 'hi', contentType: 'text/plain' });
    expect(response.status).toBe(200);
    expect(response.headers['x-custom']).toBe('yes');
    expect(response.json).toEqual({ method: 'POST', body: 'hi', type: 'text/plain' });
    expect(new TextDecoder().decode(response.arrayBuffer)).toBe(response.text);
  });

  it('should reject on status 400 and above unless throw is false', async () => {
    await expect(requestUrl(`${base}/missing`)).rejects.toMatchObject({
      message: 'Request failed, status 404',
      status: 404,
    });
    expect((await requestUrl({ url: `${base}/missing`, throw: false })).status).toBe(404);
  });

  it('should offer the text as a promise on the returned promise', async () => {
    expect(await requestUrl(`${base}/echo`).text).toContain('"method":"GET"');
  });
});
