import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { NodeVault } from '../../../src/node/NodeVault';
import { buildPipeline, ScriptedApproval } from '../../builders/pipeline';
import { fixedClock } from '../../builders/toolContext';
import { NAMES, writeNamedFiles } from '../../fixtures/names/names';

const STORED = `${NAMES.decomposed}.md`;
const TYPED = `${NAMES.composed}.md`;

describe('revert of writes to a note whose name the disk stores decomposed (NFD), on disk', () => {
  let folder: string;
  let vault: NodeVault;
  let service: CheckpointService;
  let run: (name: string, input: Record<string, unknown>) => Promise<{ error?: { message: string } }>;

  /** The names in Dir/ exactly as the disk holds them, each with its bytes. */
  const onDisk = async (): Promise<Record<string, string>> => {
    const names = (await readdir(join(folder, 'vault', 'Dir'))).sort();
    return Object.fromEntries(
      await Promise.all(
        names.map(async (name) => [name, await readFile(join(folder, 'vault', 'Dir', name), 'utf8')] as const),
      ),
    );
  };

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ea-nfd-'));
    await writeNamedFiles(join(folder, 'vault'), {
      [`Dir/${STORED}`]: 'written on a Mac long ago',
      'Dir/plain.md': 'plain',
    });
    vault = new NodeVault(join(folder, 'vault'));
    service = new CheckpointService({ vault, gitFs: new NodeGitFs(join(folder, 'repo')), clock: fixedClock() });
    const { pipeline, run: state } = buildPipeline({
      approval: new ScriptedApproval(() => ({ approved: true, scope: 'run' })),
      context: { vault },
      settings: { allowDeletes: true },
      deps: { checkpoints: service },
    });
    run = async (name, input) => {
      const outcome = await pipeline.execute({ id: String(Math.random()), name, input }, state);
      await pipeline.endRun(state);
      return outcome;
    };
  });

  afterEach(async () => {
    vault.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('should delete the folder holding it and bring the name back decomposed on revert', async () => {
    const outcome = await run('vault.delete', { path: 'Dir', trash: false });
    expect(outcome.error).toBeUndefined();
    await service.revert('run-1');
    expect(await onDisk()).toEqual({ [STORED]: 'written on a Mac long ago', 'plain.md': 'plain' });
  });

  it('should delete it by its composed name and bring it back under its stored name on revert', async () => {
    expect((await run('vault.delete', { path: `Dir/${TYPED}`, trash: false })).error).toBeUndefined();
    expect(await onDisk()).toEqual({ 'plain.md': 'plain' });
    await service.revert('run-1');
    expect(await onDisk()).toEqual({ [STORED]: 'written on a Mac long ago', 'plain.md': 'plain' });
  });

  it('should append to it by its composed name, making no twin, and revert to its bytes', async () => {
    expect(
      (await run('vault.writeFile', { path: `Dir/${TYPED}`, content: ' and today', mode: 'append' })).error,
    ).toBeUndefined();
    expect(await onDisk()).toEqual({ [STORED]: 'written on a Mac long ago and today', 'plain.md': 'plain' });
    await service.revert('run-1');
    expect(await onDisk()).toEqual({ [STORED]: 'written on a Mac long ago', 'plain.md': 'plain' });
  });

  it('should move it away and back to its stored name on revert', async () => {
    expect((await run('vault.rename', { fromPath: `Dir/${TYPED}`, toPath: 'Dir/Moved.md' })).error).toBeUndefined();
    expect(await onDisk()).toEqual({ 'Moved.md': 'written on a Mac long ago', 'plain.md': 'plain' });
    await service.revert('run-1');
    expect(await onDisk()).toEqual({ [STORED]: 'written on a Mac long ago', 'plain.md': 'plain' });
  });

  it('should not delete for good a folder holding a name that is not UTF-8, which the vault cannot list or checkpoint', async () => {
    // "café.md" in Latin-1: listed as "caf\uFFFD.md", a name that opens nothing.
    const latin1 = Buffer.concat([
      Buffer.from(join(folder, 'vault', 'Dir') + '/'),
      Buffer.from([0x63, 0x61, 0x66, 0xe9]),
      Buffer.from('.md'),
    ]);
    await writeFile(latin1, 'latin-1 name');
    const outcome = await run('vault.delete', { path: 'Dir', trash: false });
    expect(outcome.error).toMatchObject({
      code: 'NOT_ALLOWED',
      message: expect.stringContaining('"Dir" holds hidden entries ("Dir/caf\uFFFD.md")') as unknown,
    });
    expect(await readdir(join(folder, 'vault', 'Dir'))).toHaveLength(3);
    expect(await readFile(latin1, 'utf8')).toBe('latin-1 name');
  });
});
