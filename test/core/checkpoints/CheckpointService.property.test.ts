import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import { expandFolder, touchedByRename } from '../../../src/core/checkpoints/touchedPaths';
import type { CheckpointRequest } from '../../../src/core/checkpoints/types';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { fixedClock } from '../../builders/toolContext';
import { snapshot } from './harness';

const FILE_PATHS = ['a.md', 'b.md', 'Notes/c.md', 'Notes/Deep/d.md', 'Grüße/é 🌍.md'];
const FOLDERS = ['Notes', 'Notes/Deep', 'Grüße', 'Empty', 'New/Sub'];
const TARGETS = ['moved.md', 'Notes/moved.md', 'Archive', 'Archive/Deeper', 'Notes/Deep/y.md', 'Grüße/z.md'];

const text = fc.string({ unit: 'grapheme', maxLength: 12 });
const bytes = fc.uint8Array({ maxLength: 12 });

const initialVault = fc.record({
  files: fc.dictionary(fc.constantFrom(...FILE_PATHS), text, { maxKeys: 5 }),
  binary: fc.option(bytes, { nil: undefined }),
  emptyFolders: fc.subarray(['Empty', 'Notes/Deep']),
});

type Op =
  | { kind: 'create'; path: string; content: string }
  | { kind: 'modify' | 'append'; pick: number; content: string }
  | { kind: 'rename'; pick: number; target: string }
  | { kind: 'delete'; pick: number }
  | { kind: 'ensureFolder'; folder: string };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), path: fc.constantFrom(...FILE_PATHS, ...TARGETS), content: text }),
  fc.record({ kind: fc.constantFrom('modify' as const, 'append' as const), pick: fc.nat(), content: text }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), target: fc.constantFrom(...TARGETS) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('ensureFolder' as const), folder: fc.constantFrom(...FOLDERS, ...TARGETS) }),
);

const scenario = fc.record({
  vault: initialVault,
  ops: fc.array(op, { minLength: 1, maxLength: 15 }),
  /** Stop after this write without recordAfter, as if the app died. */
  cutAfter: fc.option(fc.nat({ max: 14 }), { nil: undefined }),
  restart: fc.boolean(),
});

/** What the op touches and the write itself, resolved against the vault as it is now. */
async function resolve(
  vault: MemoryVault,
  step: Op,
): Promise<{ request: CheckpointRequest; run: () => Promise<unknown> } | null> {
  const entries = await vault.list('/', true);
  const files = entries.filter((entry) => entry.kind === 'file').map((entry) => entry.path);
  const any = entries.map((entry) => entry.path);
  switch (step.kind) {
    case 'create':
      return {
        request: { tool: 'vault.createFile', paths: [step.path] },
        run: () => vault.create(step.path, step.content),
      };
    case 'modify':
    case 'append': {
      const path = files[step.pick % Math.max(files.length, 1)];
      if (path === undefined) return null;
      const run =
        step.kind === 'modify' ? () => vault.modify(path, step.content) : () => vault.append(path, step.content);
      return { request: { tool: `vault.${step.kind}`, paths: [path] }, run };
    }
    case 'rename': {
      const from = any[step.pick % Math.max(any.length, 1)];
      if (from === undefined) return null;
      return {
        request: { tool: 'vault.rename', ...(await touchedByRename(vault, from, step.target)) },
        run: () => vault.rename(from, step.target),
      };
    }
    case 'delete': {
      const path = any[step.pick % Math.max(any.length, 1)];
      if (path === undefined) return null;
      return { request: { tool: 'vault.delete', ...(await expandFolder(vault, path)) }, run: () => vault.delete(path) };
    }
    case 'ensureFolder':
      return {
        request: { tool: 'vault.ensureFolder', paths: [], folders: [step.folder] },
        run: () => vault.createFolder(step.folder),
      };
  }
}

describe('CheckpointService: revert property', () => {
  let folder: string;
  let gitFs: NodeGitFs;
  let runs = 0;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ea-checkpoints-property-'));
    gitFs = new NodeGitFs(join(folder, 'repo'));
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('should bring every file and folder back byte for byte after any sequence of writes, finished or cut off', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ vault: initial, ops, cutAfter, restart }) => {
        const vault = new MemoryVault(initial.files);
        if (initial.binary) await vault.writeBinary('img.bin', initial.binary);
        for (const empty of initial.emptyFolders) if (!(await vault.stat(empty))) await vault.createFolder(empty);
        const before = await snapshot(vault);
        const clock = fixedClock();
        let service = new CheckpointService({ vault, gitFs, clock });
        // One repository for every case, as in real use: run ids are unique, so runs never mix.
        const runId = `prop-${++runs}`;
        service.beginRun(runId);

        for (const [index, step] of ops.entries()) {
          const write = await resolve(vault, step);
          if (!write) continue;
          const info = await service.checkpoint(runId, write.request);
          // A write the vault refuses is still checkpointed first and its result recorded, as in the pipeline.
          await write.run().catch(() => undefined);
          if (index === cutAfter) break;
          await service.recordAfter(runId, info.seq, write.request.paths);
        }
        if (restart) service = new CheckpointService({ vault, gitFs, clock });
        else await service.endRun(runId);

        const plan = await service.planRevert(runId).catch(() => null);
        if (plan === null) {
          // No op resolved to a write, so there is nothing to revert and nothing changed.
          expect(await snapshot(vault)).toEqual(before);
          return;
        }
        expect(plan.conflicts).toEqual([]);
        const result = await service.revert(runId);
        expect(result.skipped).toEqual([]);
        expect(await snapshot(vault)).toEqual(before);
      }),
      { numRuns: 50 },
    );
  }, 120_000);
});
