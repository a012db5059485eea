import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import { MemoryEditor } from '../../../src/node/MemoryEditor';
import { buildPipeline, ScriptedApproval } from '../../builders/pipeline';
import { makeHarness, snapshot } from '../checkpoints/harness';
import { initialNotes as initial, randomWriteCall } from '../../builders/randomCalls';

const call = randomWriteCall({ editor: true });

/** The user's notes: everything but the trash, which keeps copies of what was trashed, as Obsidian's does. */
const notes = async (vault: Parameters<typeof snapshot>[0]) => {
  const state = await snapshot(vault);
  return { files: state.files, folders: state.folders };
};

describe('revert of a whole run through the pipeline', () => {
  it('should bring every note back byte for byte after any sequence of writes, whether the run ends or is cut off', async () => {
    await fc.assert(
      fc.asyncProperty(
        initial,
        fc.array(call, { minLength: 1, maxLength: 12 }),
        fc.nat({ max: 12 }),
        async (files, calls, cutAfter) => {
          const harness = await makeHarness(files);
          try {
            const service = new CheckpointService({ vault: harness.vault, gitFs: harness.gitFs, clock: harness.clock });
            const editor = new MemoryEditor({ vault: harness.vault });
            const first = Object.keys(files)[0];
            if (first) editor.setDocument(first, files[first] as string);
            const before = await notes(harness.vault);
            const { pipeline, run } = buildPipeline({
              approval: new ScriptedApproval(() => ({ approved: true, scope: 'run' })),
              context: { vault: harness.vault, editor },
              deps: { checkpoints: service },
            });
            // A run cut off midway simply stops making calls: no end, no cleanup, as after a crash.
            for (const [index, { name, input }] of calls.entries()) {
              if (index === cutAfter) break;
              await pipeline.execute({ id: String(index), name, input }, run);
            }
            // Revert from a fresh service over the same repository, as after a restart.
            // A run whose every call failed before its checkpoint has nothing to revert, and changed nothing.
            const restarted = harness.restart();
            if ((await restarted.listRuns()).some((summary) => summary.runId === 'run-1'))
              await restarted.revert('run-1', { overwriteConflicts: false });
            expect(await notes(harness.vault)).toEqual(before);
          } finally {
            await harness.cleanup();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
