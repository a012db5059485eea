import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useWireServer } from '../builders/useWireServer';
import type { WireServer } from '../builders/wireServer';
import { anthropicCalls, anthropicText, type WireCall } from '../builders/wireScripts';
import { EXAMPLE_VAULT, exampleVaultCopy, readTree, removeTemporaryFolders, startSession } from './harness';

let server: WireServer;
useWireServer((started) => (server = started));
afterEach(() => removeTemporaryFolders());

const MESSAGES = '/v1/messages';
const call = (id: string, name: string, input: unknown): WireCall => ({ id, name, input });
const NOTE = '# Weekly review\n\nSunday evenings.\n';

/** Reading the inbox spends 60,000 prompt tokens (a long conversation, say); the note comes after the stop. */
function expensiveConversation(): void {
  server.reply(
    MESSAGES,
    anthropicCalls([call('toolu_1', 'vault.readFile', { path: 'Inbox.md' })], 'Reading your inbox.', {
      input: 60_000,
      output: 40,
    }),
    anthropicCalls(
      [call('toolu_2', 'vault.createFile', { path: 'Ideas/Weekly review.md', content: NOTE })],
      undefined,
      { input: 1_000, output: 30 },
    ),
    anthropicText('Created Ideas/Weekly review.md.', { input: 200, output: 10, cacheRead: 1_000 }),
  );
}

async function session(lines: string[], extraArgs: string[]) {
  const paths = await exampleVaultCopy();
  const argv = [
    '--vault',
    paths.vault,
    '--checkpoints',
    paths.checkpoints,
    '--mode',
    'agent',
    '--base-url',
    server.origin,
    ...extraArgs,
  ];
  return {
    paths,
    run: startSession({ argv, env: { ANTHROPIC_API_KEY: 'sk-ant-test' }, lines, modesFile: paths.modesFile }),
  };
}

describe('terminal runner: a spending limit per run', () => {
  it('should stop before the call past --max-tokens-per-run with the spent figures, and /continue from where it stopped', async () => {
    expensiveConversation();
    const { paths, run } = await session(
      ['Turn my inbox into notes', '/continue', 'y', '/revert', 'y', '/quit'],
      ['--max-tokens-per-run', '50000'],
    );
    expect(await run.code).toBe(0);
    const out = run.stdout();
    expect(out).toContain('Budget:      50,000 tokens per run');
    expect(out).toContain(
      'Stopped at the budget before the next model call: this run has used 60,040 tokens of the limit per run of 50,000 tokens (maxTokensPerRun)',
    );
    expect(out).toContain('This run spent 60,000 in · 40 out · estimated cost $0.1806.');
    expect(out).toContain('Type /continue to go on: continue with another 50,000 tokens.');
    expect(out).toContain('Tokens: 60,000 in · 40 out · estimated cost $0.1806 · 1 model call');
    expect(out).toContain('Continue with another 50,000 tokens…');
    expect(out).toContain('Created Ideas/Weekly review.md.');
    // The continued message: cached and uncached apart, then the conversation's total.
    expect(out).toContain(
      'Tokens: 2,200 in (1,200 uncached, 1,000 cached) · 40 out · estimated cost $0.0045 — conversation so far: 62,200 in (61,200 uncached, 1,000 cached) · 80 out · estimated cost $0.1851 · 2 model calls',
    );
    expect(out).toContain('Reverted');
    expect(await readTree(paths.vault)).toEqual(await readTree(EXAMPLE_VAULT));

    // It went on from the read's result: the second request ends with it, and no message was added.
    const bodies = server.bodies(MESSAGES);
    expect(bodies).toHaveLength(3);
    const second = bodies[1]!.messages as { role: string; content: { type: string }[] }[];
    expect(second.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(second.at(-1)!.content.map((block) => block.type)).toEqual(['tool_result']);
  });

  it("should take the limit from the vault's settings when no option gives one", async () => {
    expensiveConversation();
    const paths = await exampleVaultCopy();
    const plugin = join(paths.vault, '.obsidian', 'plugins', 'embedded-agent');
    await mkdir(plugin, { recursive: true });
    await writeFile(join(plugin, 'data.json'), JSON.stringify({ maxTokensPerRun: 50_000, maxCostPerDay: -3 }));
    const argv = [
      '--vault',
      paths.vault,
      '--checkpoints',
      paths.checkpoints,
      '--mode',
      'agent',
      '--base-url',
      server.origin,
    ];
    const run = startSession({
      argv,
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
      lines: ['Turn my inbox into notes', '/quit'],
      modesFile: paths.modesFile,
    });
    expect(await run.code).toBe(0);
    const out = run.stdout();
    expect(out).toContain('Setting "maxCostPerDay" must be between 0 and 100000, got -3; using 0');
    expect(out).toContain('Budget:      50,000 tokens per run');
    expect(out).toContain('(maxTokensPerRun)');
    expect(server.bodies(MESSAGES)).toHaveLength(1);
  });
});
