import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useWireServer } from '../builders/useWireServer';
import type { WireServer } from '../builders/wireServer';
import { anthropicCalls, anthropicText } from '../builders/wireScripts';
import { exampleVaultCopy, removeTemporaryFolders, startSession, waitFor } from './harness';
import { spawnRunner } from './runnerProcess';

let server: WireServer;
useWireServer((started) => (server = started));
afterEach(() => removeTemporaryFolders());

const MESSAGES = '/v1/messages';
const create = (id: string, path: string) =>
  anthropicCalls([{ id, name: 'vault.createFile', input: { path, content: `# ${path}\n` } }]);
const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

describe('/revert after runs of two terminal runners on one vault', () => {
  it('should undo the run that ended last, not the one that started last', async () => {
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
    ];
    const env = { ANTHROPIC_API_KEY: 'sk-ant-test' };
    let letFirstFinish: () => void = () => undefined;
    const secondDone = new Promise<void>((done) => (letFirstFinish = done));
    // The first run writes, then waits (its model "thinks") while the second run starts, writes and ends; then
    // the first writes again and ends: it started first and ended last.
    server.reply(
      MESSAGES,
      create('toolu_1', 'Race/First 1.md'),
      { ...create('toolu_2', 'Race/First 2.md'), after: secondDone },
      create('toolu_3', 'Race/Second.md'),
      anthropicText('Second done.'),
      anthropicText('First done.'),
    );
    const first = spawnRunner(argv, ['Write the first notes', 'y', 'y', '/quit'], env, paths.vault);
    await waitFor(() => server.bodies(MESSAGES).length >= 2, 'the first runner to write its first note', 60_000);
    const second = await spawnRunner(argv, ['Write the second note', 'y', '/quit'], env, paths.vault).exited;
    expect(second.out).toContain('Second done.');
    letFirstFinish();
    const firstEnded = await first.exited;
    expect(firstEnded.out).toContain('First done.');

    const revert = startSession({ argv, env, lines: ['/revert', 'y', '/quit'], modesFile: paths.modesFile });
    expect(await revert.code).toBe(0);
    expect(revert.stdout()).toContain('Reverted 2 changes.');
    expect(await exists(join(paths.vault, 'Race/First 1.md'))).toBe(false);
    expect(await exists(join(paths.vault, 'Race/First 2.md'))).toBe(false);
    expect(await exists(join(paths.vault, 'Race/Second.md'))).toBe(true);
  }, 120_000);
});
