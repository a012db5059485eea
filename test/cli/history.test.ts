import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryMessage } from '../../src/core/ports/llm';
import { ScriptedModel, textReply } from '../builders/scriptedModel';
import { exampleVaultCopy, removeTemporaryFolders, startSession } from './harness';

afterEach(() => removeTemporaryFolders());

const textOf = (message: HistoryMessage): string => ('text' in message ? message.text : '');

type Paths = Awaited<ReturnType<typeof exampleVaultCopy>>;

async function session(
  paths: Paths,
  lines: string[],
  model: ScriptedModel,
  extraArgs: string[] = [],
): Promise<{ code: number; out: string }> {
  const run = startSession({
    argv: ['--vault', paths.vault, '--checkpoints', paths.checkpoints, '--provider', 'anthropic', ...extraArgs],
    env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
    lines,
    modesFile: paths.modesFile,
    createLlm: () => model,
  });
  return { code: await run.code, out: run.stdout() };
}

describe('terminal runner: saved conversations', () => {
  it('should list a finished conversation with /history and continue it with --resume, the model seeing what was said', async () => {
    const paths = await exampleVaultCopy();
    const first = await session(
      paths,
      ['What is in my inbox?', '/quit'],
      new ScriptedModel([textReply('Three bullets about retros.')]),
    );
    expect(first.code).toBe(0);

    const listed = await session(paths, ['/history', '/quit'], new ScriptedModel([]));
    const match =
      /Conversations, newest first \(continue one with \/resume <id> or --resume <id>\):\n {2}(\S+) {2}\S+ \S+ {2}What is in my inbox\?\n/.exec(
        listed.out,
      );
    expect(match).not.toBeNull();
    const id = match![1]!;
    // Saved as the terminal showed it too, beside the model's history: the panel restores it from there.
    const seen = await readFile(
      join(paths.vault, '.obsidian', 'plugins', 'embedded-agent', 'conversations', `${id}.seen.jsonl`),
      'utf8',
    );
    expect(
      seen
        .trim()
        .split('\n')
        .slice(0, 2)
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      { kind: 'user', text: 'What is in my inbox?' },
      { kind: 'answer', text: 'Three bullets about retros.' },
    ]);

    const model = new ScriptedModel([textReply('The first one is about slides.')]);
    const resumed = await session(paths, ['And the first?', '/quit'], model, ['--resume', id]);
    expect(resumed.code).toBe(0);
    expect(resumed.out).toContain(
      'Continuing "What is in my inbox?" (1 message so far): the agent sees what was said.\nLast: you: What is in my inbox?\n      agent: Three bullets about retros.\n',
    );
    const texts = model.requests[0]!.messages.map((message) => `${message.role}: ${textOf(message)}`);
    expect(texts).toEqual([
      'user: What is in my inbox?',
      'assistant: Three bullets about retros.',
      'user: And the first?',
    ]);
  });

  it('should say there are none yet, and refuse to start with --resume of a conversation that does not exist', async () => {
    const paths = await exampleVaultCopy();
    const listed = await session(paths, ['/history', '/quit'], new ScriptedModel([]));
    expect(listed.out).toContain('No saved conversations yet.\n');

    const resumed = await session(paths, ['/quit'], new ScriptedModel([]), ['--resume', '20260101T000000-zzzz']);
    expect(resumed.code).toBe(2);
    expect(resumed.out).toContain('No saved conversation "20260101T000000-zzzz": /history lists them.\n');
  });
});
