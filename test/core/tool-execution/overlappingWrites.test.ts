import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import type { RevertResult } from '../../../src/core/checkpoints/types';
import type { VaultPort } from '../../../src/core/ports/vault';
import type { CallOutcome, CheckpointRecorder, RunState } from '../../../src/core/tool-execution/types';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { nodeVaultWith } from '../../builders/diskVault';
import { buildPipeline, ScriptedApproval } from '../../builders/pipeline';
import { fixedClock } from '../../builders/toolContext';
import { snapshot, type VaultSnapshot } from '../checkpoints/harness';

const FILES = { 'Notes/a.md': 'a0', 'b.md': 'b0' };

/** A vault whose `method` stops once reached, until `release`: the moment another write can slip in. */
function pausing(
  vault: VaultPort,
  method: 'rename' | 'create',
): { vault: VaultPort; reached: Promise<void>; release(): void } {
  let reached = (): void => undefined;
  let release = (): void => undefined;
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  const paused = new Proxy(vault, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      if (property !== method) return bound;
      return async (...args: unknown[]): Promise<unknown> => {
        reached();
        await gate;
        return bound(...args);
      };
    },
  });
  return { vault: paused, reached: reachedPromise, release };
}

/** The checkpoint service as the pipeline sees it, telling when the second checkpoint is asked for and whether it was taken. */
function watchedCheckpoints(service: CheckpointService): CheckpointRecorder & { second: Promise<{ taken: boolean }> } {
  let calls = 0;
  let asked = (_state: { taken: boolean }): void => undefined;
  const second = new Promise<{ taken: boolean }>((resolve) => (asked = resolve));
  return {
    second,
    beginRun: (runId) => service.beginRun(runId),
    endRun: (runId) => service.endRun(runId),
    recordAfter: (runId, seq, paths) => service.recordAfter(runId, seq, paths),
    checkpoint: (runId, write, targets) => {
      const taking = service.checkpoint(runId, write, targets);
      if (++calls === 2) {
        const state = { taken: false };
        void taking.then(
          () => (state.taken = true),
          () => undefined,
        );
        asked(state);
      }
      return taking;
    },
  };
}

const adapters: [string, (files: Record<string, string>, folder: string) => Promise<VaultPort>][] = [
  ['MemoryVault', (files) => Promise.resolve(new MemoryVault(files))],
  ['NodeVault', nodeVaultWith],
];

const RENAME = { id: 'rename', name: 'vault.rename', input: { fromPath: 'Notes', toPath: 'Archive' } };
const CREATE = { id: 'create', name: 'vault.createFile', input: { path: 'Notes/new.md', content: 'new' } };

/**
 * One write renames the folder Notes while another creates a note in it. One of the two is paused once it
 * reached the vault, so the other can slip in between its checkpoint and its write, as when two runs (or two
 * calls of one run) race. The outcome must be one the two writes could have had one after the other: reverting
 * both, in either order, leaves the vault as it leaves it after the same writes made one at a time, and
 * reverting the later one first brings back the vault exactly as it was.
 */
describe.each(adapters)('writes that overlap in one folder over %s', (_name, make) => {
  let folder: string;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ea-overlap-'));
  });

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  type Which = 'rename' | 'create';
  const otherThan = (which: Which): Which => (which === 'rename' ? 'create' : 'rename');

  /**
   * Runs the rename (in run `runIds.rename`) and the create (in `runIds.create`) through one pipeline over a new
   * vault, `first` first. With `race`, `first` stops at the vault; the other starts then, and `first` goes on once
   * the other ended or its checkpoint had to wait. Then both are reverted in `revertOrder`.
   */
  const runBoth = async (
    name: string,
    first: Which,
    race: boolean,
    runIds: Record<Which, string>,
    revertOrder: Which[],
  ): Promise<{ before: VaultSnapshot; after: VaultSnapshot; results: RevertResult[] }> => {
    await mkdir(join(folder, name));
    const inner = await make(FILES, join(folder, name));
    const before = await snapshot(inner);
    const pause = pausing(inner, first);
    if (!race) pause.release();
    const service = new CheckpointService({
      vault: pause.vault,
      gitFs: new NodeGitFs(join(folder, name, 'repo')),
      clock: fixedClock(),
    });
    const checkpoints = watchedCheckpoints(service);
    const {
      pipeline,
      context,
      run: opened,
    } = buildPipeline({
      approval: new ScriptedApproval(() => ({ approved: true, scope: 'run' })),
      context: { vault: pause.vault },
      deps: { checkpoints },
    });
    const { signal: _signal, runId: _runId, ...ports } = context;
    const runs = new Map<string, RunState>();
    for (const runId of Object.values(runIds))
      runs.set(
        runId,
        pipeline.startRun(runId, { ports, signal: new AbortController().signal, approval: opened.approval }),
      );
    const start = (which: Which): Promise<CallOutcome> =>
      pipeline.execute(which === 'rename' ? RENAME : CREATE, runs.get(runIds[which]) as RunState);

    const firstDone = start(first);
    if (race) await pause.reached;
    else await firstDone;
    const secondDone = start(otherThan(first));
    if (race) {
      const checkpointed = await checkpoints.second;
      // Queued behind the second checkpoint's first step: once this answers, that checkpoint was taken or is waiting.
      await service.listRuns();
      if (checkpointed.taken) await secondDone;
    }
    pause.release();
    const outcomes = await Promise.all([firstDone, secondDone]);
    expect(outcomes.map((outcome) => [outcome.tool, outcome.ok])).toEqual(
      [first, otherThan(first)].map((which) => [`vault.${which === 'rename' ? 'rename' : 'createFile'}`, true]),
    );
    for (const run of runs.values()) await pipeline.endRun(run);

    const results: RevertResult[] = [];
    for (const runId of new Set(revertOrder.map((which) => runIds[which]))) results.push(await service.revert(runId));
    return { before, after: await snapshot(inner), results };
  };

  for (const paused of ['rename', 'create'] as const) {
    const slipping = otherThan(paused);
    for (const revertOrder of [
      [slipping, paused],
      [paused, slipping],
    ]) {
      it(`should end as if one at a time when a ${slipping} slips into another run's ${paused}, reverting the ${revertOrder[0]} first`, async () => {
        const runIds = { rename: 'run-rename', create: 'run-create' };
        const raced = await runBoth('raced', paused, true, runIds, revertOrder);
        const serial = await runBoth('serial', paused, false, runIds, revertOrder);
        expect(raced.after).toEqual(serial.after);
        expect(raced.results.map((result) => result.skipped)).toEqual(serial.results.map((result) => result.skipped));
        // The write that went second is reverted first: back to exactly before both.
        if (revertOrder[0] === slipping) expect(raced.after).toEqual(raced.before);
      });
    }

    it(`should revert exactly when a ${slipping} slips into a ${paused} of the same run`, async () => {
      const raced = await runBoth('raced', paused, true, { rename: 'run-1', create: 'run-1' }, ['rename']);
      expect(raced.results.map((result) => result.skipped)).toEqual([[]]);
      expect(raced.after).toEqual(raced.before);
    });
  }
});
