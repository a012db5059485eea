import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ScriptedModel, textReply } from '../builders/scriptedModel';
import { exampleVaultCopy, removeTemporaryFolders, startSession } from './harness';

afterEach(async () => {
  await removeTemporaryFolders();
});

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('terminal runner: stored results', () => {
  it('should remove on start-up the stored results a run cut off more than an hour ago left behind, and keep recent ones', async () => {
    const paths = await exampleVaultCopy();
    const tmp = join(paths.vault, '.obsidian', 'plugins', 'embedded-agent', 'tmp');
    for (const run of ['cli-old', 'cli-recent']) {
      await mkdir(join(tmp, run), { recursive: true });
      await writeFile(join(tmp, run, 'vault.listFiles-1.md'), 'stored');
    }
    // The session's clock reads 2026-01-15 09:00.
    await utimes(join(tmp, 'cli-old'), new Date(Date.UTC(2026, 0, 15, 7)), new Date(Date.UTC(2026, 0, 15, 7)));
    await utimes(
      join(tmp, 'cli-recent'),
      new Date(Date.UTC(2026, 0, 15, 8, 30)),
      new Date(Date.UTC(2026, 0, 15, 8, 30)),
    );
    const run = startSession({
      argv: ['--vault', paths.vault, '--checkpoints', paths.checkpoints, '--no-stream'],
      env: { OPENAI_BASE_URL: 'http://localhost:11434/v1' },
      lines: ['Hi'],
      modesFile: paths.modesFile,
      createLlm: () => new ScriptedModel([textReply('Hello.')]),
    });
    expect(await run.code).toBe(0);
    expect(await exists(join(tmp, 'cli-old'))).toBe(false);
    expect(await exists(join(tmp, 'cli-recent'))).toBe(true);
  });
});
