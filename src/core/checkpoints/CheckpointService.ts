import { AgentError, describeError, isAgentError } from '../errors';
import type { ClockPort } from '../ports/clock';
import type { GitFsPort } from '../ports/gitFs';
import type { VaultPort } from '../ports/vault';
import { applyRestore, exactText } from './applyRestore';
import { capturePreState, readOrNull } from './capturePreState';
import { diffCheckpoint } from './checkpointDiff';
import { pruneRuns } from './pruneRuns';
import { planRestoreSteps, targetsFrom, targetsWithin, type Targets } from './restorePlan';
import { PostStates, RunJournal } from './RunJournal';
import {
  assertRunId,
  checkpointAt,
  checkpointMeta,
  loadRun,
  loadRunOrNull,
  metasOf,
  toInfo,
  type LoadedRun,
} from './runCheckpoints';
import { ShadowRepo } from './ShadowRepo';
import { heldPaths, WriteHolds } from './WriteHolds';
import type {
  CheckpointInfo,
  CheckpointMeta,
  CheckpointRequest,
  FileDiff,
  PruneResult,
  RestoreChange,
  RevertPlan,
  RevertResult,
  RunHistory,
  RunOrigin,
  RunOriginSource,
  RunSummary,
} from './types';

export interface CheckpointServiceDeps {
  vault: VaultPort;
  /** The folder of the shadow repository; never the vault's own `.git`. */
  gitFs: GitFsPort;
  clock: ClockPort;
}

export interface RestoreOptions {
  /** Restore files the user changed after the run too. Without it they are left alone and reported. */
  overwriteConflicts: boolean;
  /** Only paths this lets through are planned and restored; the others are left as they are and not named. */
  include?: (path: string) => Promise<boolean>;
}

/** The tool name recorded for the checkpoint a revert takes of itself. */
export const RESTORE_TOOL = 'checkpoints.restore';

/**
 * Checkpoints of the files the agent touches, in a shadow git repository, and exact revert.
 *
 * Call order per write: `checkpoint` before it, `recordAfter` once it succeeded. A revert restores every file the
 * run touched to its bytes before the run (or before checkpoint K) and is itself checkpointed as run
 * `revert-<runId>-<n>`, so it can be undone the same way. Every operation runs alone: a prune never sees a
 * checkpoint half written, and two writes never get the same seq.
 */
export class CheckpointService {
  private readonly vault: VaultPort;
  private readonly clock: ClockPort;
  private readonly gitFs: GitFsPort;
  private readonly repo: ShadowRepo;
  private readonly journal: RunJournal;
  private readonly active = new Set<string>();
  /** Runs in progress here that took a checkpoint: their end is recorded in their journal. */
  private readonly wrote = new Set<string>();
  /**
   * When each run ended in this session, as a count: the tie-break between runs whose recorded ends fall in one
   * millisecond (or under a fixed test clock); a run that restored another ends after the run it made.
   */
  private readonly endOrder = new Map<string, number>();
  private ends = 0;
  private readonly holds = new WriteHolds();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  /** Who made each run begun here, until its first checkpoint records it. */
  private readonly origins = new Map<string, RunOriginSource>();

  constructor(deps: CheckpointServiceDeps) {
    this.vault = deps.vault;
    this.clock = deps.clock;
    this.gitFs = deps.gitFs;
    this.repo = new ShadowRepo(deps.gitFs);
    this.journal = new RunJournal(deps.gitFs.promises, deps.gitFs.root);
  }

  /**
   * Marks a run as in progress: it may take checkpoints and is never pruned. A run with checkpoints resumes.
   * `origin` (who made it) goes into its first checkpoint, so the Changes view can name it after a restart.
   */
  beginRun(runId: string, origin?: RunOriginSource): void {
    assertRunId(runId);
    this.active.add(runId);
    if (origin) this.origins.set(runId, origin);
  }

  /**
   * The run is over; its checkpoints stay until pruned. A run that wrote gets its end in its journal, so every
   * process on the repository (and this one after a restart) knows which run ended last; resolves once it is
   * written. A failure to write it is not the run's: the run then ranks by its last checkpoint.
   */
  endRun(runId: string): Promise<void> {
    const wrote = this.finish(runId);
    this.changed();
    if (!wrote) return Promise.resolve();
    return this.exclusive(() => this.recordEnd(runId)).catch(() => undefined);
  }

  /**
   * Calls `listener` after each checkpoint taken and each run ended, whoever's run it is (the panel's, an MCP
   * client's, a plan's): what a view needs to offer "Revert last run". Returns the call that stops it.
   */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Records the pre-state of what a write is about to touch, as the run's next checkpoint. Call BEFORE the write,
   * and `recordAfter` once it is done: until then a checkpoint of the same paths, or of paths inside or above
   * them, waits (see `WriteHolds`). `targets`, when given, says again what the write touches once it has waited
   * for another write there: what a folder holds may have changed meanwhile. `before`: each recorded file's blob
   * id (null when absent), for the pipeline to hold the write to what its card showed.
   */
  async checkpoint(
    runId: string,
    request: CheckpointRequest,
    targets?: () => Promise<Omit<CheckpointRequest, 'tool'>>,
  ): Promise<CheckpointInfo & { before: Record<string, string | null> }> {
    assertRunId(runId);
    if (!this.active.has(runId)) {
      throw new AgentError(
        'INVALID_INPUT',
        `Run "${runId}" has not begun: call beginRun("${runId}") before checkpoint`,
        { runId },
      );
    }
    let held = heldPaths(request);
    let waited = false;
    for (;;) {
      const step = await this.exclusive(
        async (): Promise<
          { info: CheckpointInfo & { before: Record<string, string | null> } } | { wait: Promise<void> }
        > => {
          let busy = this.holds.busy(held);
          if (busy) return { wait: busy };
          // Only after waiting can what a folder holds have changed: a write that never waited keeps its targets.
          if (targets && waited) {
            request = { ...(await targets()), tool: request.tool };
            held = [...new Set([...held, ...heldPaths(request)])];
            busy = this.holds.busy(held);
            if (busy) return { wait: busy };
          }
          const info = await this.checkpointLocked(runId, request);
          this.holds.take(runId, info.seq, held);
          return { info };
        },
      );
      if ('info' in step) {
        this.changed();
        return step.info;
      }
      // Outside the queue, so the write holding the paths can record its result meanwhile.
      await step.wait;
      waited = true;
    }
  }

  /**
   * Stores the content hash of each file after write `seq` (or its failure part-way): the files that checkpoint
   * recorded, plus `paths`. Revert compares against these to find files changed after the run.
   */
  async recordAfter(runId: string, seq: number, paths: string[] = []): Promise<void> {
    assertRunId(runId);
    try {
      await this.exclusive(() => this.recordAfterLocked(runId, seq, paths));
    } finally {
      this.holds.release(runId, seq);
    }
  }

  /** Newest first. */
  listRuns(): Promise<RunSummary[]> {
    return this.exclusive(() => this.listRunsLocked());
  }

  private async listRunsLocked(): Promise<RunSummary[]> {
    const runs: RunSummary[] = [];
    for (const runId of await this.repo.listRunIds()) {
      const run = await loadRunOrNull(this.repo, runId);
      if (!run) continue;
      const files = new Set(run.checkpoints.flatMap(({ meta }) => Object.keys(meta.files)));
      runs.push({
        runId,
        startedAt: run.checkpoints[0]?.meta.time ?? 0,
        lastCheckpointAt: run.checkpoints[run.checkpoints.length - 1]?.meta.time ?? 0,
        checkpoints: run.checkpoints.length,
        files: [...files].sort(),
        inProgress: this.active.has(runId),
      });
    }
    return runs.sort((a, b) => newestFirst({ ...a, lastAt: a.lastCheckpointAt }, { ...b, lastAt: b.lastCheckpointAt }));
  }

  /**
   * What "Revert last run" undoes: of the runs not in progress, the one that ended last, in whichever process
   * (see `lastEnded`). Null when no run has checkpoints.
   */
  async lastRun(): Promise<RunSummary | null> {
    return this.exclusive(async () => {
      const runs = (await this.listRunsLocked()).filter((run) => !run.inProgress);
      return (
        (
          await this.lastEnded(
            runs.map((summary) => ({ runId: summary.runId, lastAt: summary.lastCheckpointAt, summary })),
          )
        )?.summary ?? null
      );
    });
  }

  async listCheckpoints(runId: string): Promise<CheckpointInfo[]> {
    assertRunId(runId);
    return this.exclusive(async () => {
      const run = await loadRun(this.repo, runId);
      const posts = new PostStates(await this.journal.read(runId));
      return run.checkpoints.map(({ commit, meta }) => toInfo(meta, commit, posts.hasSeq(meta.seq)));
    });
  }

  /** Each file of checkpoint `seq` (that `include` lets through): its pre-state against the current content. */
  async diff(runId: string, seq: number, include?: RestoreOptions['include']): Promise<FileDiff[]> {
    assertRunId(runId);
    return this.exclusive(async () => {
      const { meta } = checkpointAt(await loadRun(this.repo, runId), runId, seq);
      return diffCheckpoint(
        this.vault,
        meta,
        (oid) => this.repo.readBlob(oid),
        `Diff of run "${runId}" checkpoint ${seq}`,
        include,
      );
    });
  }

  /** What `revert` would change, and the files it would leave alone because they changed after the run. */
  planRevert(runId: string): Promise<RevertPlan> {
    return this.planRestore(runId, 1);
  }

  revert(runId: string, options: RestoreOptions = { overwriteConflicts: false }): Promise<RevertResult> {
    return this.restore(runId, 1, options);
  }

  /** What restoring the vault to just before checkpoint `toSeq` of the run would change. */
  async planRestore(runId: string, toSeq: number, include?: RestoreOptions['include']): Promise<RevertPlan> {
    assertRunId(runId);
    return this.exclusive(async () => {
      const run = await loadRun(this.repo, runId);
      checkpointAt(run, runId, toSeq);
      const context = `Planning the restore of run "${runId}" to checkpoint ${toSeq}`;
      const plan = await planRestoreSteps(
        this.vault,
        await restoreTargets(run, toSeq, include),
        await this.postStates(runId),
        false,
        context,
      );
      const changes: RestoreChange[] = [];
      for (const { path, kind, action, target } of plan.steps) {
        changes.push(
          target === undefined
            ? { path, kind, action }
            : { path, kind, action, text: exactText(await this.repo.readBlob(target)) },
        );
      }
      return { runId, toSeq, changes, conflicts: plan.conflicts };
    });
  }

  /**
   * Restores every file touched at or after checkpoint `toSeq` to its state just before that checkpoint.
   * Conflicting files are skipped unless `overwriteConflicts`; a folder in the way of a file is never removed.
   */
  async restore(
    runId: string,
    toSeq: number,
    options: RestoreOptions = { overwriteConflicts: false },
  ): Promise<RevertResult> {
    assertRunId(runId);
    return this.exclusive(async () => {
      const run = await loadRun(this.repo, runId);
      checkpointAt(run, runId, toSeq);
      const overwrite = options.overwriteConflicts;
      const planContext = `Planning the restore of run "${runId}" to checkpoint ${toSeq}`;
      const plan = await planRestoreSteps(
        this.vault,
        await restoreTargets(run, toSeq, options.include),
        await this.postStates(runId),
        overwrite,
        planContext,
      );
      const skipped = overwrite
        ? plan.conflicts.filter((conflict) => conflict.reason === 'folder-in-the-way')
        : plan.conflicts;
      const result: RevertResult = {
        runId,
        toSeq,
        revertRunId: null,
        applied: [],
        skipped,
        keptFolders: plan.keptFolders,
      };
      if (plan.steps.length === 0) return result;

      const revertRunId = await this.nextRevertId(runId);
      result.revertRunId = revertRunId;
      this.active.add(revertRunId);
      try {
        const paths = plan.steps.filter((step) => step.kind === 'file').map((step) => step.path);
        const folders = plan.steps.filter((step) => step.kind === 'folder').map((step) => step.path);
        await this.checkpointLocked(revertRunId, { tool: RESTORE_TOOL, paths, folders });
        const context = `Restoring run "${runId}" to checkpoint ${toSeq} (undo with run "${revertRunId}")`;
        const done = await applyRestore(this.vault, plan.steps, (oid) => this.repo.readBlob(oid), context);
        result.applied = done.applied;
        result.keptFolders = [...plan.keptFolders, ...done.keptFolders];
        await this.recordAfterLocked(revertRunId, 1, []);
      } finally {
        if (this.finish(revertRunId)) await this.recordEnd(revertRunId).catch(() => undefined);
      }
      return result;
    });
  }

  /**
   * Deletes the oldest runs until the repository is at most `maxBytes`, then the objects nothing reaches any
   * more. Runs in progress, and the last run (see `lastRun`: the one "Revert last run" undoes), are kept even if
   * that leaves the repository over the cap.
   */
  async prune(maxBytes: number): Promise<PruneResult> {
    if (!Number.isFinite(maxBytes) || maxBytes < 0) {
      throw new AgentError('INVALID_INPUT', `prune: maxBytes must be a number of bytes ≥ 0, got ${String(maxBytes)}`);
    }
    return this.exclusive(async () => {
      const runs = [];
      for (const runId of await this.repo.listRunIds()) {
        const run = await loadRunOrNull(this.repo, runId);
        if (run)
          runs.push({
            runId,
            head: run.head,
            startedAt: run.checkpoints[0]?.meta.time ?? 0,
            lastAt: run.checkpoints[run.checkpoints.length - 1]?.meta.time ?? 0,
          });
      }
      const keep = new Set(this.active);
      const last = await this.lastEnded(runs.filter((run) => !this.active.has(run.runId)).sort(newestFirst));
      if (last) keep.add(last.runId);
      return pruneRuns(this.repo, this.journal, () => this.gitFs.sizeBytes(), runs, keep, maxBytes);
    });
  }

  /** Ends the run in memory; whether it wrote here (and so has an end to record). */
  private finish(runId: string): boolean {
    this.active.delete(runId);
    this.origins.delete(runId);
    this.endOrder.set(runId, ++this.ends);
    this.holds.release(runId);
    return this.wrote.delete(runId);
  }

  private recordEnd(runId: string): Promise<void> {
    return this.journal.appendEnd(runId, this.clock.now());
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Run ids with checkpoints in the repository, sorted; one listing of refs, no commit read. */
  runIds(): Promise<string[]> {
    return this.exclusive(() => this.repo.listRunIds());
  }

  /** Whether `runId` is in progress in this process. */
  inProgress(runId: string): boolean {
    return this.active.has(runId);
  }

  /**
   * A run as recorded, for the review core: its checkpoints (seq 1 first), the post-states its journal holds, when
   * it ended (null while going, or after a crash) and who made it. Null when the run has no checkpoints.
   */
  async history(runId: string): Promise<RunHistory | null> {
    assertRunId(runId);
    return this.exclusive(async () => {
      const run = await loadRunOrNull(this.repo, runId);
      if (!run) return null;
      const metas = metasOf(run);
      const origin = metas[0]?.origin ?? this.originOf(runId) ?? null;
      const { entries, endedAt } = await this.journal.readAll(runId);
      return { runId, metas, entries, endedAt, origin, inProgress: this.active.has(runId) };
    });
  }

  /** Who made run `runId`, as its opener said when it began; undefined when it said nothing. */
  private originOf(runId: string, origin = this.origins.get(runId)): RunOrigin | undefined {
    return typeof origin === 'function' ? origin() : origin;
  }

  /** The bytes of a content hash the repository holds (a pre-state, or a post-state recorded since authors were). */
  readBlob(oid: string): Promise<Uint8Array> {
    return this.repo.readBlob(oid);
  }

  private async checkpointLocked(
    runId: string,
    request: CheckpointRequest,
  ): Promise<CheckpointInfo & { before: Record<string, string | null> }> {
    this.wrote.add(runId);
    await this.repo.ensureInit();
    const head = await this.repo.runHead(runId);
    const seq = head === null ? 1 : (await this.repo.readCheckpoint(head)).meta.seq + 1;
    const context = `Checkpoint ${seq} of run "${runId}" (${request.tool})`;
    try {
      const pre = await capturePreState(this.vault, request, (bytes) => this.repo.writeBlob(bytes), context);
      const meta: CheckpointMeta = {
        format: 1,
        runId,
        seq,
        tool: request.tool,
        time: this.clock.now(),
        files: pre.files,
        folders: pre.folders,
      };
      const origin = seq === 1 ? this.originOf(runId) : undefined;
      if (origin) meta.origin = origin;
      const commit = await this.repo.writeCheckpoint(meta, head);
      return { ...toInfo(meta, commit, false), before: pre.files };
    } catch (error) {
      if (isAgentError(error)) throw error;
      throw new AgentError(
        'INTERNAL',
        `${context}: could not write to the checkpoint repository "${this.repo.root}": ${describeError(error)}`,
        { runId },
      );
    }
  }

  private async recordAfterLocked(runId: string, seq: number, paths: string[]): Promise<void> {
    const meta = await checkpointMeta(this.repo, runId, seq);
    const after = Object.create(null) as Record<string, string | null>;
    const context = `Recording the result of checkpoint ${seq} of run "${runId}"`;
    for (const path of new Set([...Object.keys(meta.files), ...paths])) {
      if ((await this.vault.stat(path))?.kind === 'folder') continue;
      const bytes = (await this.vault.takeWritten?.(path)) ?? (await readOrNull(this.vault, path, context));
      // Stored, not only hashed: the review core diffs what the run left against what it found. Its id is the hash.
      after[path] = bytes === null ? null : await this.repo.writeBlob(bytes);
    }
    await this.journal.append(runId, { seq, time: this.clock.now(), after });
  }

  private async postStates(runId: string): Promise<PostStates> {
    return new PostStates(await this.journal.read(runId));
  }

  private async nextRevertId(runId: string): Promise<string> {
    const taken = new Set(await this.repo.listRunIds());
    let n = 1;
    while (taken.has(`revert-${runId}-${n}`) || this.active.has(`revert-${runId}-${n}`)) n++;
    const id = `revert-${runId}-${n}`;
    assertRunId(id);
    return id;
  }

  /**
   * Of runs sorted newest first, the one that ended last: by the end its journal records (written by whichever
   * process ran it), else by its last checkpoint (a run that crashed, or one recorded before ends were); ties go to
   * the run that ended later in this session, then to the newer. Order of start is not end order: a run that
   * began first and wrote last (a terminal run held at an approval while the panel ran) is the last one.
   */
  private async lastEnded<T extends { runId: string; lastAt: number }>(runs: T[]): Promise<T | undefined> {
    let last: { run: T; at: number; order: number } | undefined;
    for (const run of runs) {
      const at = (await this.journal.endedAt(run.runId).catch(() => null)) ?? run.lastAt;
      const order = this.endOrder.get(run.runId) ?? 0;
      if (!last || at > last.at || (at === last.at && order > last.order)) last = { run, at, order };
    }
    return last?.run;
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

/** The order of `listRuns`: by first checkpoint, then last checkpoint, then id, newest first. */
function newestFirst(
  a: { runId: string; startedAt: number; lastAt: number },
  b: { runId: string; startedAt: number; lastAt: number },
): number {
  return b.startedAt - a.startedAt || b.lastAt - a.lastAt || (a.runId < b.runId ? 1 : -1);
}

function restoreTargets(run: LoadedRun, toSeq: number, include: RestoreOptions['include']): Promise<Targets> | Targets {
  const targets = targetsFrom(metasOf(run), toSeq);
  return include ? targetsWithin(targets, include) : targets;
}
