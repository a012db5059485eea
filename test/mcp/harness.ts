import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { exampleVaultCopy } from '../cli/harness';

export const PLUGIN_FOLDER = join('.obsidian', 'plugins', 'embedded-agent');

export interface Connected {
  client: Client;
  transport: StdioClientTransport;
  /** What the server wrote to stderr so far: every line meant for a person. */
  stderr: () => string;
  /** The approval forms the client was shown. */
  forms: ElicitRequest['params'][];
  /** Every message that reached the client since it connected, as its transport received it. */
  received: JSONRPCMessage[];
}

/**
 * Records every message `transport` hands to the client, below the SDK's own handlers (which drop some, such as a
 * cancel of a request they no longer know). Call it after `client.connect`, which sets the transport's `onmessage`.
 */
export function recordReceived(transport: Transport): JSONRPCMessage[] {
  const received: JSONRPCMessage[] = [];
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    received.push(message);
    deliver?.(message, extra);
  };
  return received;
}

/**
 * The SDK's own Client over stdio, spawning what `npm start -- mcp …` runs (`node scripts/start-cli.mjs mcp …`, the
 * bundled runner). With `answer`, the client declares form elicitation and answers each form with it.
 */
export async function connect(options: {
  vault: string;
  checkpoints: string;
  args?: string[];
  /** Answers a form; `withdrawn` aborts when the server takes the question back (the call was cancelled). */
  answer?: (form: ElicitRequest['params'], withdrawn: AbortSignal) => Promise<ElicitResult> | ElicitResult;
  /** How the client introduces itself (`initialize`'s clientInfo); "test-client" by default. */
  clientInfo?: { name: string; title?: string; version: string };
}): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      'scripts/start-cli.mjs',
      'mcp',
      '--vault',
      options.vault,
      '--checkpoints',
      options.checkpoints,
      ...(options.args ?? []),
    ],
    cwd: process.cwd(),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const forms: ElicitRequest['params'][] = [];
  const client = new Client(options.clientInfo ?? { name: 'test-client', version: '1.0.0' }, {
    capabilities: options.answer ? { elicitation: { form: {} } } : {},
  });
  const answer = options.answer;
  if (answer) {
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
      forms.push(request.params);
      return answer(request.params, extra.signal);
    });
  }
  await client.connect(transport);
  return { client, transport, stderr: () => stderr, forms, received: recordReceived(transport) };
}

/** The text of a tool result's first content block. */
export function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.find((block) => block.type === 'text')?.text ?? '';
}

/** Every audit line the vault's plugin folder holds, in order. */
export interface AuditLine {
  runId: string;
  tool: string;
  ok: boolean;
  code: string | null;
  approval: string;
  checkpoint?: string;
}

export async function auditLines(vault: string): Promise<AuditLine[]> {
  const folder = join(vault, PLUGIN_FOLDER, 'audit');
  const days = (await readdir(folder).catch(() => [] as string[]))
    .filter((name) => /^\d{4}-\d{2}-\d{2}\.jsonl$/.test(name))
    .sort();
  const lines: AuditLine[] = [];
  for (const day of days) {
    for (const line of (await readFile(join(folder, day), 'utf8')).split('\n'))
      if (line.trim()) lines.push(JSON.parse(line) as AuditLine);
  }
  return lines;
}

/**
 * Starts the stdio server once and closes it, for a file's `beforeAll`: the first start bundles the runner (a few
 * seconds), and every start after it takes a fraction of a second, so no test's own timing pays for the build.
 */
export async function warmUpRunner(): Promise<void> {
  const { vault, checkpoints } = await exampleVaultCopy();
  await (await connect({ vault, checkpoints })).client.close();
}
