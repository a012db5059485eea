import { requestUrl } from 'obsidian';
import type { RequestUrlParam, RequestUrlResponse } from 'obsidian';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedServerBase, startLocalServer, type LocalServer } from '../builders/localServer';
import { createRequestUrlFetch } from '../../src/obsidian/requestUrlFetch';

let server: LocalServer;
let base: string;

beforeAll(async () => {
  server = await startLocalServer((request, body, response) => {
    if (request.url === '/empty') {
      response.writeHead(204);
      response.end();
      return;
    }
    const status = request.url === '/limited' ? 429 : 200;
    response.writeHead(status, { 'content-type': 'application/json', 'retry-after': '2', 'request-id': 'req_1' });
    response.end(
      JSON.stringify({
        method: request.method,
        body,
        type: request.headers['content-type'] ?? null,
        auth: request.headers.authorization ?? null,
      }),
    );
  });
  base = server.base;
});

afterAll(() => server.close());

describe('createRequestUrlFetch', () => {
  const fetchOverRequestUrl = createRequestUrlFetch(requestUrl);

  it('should send method, headers and body through requestUrl and return a Response', async () => {
    const response = await fetchOverRequestUrl(`${base}/v1/messages`, {
      method: 'POST',
      headers: { Authorization: 'Bearer k', 'Content-Type': 'application/json' },
      body: '{"q":1}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('request-id')).toBe('req_1');
    expect(await response.json()).toEqual({
      method: 'POST',
      body: '{"q":1}',
      type: 'application/json',
      auth: 'Bearer k',
    });
  });

  it('should resolve an error status as a Response instead of rejecting (throw: false)', async () => {
    const response = await fetchOverRequestUrl(`${base}/limited`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
  });

  it('should give a 204 an empty body', async () => {
    const response = await fetchOverRequestUrl(`${base}/empty`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('should pass throw: false and leave out headers Electron sets itself', async () => {
    const seen: RequestUrlParam[] = [];
    const spy = (request: RequestUrlParam): Promise<RequestUrlResponse> => {
      seen.push(request);
      return requestUrl(request);
    };
    await createRequestUrlFetch(spy)(
      new Request(`${base}/x`, { method: 'POST', headers: { 'content-length': '2', 'x-a': '1' }, body: '{}' }),
    );
    expect(seen[0]).toMatchObject({
      url: `${base}/x`,
      method: 'POST',
      throw: false,
      headers: { 'x-a': '1', 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(seen[0]?.headers).not.toHaveProperty('content-length');
    expect(new TextDecoder().decode(seen[0]?.body as ArrayBuffer)).toBe('{}');
  });

  it('should reject like fetch, with a TypeError naming the request, when no answer comes', async () => {
    const url = `${await closedServerBase()}/v1`;
    await expect(fetchOverRequestUrl(url, { method: 'POST', body: '{}' })).rejects.toThrow(
      new TypeError(`requestUrl POST ${url} failed: fetch failed`),
    );
  });

  it('should reject with an AbortError as soon as the signal aborts, without waiting for the answer', async () => {
    const never = (): Promise<RequestUrlResponse> => new Promise<RequestUrlResponse>(() => undefined);
    const controller = new AbortController();
    const pending = createRequestUrlFetch(never)(`${base}/x`, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('should not send a request when the signal has already aborted', async () => {
    let sent = 0;
    const counting = (request: RequestUrlParam): Promise<RequestUrlResponse> => {
      sent += 1;
      return requestUrl(request);
    };
    const controller = new AbortController();
    controller.abort();
    await expect(createRequestUrlFetch(counting)(`${base}/x`, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(sent).toBe(0);
  });
});
