// @vitest-environment happy-dom
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import type { VaultPort } from '../../../src/core/ports/vault';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { ObsidianVault } from '../../../src/obsidian/ObsidianVault';
import { nodeVaultWith } from '../../builders/diskVault';
import { buildPipeline, ScriptedApproval } from '../../builders/pipeline';
import { fixedClock } from '../../builders/toolContext';
import { createTestApp } from '../../obsidian-double/harness';
import { snapshot } from './harness';
import { initialNotes, NOTE_PATHS, randomWriteCall } from '../../builders/randomCalls';

const call = randomWriteCall({ renameTargets: ['A.md'] });

/**
 * The user's edits after the run: content no run writes. (A deletion is left out: absence is a state a run that
 * moves or deletes a file produces too, so a revert may bring such a file back with its content from before.)
 */
const userEdit = fc.record({
  path: fc.constantFrom(...NOTE_PATHS),
  content: fc.string({ minLength: 1, maxLength: 5 }).map((t) => `user: ${t}`),
});

const adapters: [string, (files: Record<string, string>, folder: string) => Promise<VaultPort>][] = [
  ['MemoryVault', (files) => Promise.resolve(new MemoryVault(files))],
  ['NodeVault', nodeVaultWith],
  [
    'ObsidianVault',
    (files) => {
      const app = createTestApp({ files });
      return Promise.resolve(new ObsidianVault(app.vault, app.fileManager, app.metadataCache));
    },
  ],
];

describe.each(adapters)('revert with later edits over %s', (_name, make) => {
  it('should never overwrite an edit made after the run unless told to, and then restore every file the run touched exactly', async () => {
    await fc.assert(
      fc.asyncProperty(
        initialNotes,
        fc.array(call, { minLength: 1, maxLength: 10 }),
        fc.array(userEdit, { maxLength: 4 }),
        async (files, calls, edits) => {
          const folder = await mkdtemp(join(tmpdir(), 'ea-revert-adapters-'));
          const vault = await make(files, folder);
          try {
            const gitFs = new NodeGitFs(join(folder, 'repo'));
            const service = new CheckpointService({ vault, gitFs, clock: fixedClock() });
            const before = await snapshot(vault);
            const { pipeline, run } = buildPipeline({
              approval: new ScriptedApproval(() => ({ approved: true, scope: 'run' })),
              context: { vault },
              deps: { checkpoints: service },
            });
            for (const [index, { name, input }] of calls.entries())
              await pipeline.execute({ id: String(index), name, input }, run);
            await pipeline.endRun(run);
            if ((await service.listRuns()).length === 0) return;

            const edited = new Set<string>();
            for (const { path, content } of edits) {
              const entry = await vault.stat(path);
              if (entry?.kind === 'folder') continue;
              const written = entry ? vault.modify(path, content) : vault.create(path, content);
              if (
                await written.then(
                  () => true,
                  () => false,
                )
              )
                edited.add(path);
            }
            const afterEdits = await snapshot(vault);
            await service.revert('run-1');
            const kept = await snapshot(vault);
            for (const path of edited) expect([path, kept.files[path]]).toEqual([path, afterEdits.files[path]]);

            await service.revert('run-1', { overwriteConflicts: true });
            const restored = await snapshot(vault);
            const touched = new Set((await service.listCheckpoints('run-1')).flatMap((checkpoint) => checkpoint.files));
            for (const path of touched) expect([path, restored.files[path]]).toEqual([path, before.files[path]]);
          } finally {
            (vault as { close?: () => void }).close?.();
            await rm(folder, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
