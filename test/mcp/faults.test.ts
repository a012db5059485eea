import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exampleVaultCopy, removeTemporaryFolders, waitFor } from '../cli/harness';
import { auditLines, connect, textOf } from './harness';

afterEach(async () => {
  await removeTemporaryFolders();
});

beforeAll(async () => {
  // The first start bundles the runner when a source changed.
  const { vault, checkpoints } = await exampleVaultCopy();
  await (await connect({ vault, checkpoints })).client.close();
}, 60_000);

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('npm start -- mcp under faults', () => {
  it('should refuse the write and write nothing when the client disconnects while its approval form is open', async () => {
    const { vault, checkpoints } = await exampleVaultCopy();
    let asked = false;
    const connected = await connect({
      vault,
      checkpoints,
      args: ['--mode', 'agent'],
      answer: () => {
        asked = true;
        return new Promise<never>(() => undefined);
      },
    });
    const call = connected.client
      .callTool({ name: 'vault_createFile', arguments: { path: 'Ideas/Never.md', content: 'x' } })
      .catch((error: unknown) => error);
    await waitFor(() => asked, 'the approval form');
    const closing = Date.now();
    await connected.client.close();
    // The server ended on its own once its input closed, well before the SDK's 2 s wait for a kill.
    expect(Date.now() - closing).toBeLessThan(1900);
    // The refusal may still reach the client before its side closes; either way it is no success.
    const outcome = await call;
    if (!(outcome instanceof Error))
      expect(textOf(outcome)).toBe(
        'Error DENIED: vault.createFile was not approved: An MCP client (reports itself as “test-client”) disconnected before anyone answered. Nothing was changed.',
      );
    expect(await exists(join(vault, 'Ideas/Never.md'))).toBe(false);
    expect((await auditLines(vault)).map((line) => [line.tool, line.ok, line.code, line.approval])).toEqual([
      ['vault.createFile', false, 'DENIED', 'denied'],
    ]);
    expect(connected.stderr()).toContain('An MCP client (reports itself as “test-client”) disconnected; run mcp-');
  });

  it('should answer a malformed frame with a JSON-RPC error and keep serving', async () => {
    const { vault, checkpoints } = await exampleVaultCopy();
    const child = spawn(
      process.execPath,
      ['scripts/start-cli.mjs', 'mcp', '--vault', vault, '--checkpoints', checkpoints],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const replies: Record<string, unknown>[] = [];
    createInterface({ input: child.stdout }).on('line', (line) =>
      replies.push(JSON.parse(line) as Record<string, unknown>),
    );
    const send = (line: string): void => void child.stdin.write(`${line}\n`);
    send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    );
    await waitFor(() => replies.length === 1, 'the initialize result');
    send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    send('{"jsonrpc": "2.0", "id": 2, "method": ');
    send(JSON.stringify({ jsonrpc: '2.0', id: 3 }));
    send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 'vault_readFile', arguments: { path: 'Inbox.md' } },
      }),
    );
    await waitFor(() => replies.length === 4, 'three more replies');
    expect(replies[1]).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32700,
        message: expect.stringMatching(
          /^Parse error: the line is not JSON \(.+\); send one JSON-RPC message per line$/,
        ) as unknown,
      },
    });
    expect(replies[2]).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: expect.stringContaining('Invalid Request: the line is JSON but not a JSON-RPC 2.0 request') as unknown,
      },
    });
    expect(replies[3]).toMatchObject({ id: 4 });
    expect(textOf(replies[3]?.result)).toContain('Things I jotted down this week.');
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.stdin.end();
    expect(await exited).toBe(0);
  });

  it('should give two clients at once a run each', async () => {
    const { vault, checkpoints } = await exampleVaultCopy();
    const first = await connect({ vault, checkpoints, args: ['--mode', 'agent', '--approval', 'client'] });
    const second = await connect({ vault, checkpoints, args: ['--mode', 'agent', '--approval', 'client'] });
    const results = await Promise.all([
      first.client.callTool({ name: 'vault_createFile', arguments: { path: 'Ideas/One.md', content: '1' } }),
      second.client.callTool({ name: 'vault_createFile', arguments: { path: 'Ideas/Two.md', content: '2' } }),
    ]);
    expect(results.map((result) => result.isError ?? false)).toEqual([false, false]);
    await Promise.all([first.client.close(), second.client.close()]);
    const runs = new Set((await auditLines(vault)).map((line) => line.runId));
    expect(runs.size).toBe(2);
    for (const run of runs) expect(run).toMatch(/^mcp-/);
  });
});
