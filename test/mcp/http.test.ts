import { readFile } from 'node:fs/promises';
import { type IncomingMessage, request } from 'node:http';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalDecision, ApprovalPort } from '../../src/core/ports/approval';
import { removeTemporaryFolders } from '../cli/harness';
import { auditLines, textOf } from './harness';
import { forgetHttpServers, httpClient, serveHttp, stopHttpServers, TOKEN } from './httpHarness';

afterEach(async () => {
  await stopHttpServers();
  await removeTemporaryFolders();
});

const serve = serveHttp;
const client = httpClient;

/** A raw POST, for what no well-behaved client sends. */
function post(url: URL, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens the session's SSE stream (GET) and resolves with its response once the headers have come. */
function openStream(url: URL, sessionId: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        headers: {
          authorization: `Bearer ${TOKEN}`,
          accept: 'text/event-stream',
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-06-18',
        },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

function sessionIdOf(mcp: Client): string {
  const id = (mcp.transport as StreamableHTTPClientTransport | undefined)?.sessionId;
  if (id === undefined) throw new Error('the client has no session id');
  return id;
}

/** A raw POST within a session. */
function postIn(url: URL, sessionId: string, message: object): Promise<{ status: number; body: string }> {
  return post(
    url,
    { authorization: `Bearer ${TOKEN}`, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' },
    JSON.stringify({ jsonrpc: '2.0', ...message }),
  );
}

/** The message of a JSON-RPC error body. */
const errorOf = (body: string): string => (JSON.parse(body) as { error: { message: string } }).error.message;

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Waits until `check` holds, for at most two seconds. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 100 && !(await check()); tries++) await sleep(20);
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('the MCP server over Streamable HTTP', () => {
  it('should listen on 127.0.0.1 only', async () => {
    const { server } = await serve();
    expect(server.address.address).toBe('127.0.0.1');
  });

  it("should ask about a write on that call's own answer stream, so a client with no GET event stream can approve it", async () => {
    const { vault, url } = await serve();
    const mcp = await client(url, { accept: true, noEventStream: true });
    const written = await mcp.callTool({
      name: 'vault_createFile',
      arguments: { path: 'Ideas/Stream.md', content: 'asked on the call\n' },
    });
    expect(written.isError).toBeFalsy();
    expect(await readFile(join(vault, 'Ideas/Stream.md'), 'utf8')).toBe('asked on the call\n');
    await mcp.close();
  });

  it('should list tools, read, and write after the form in the client is accepted, each session a run of its own', async () => {
    const { vault, url, server } = await serve();
    const first = await client(url, { accept: true });
    expect((await first.listTools()).tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['vault_readFile', 'vault_createFile']),
    );
    expect(textOf(await first.callTool({ name: 'vault_readFile', arguments: { path: 'Inbox.md' } }))).toContain(
      'Things I jotted down this week.',
    );
    const written = await first.callTool({
      name: 'vault_createFile',
      arguments: { path: 'Ideas/Http.md', content: 'over http\n' },
    });
    expect(written.isError).toBeFalsy();
    expect(await readFile(join(vault, 'Ideas/Http.md'), 'utf8')).toBe('over http\n');
    const second = await client(url, { accept: false });
    expect(
      textOf(await second.callTool({ name: 'vault_createFile', arguments: { path: 'Ideas/No.md', content: 'x' } })),
    ).toMatch(
      /^Error DENIED: vault\.createFile was not approved: An MCP client \(reports itself as “http-client”\) answered decline \d+ ms after the form was sent, .*\. Nothing was changed\.$/,
    );
    expect(server.sessions()).toBe(2);
    await first.close();
    await second.close();
    await server.close();
    const lines = (await auditLines(vault)).filter((line) => line.tool === 'vault.createFile');
    expect(lines.map((line) => [line.ok, line.code])).toEqual([
      [true, null],
      [false, 'DENIED'],
    ]);
    expect(lines[0]?.runId).toMatch(/^mcp-/);
    expect(lines[1]?.runId).toMatch(/^mcp-/);
    expect(lines[0]?.runId).not.toBe(lines[1]?.runId);
  });

  it('should answer 401 to a missing or wrong token and run nothing', async () => {
    const { url, server } = await serve();
    const missing = await post(url, {}, INITIALIZE);
    expect(missing.status).toBe(401);
    expect(missing.body).toContain('Unauthorized: send the token as \\"Authorization: Bearer <token>\\"');
    expect((await post(url, { authorization: 'Bearer wrong' }, INITIALIZE)).status).toBe(401);
    await expect(client(url, { token: 'wrong' })).rejects.toThrow();
    expect(server.sessions()).toBe(0);
  });

  it('should answer 403 to a foreign Origin or Host, whatever the token', async () => {
    const { url, server } = await serve();
    const foreign = await post(url, { authorization: `Bearer ${TOKEN}`, origin: 'https://evil.example' }, INITIALIZE);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('requests from the origin \\"https://evil.example\\" are not served');
    expect(
      (
        await post(
          url,
          { authorization: `Bearer ${TOKEN}`, host: `rebound.example:${server.address.port}` },
          INITIALIZE,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await post(
          url,
          { authorization: `Bearer ${TOKEN}`, origin: `http://127.0.0.1:${server.address.port}` },
          INITIALIZE,
        )
      ).status,
    ).toBe(200);
  });

  it('should answer 413 to a body over the limit, and 429 past the rate', async () => {
    const { url } = await serve({ maxBodyBytes: 1000, maxRequests: 3 });
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { padding: 'x'.repeat(2000) } });
    expect((await post(url, { authorization: `Bearer ${TOKEN}` }, big)).status).toBe(413);
    await post(url, { authorization: `Bearer ${TOKEN}` }, INITIALIZE);
    await post(url, { authorization: `Bearer ${TOKEN}` }, INITIALIZE);
    const limited = await post(url, { authorization: `Bearer ${TOKEN}` }, INITIALIZE);
    expect(limited.status).toBe(429);
    expect(limited.body).toContain('Too many requests: at most 3 in 10 s');
  });

  it('should refuse a session past the cap of its token or of the server with a 503 that names the cap and how to free a place', async () => {
    const { url, server } = await serve({ token: ['token-a', 'token-b'], maxSessionsPerToken: 2, maxSessions: 3 });
    const first = await client(url, { token: 'token-a' });
    await client(url, { token: 'token-a' });
    const free =
      'To free a place, close a client you no longer use (ending its session, as a DELETE does), or wait until one ends by itself after 30 minutes without a request';
    const perToken = await post(url, { authorization: 'Bearer token-a' }, INITIALIZE);
    expect(perToken.status).toBe(503);
    expect(errorOf(perToken.body)).toBe(
      `Too many MCP sessions: this token holds 2 open, the most one token may (2; 3 in all). ${free}`,
    );
    await expect(client(url, { token: 'token-a' })).rejects.toThrow(
      /Error POSTing to endpoint: .*Too many MCP sessions: this token holds 2 open/,
    );
    await client(url, { token: 'token-b' });
    const inAll = await post(url, { authorization: 'Bearer token-b' }, INITIALIZE);
    expect([inAll.status, errorOf(inAll.body)]).toEqual([
      503,
      `Too many MCP sessions: 3 are open, the most this server holds (3 in all; 2 per token). ${free}`,
    ]);
    expect(server.sessions()).toBe(3);
    // A client that ends its session frees its place.
    await (first.transport as StreamableHTTPClientTransport).terminateSession();
    await first.close();
    expect((await (await client(url, { token: 'token-a' })).listTools()).tools.length).toBeGreaterThan(0);
    expect(server.sessions()).toBe(3);
  });

  it('should start no session, nor its run, for an initialize the transport refuses', async () => {
    const { url, server, outsides } = await serve({ maxSessionsPerToken: 1 });
    const refused = await post(url, { authorization: `Bearer ${TOKEN}`, accept: 'application/json' }, INITIALIZE);
    expect(refused.status).toBe(406);
    expect(errorOf(refused.body)).toBe(
      'Not Acceptable: Client must accept both application/json and text/event-stream',
    );
    expect(outsides).toHaveLength(0);
    expect(server.sessions()).toBe(0);
    // It held no place either: the one place of this token is free.
    expect((await (await client(url)).listTools()).tools.length).toBeGreaterThan(0);
    expect(outsides).toHaveLength(1);
  });

  it("should open the session's SSE stream at once, and let the client open it again once it hung up", async () => {
    const { url } = await serve();
    const initialized = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${TOKEN}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
        },
        resolve,
      );
      req.on('error', reject);
      req.end(INITIALIZE);
    });
    initialized.resume();
    const sessionId = initialized.headers['mcp-session-id'] as string;
    const first = await openStream(url, sessionId);
    expect([first.statusCode, first.headers['content-type']]).toEqual([200, 'text/event-stream']);
    // The transport allows one such stream per session: a second is refused (409) until the first is cancelled.
    expect((await openStream(url, sessionId)).statusCode).toBe(409);
    first.destroy();
    // The server learns of the hang-up a moment later, from its socket.
    const statuses: (number | undefined)[] = [];
    for (let tries = 0; tries < 50 && statuses.at(-1) !== 200; tries++) {
      await new Promise((done) => setTimeout(done, 20));
      const again = await openStream(url, sessionId);
      again.destroy();
      statuses.push(again.statusCode);
    }
    expect(statuses.at(-1)).toBe(200);
  });

  it('should stop listening once closed, ending its sessions', async () => {
    const { url, server } = await serve();
    await client(url, { accept: true });
    await server.close();
    forgetHttpServers();
    await expect(post(url, { authorization: `Bearer ${TOKEN}` }, INITIALIZE)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('should end a session idle past the timeout as a DELETE would, its run ended, and tell its id why it is gone', async () => {
    const approved: ApprovalPort = { request: () => Promise.resolve({ approved: true, scope: 'once' }) };
    const { server, url, runtime, outsides, logs } = await serve({ idleTimeoutMs: 200, approval: approved });
    // A client that writes, then goes away without a DELETE.
    const mcp = await client(url, { noEventStream: true });
    expect(
      (await mcp.callTool({ name: 'vault_createFile', arguments: { path: 'Ideas/Idle.md', content: 'left open\n' } }))
        .isError,
    ).toBeFalsy();
    const id = sessionIdOf(mcp);
    const runId = outsides[0]?.runId;
    expect(server.sessions()).toBe(1);
    // An open run is not what "Revert last run" undoes; an ended one is.
    expect((await runtime.services.lastRun())?.runId).not.toBe(runId);
    await until(() => server.sessions() === 0);
    expect(server.sessions()).toBe(0);
    await until(async () => (await runtime.services.lastRun())?.runId === runId);
    expect((await runtime.services.lastRun())?.runId).toBe(runId);
    expect((await outsides[0]!.call('vault_readFile', { path: 'Inbox.md' })).text).toBe(
      'vault_readFile was not run: the session has ended',
    );
    expect(logs).toEqual([
      `MCP over HTTP: the session of An MCP client (reports itself as “http-client”) (run ${runId}) ended after 0.2 seconds without a request`,
    ]);
    const again = await postIn(url, id, { id: 2, method: 'tools/list' });
    expect(again.status).toBe(404);
    expect(JSON.parse(again.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message: `Not found: the MCP session "${id}" ended after 0.2 seconds without a request; initialize a new one`,
      },
    });
  });

  it('should keep a session whose client keeps making requests, or holds its event stream open', async () => {
    const { server, url } = await serve({ idleTimeoutMs: 400 });
    const busy = await client(url, { noEventStream: true });
    const streaming = await client(url);
    for (let n = 0; n < 12; n++) {
      await sleep(100);
      expect((await busy.listTools()).tools.length).toBeGreaterThan(0);
    }
    expect(server.sessions()).toBe(2);
    // Once the busy client stops, only the streaming one stays.
    await until(() => server.sessions() === 1);
    expect(server.sessions()).toBe(1);
    expect((await streaming.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('should end a session whose client dropped the connection of a write waiting for approval, refusing it: its answer could reach nobody', async () => {
    const held = heldApproval();
    const { server, url, vault, runtime, outsides } = await serve({ idleTimeoutMs: 60_000, approval: held.port });
    const mcp = await client(url, { noEventStream: true });
    // The call's own request is dropped once the approval is asked: a client that timed out, or was stopped.
    const call = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionIdOf(mcp),
        'mcp-protocol-version': '2025-06-18',
      },
    });
    call.on('error', () => undefined);
    call.end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'vault_createFile', arguments: { path: 'Ideas/Held.md', content: 'approved late\n' } },
      }),
    );
    await held.asked;
    call.destroy();
    // Long before the idle timeout: the dropped connection is what ends it.
    await until(() => server.sessions() === 0);
    held.answer({ approved: true, scope: 'once' });
    await sleep(100);
    await expect(readFile(join(vault, 'Ideas/Held.md'), 'utf8')).rejects.toThrow(/ENOENT/);
    expect(outsides[0]?.busy()).toBe(false);
    expect((await runtime.services.lastRun())?.runId).not.toBe(outsides[0]?.runId);
    const again = await postIn(url, sessionIdOf(mcp), { id: 2, method: 'tools/list' });
    expect(again.status).toBe(404);
    expect(again.body).toContain('ended when its client closed the connection of a call still waiting for its answer');
  });
});

/** An approval asked outside the client (as the plugin's chat panel asks), answered when the test says. */
function heldApproval(): { port: ApprovalPort; asked: Promise<void>; answer: (decision: ApprovalDecision) => void } {
  let wasAsked = (): void => undefined;
  const asked = new Promise<void>((resolve) => (wasAsked = resolve));
  let answer: (decision: ApprovalDecision) => void = () => undefined;
  const port: ApprovalPort = {
    request: () => {
      wasAsked();
      return new Promise((resolve) => (answer = resolve));
    },
  };
  return { port, asked, answer: (decision) => answer(decision) };
}
