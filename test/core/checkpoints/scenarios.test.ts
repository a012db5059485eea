// @vitest-environment happy-dom
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import type { VaultPort } from '../../../src/core/ports/vault';
import type { ToolExecutionPipeline } from '../../../src/core/tool-execution/ToolExecutionPipeline';
import type { RunState } from '../../../src/core/tool-execution/types';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { NodeVault } from '../../../src/node/NodeVault';
import { ObsidianVault } from '../../../src/obsidian/ObsidianVault';
import { buildPipeline, ScriptedApproval } from '../../builders/pipeline';
import { fixedClock } from '../../builders/toolContext';
import { createTestApp } from '../../obsidian-double/harness';

const INITIAL: Record<string, string> = {
  'a.md': 'a0',
  'Notes/b.md': 'b0 [[c]]',
  'Notes/Deep/c.md': 'c0',
  'Links.md': 'see [[b]] and [[c]]',
  'Notes/.hidden/keep.md': 'hidden',
};

interface World {
  vault: VaultPort;
  cleanup: () => Promise<void>;
}

const adapters: [string, (folder: string) => Promise<World>][] = [
  ['MemoryVault', () => Promise.resolve({ vault: new MemoryVault({ ...INITIAL }), cleanup: () => Promise.resolve() })],
  [
    'NodeVault',
    async (folder) => {
      await mkdir(join(folder, 'vault'));
      const vault = new NodeVault(join(folder, 'vault'));
      for (const [path, text] of Object.entries(INITIAL)) await vault.create(path, text);
      return { vault, cleanup: () => Promise.resolve(vault.close()) };
    },
  ],
  [
    'ObsidianVault',
    () => {
      const app = createTestApp({ files: { ...INITIAL } });
      return Promise.resolve({ vault: new ObsidianVault(app.vault, app.fileManager, app.metadataCache), cleanup: () => Promise.resolve() });
    },
  ],
];

describe.each(adapters)('revert scenarios over %s', (_name, make) => {
  let folder: string;
  let vault: VaultPort;
  let cleanupVault: () => Promise<void>;
  let service: CheckpointService;
  let gitFs: NodeGitFs;
  const clock = fixedClock();
  let pipeline: ToolExecutionPipeline;
  let runs: RunState[];

  const call = async (run: RunState, name: string, input: Record<string, unknown>): Promise<void> => {
    const outcome = await pipeline.execute({ id: name, name, input }, run);
    expect(outcome.error).toBeUndefined();
  };

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ea-scenarios-'));
    ({ vault, cleanup: cleanupVault } = await make(folder));
    gitFs = new NodeGitFs(join(folder, 'repo'));
    service = new CheckpointService({ vault, gitFs, clock });
    const fixture = buildPipeline({
      approval: new ScriptedApproval(() => ({ approved: true, scope: 'run' })),
      context: { vault },
      deps: { checkpoints: service },
    });
    pipeline = fixture.pipeline;
    runs = [fixture.run];
  });

  afterEach(async () => {
    await cleanupVault();
    await rm(folder, { recursive: true, force: true });
  });

  it('should never delete the hidden files a reverted folder rename carried along: their folder is kept and reported', async () => {
    await call(runs[0]!, 'vault.rename', { fromPath: 'Notes', toPath: 'Archive/Notes' });
    await pipeline.endRun(runs[0]!);
    const result = await service.revert('run-1');
    expect(result.skipped).toEqual([]);
    expect(result.keptFolders).toEqual(['Archive/Notes', 'Archive']);
    // The hidden file was never checkpointed, so it stays where the rename put it; the visible notes are back.
    expect(await vault.read('Archive/Notes/.hidden/keep.md')).toBe('hidden');
    expect(await vault.read('Notes/b.md')).toBe('b0 [[c]]');
    expect(await vault.read('Notes/Deep/c.md')).toBe('c0');
    expect(await vault.read('Links.md')).toBe('see [[b]] and [[c]]');
    expect(await vault.stat('Archive/Notes/b.md')).toBeNull();
  });
});
