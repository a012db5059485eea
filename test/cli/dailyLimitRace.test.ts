import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useWireServer } from '../builders/useWireServer';
import type { WireServer } from '../builders/wireServer';
import { anthropicCalls } from '../builders/wireScripts';
import { exampleVaultCopy, removeTemporaryFolders, waitFor } from './harness';
import { spawnRunner } from './runnerProcess';

let server: WireServer;
useWireServer((started) => (server = started));
afterEach(() => removeTemporaryFolders());

const MESSAGES = '/v1/messages';
const LIMIT = 60_000;
/** What each answer uses: less than any call reserves (its prompt's estimate and the runner's 4,096 output tokens). */
const PER_CALL = { input: 1_000, output: 4_000 };

interface LedgerLine {
  type: string;
  id: string;
  owner: string;
  tokens: number;
}

describe('the daily limit with two terminal runners started together on one vault', () => {
  it('should keep both runs together within the limit, and lose no line of the ledger they share', async () => {
    const paths = await exampleVaultCopy();
    // Every answer asks for one more step, so each run goes on until the budget stops it. The first two answers
    // wait until both runs have asked: both started before either spent anything.
    const bothAsked = waitFor(() => server.bodies(MESSAGES).length >= 2, 'both runs to ask the model', 60_000);
    const replies = Array.from({ length: 40 }, (_, n) =>
      anthropicCalls(
        [{ id: `toolu_${n}`, name: 'util.slugifyTitle', input: { title: `Idea ${n}` } }],
        undefined,
        PER_CALL,
      ),
    );
    server.reply(MESSAGES, ...replies.map((reply, n) => (n < 2 ? { ...reply, after: bothAsked } : reply)));
    const argv = [
      '--vault',
      paths.vault,
      '--checkpoints',
      paths.checkpoints,
      '--mode',
      'agent',
      '--base-url',
      server.origin,
      '--max-tokens-per-day',
      String(LIMIT),
    ];
    const env = { ANTHROPIC_API_KEY: 'sk-ant-test' };
    const runners = [0, 1].map(() =>
      spawnRunner(argv, ['Slugify ideas until you are stopped', '/quit'], env, paths.vault),
    );
    const ended = await Promise.all(runners.map((runner) => runner.exited));
    for (const { code, out } of ended) {
      expect(code, out).toBe(0);
      expect(out).toContain("Stopped at the budget before the next model call: today's runs have used");
    }

    // What the provider billed, both runs together: within the limit.
    const calls = server.bodies(MESSAGES).length;
    const billed = calls * (PER_CALL.input + PER_CALL.output);
    expect(billed).toBeLessThanOrEqual(LIMIT);

    const day = new Date();
    const name = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}.jsonl`;
    const text = await readFile(join(paths.vault, '.obsidian/plugins/embedded-agent/spending', name), 'utf8');
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as LedgerLine);
    const reserves = lines.filter((line) => line.type === 'reserve');
    const settles = lines.filter((line) => line.type === 'settle');
    // Every reservation settled exactly once: each call with what it used, each refusal at 0.
    expect(settles.map((line) => line.id).sort()).toEqual(reserves.map((line) => line.id).sort());
    expect(settles.filter((line) => line.tokens > 0)).toHaveLength(calls);
    expect(settles.reduce((sum, line) => sum + line.tokens, 0)).toBe(billed);
    // Both processes reserved: the lines name them as "<host>:<pid>".
    const pids = (line: LedgerLine): string => line.owner.slice(line.owner.lastIndexOf(':') + 1);
    expect([...new Set(reserves.map(pids))].sort()).toEqual(runners.map((runner) => String(runner.pid)).sort());
  }, 120_000);
});
