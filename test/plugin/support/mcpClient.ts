import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The SDK's Client over Streamable HTTP, run in a worker thread (see mcpClientWorker.mjs for why). */
export interface WorkerClient {
  listTools(): Promise<string[]>;
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Ends the MCP session (HTTP DELETE), as a client that quits cleanly does. */
  disconnect(): Promise<void>;
  close(): Promise<void>;
}

export async function connectWorkerClient(
  url: URL,
  token: string,
  client: { name: string; title?: string } = { name: 'claude-code', title: 'Claude Code' },
): Promise<WorkerClient> {
  const worker = new Worker(join(dirname(fileURLToPath(import.meta.url)), 'mcpClientWorker.mjs'));
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  worker.on('message', ({ id, value, error }: { id: number; value?: unknown; error?: string }) => {
    const call = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) call?.reject(new Error(error));
    else call?.resolve(value);
  });
  const send = <T>(op: string, params: unknown = {}): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, op, params });
    });
  try {
    await send('connect', { url: url.href, token, ...client });
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    listTools: () => send<string[]>('listTools'),
    callTool: (name, args) => send<CallToolResult>('callTool', { name, args }),
    disconnect: () => send<void>('disconnect'),
    close: async () => {
      // A client whose server went away may wait on its connection: give it a moment, then end the thread.
      await Promise.race([send('close').catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000))]);
      await worker.terminate();
    },
  };
}
