import type { CheckpointService } from '../checkpoints/CheckpointService';
import type { RunHistory } from '../checkpoints/types';
import { readOrNull } from '../checkpoints/capturePreState';
import { hashContent } from '../checkpoints/hashContent';
import { AgentError, describeError, isAgentError } from '../errors';
import type { ClockPort } from '../ports/clock';
import type { GitFsPort } from '../ports/gitFs';
import type { VaultPort } from '../ports/vault';
import type { AuditLog } from '../tool-execution/AuditLog';
import { checkHunks, type RunText } from './hunkMerge';
import { runFiles } from './runFiles';
import { shownLine, splitLines } from './lineBlocks';
import {
  type Decision,
  type RunRecord,
  ReviewStore,
  type Unit,
  type UnitState,
  unitKey,
  unitStates,
  WHOLE,
} from './ReviewStore';
import { type ReviewedFile, RunModel, runRecord, textOf } from './runModel';
import { byRun, chosenFiles, createdFolders, findFile, hunkLines, Tally, toTarget, unitsOf } from './reviewUnits';
import type { ChangedFile, ChangedRun, ChangeHunk, ChangesPort, ChangeTarget, UndoOptions, UndoOutcome } from './types';
import { type FilePlan, planFile, type UndoWrite } from './undoPlan';
import { UNDO_TOOL, writeAsRun } from './undoRun';

/** A write an undo would make or made, and whether its file existed before. */
export type PlannedUndoWrite = UndoWrite & { existed: boolean };

export interface UndoPreview {
  writes: PlannedUndoWrite[];
  changedSince: ChangeTarget[];
}

/** An undo as made: its outcome, the writes and the folders it removed (the undone run had created them). */
export interface Flipped {
  outcome: UndoOutcome;
  written: PlannedUndoWrite[];
  removedFolders: string[];
}

interface FlipRequest {
  target: ChangeTarget;
  redo: boolean;
  anyway: boolean;
  /** The audit line's tool and arguments. */
  tool: string;
  args: unknown;
  /** "Revert last run": its run is named `revert-<run>-<n>`. */
  revert?: boolean;
}

export interface ChangesServiceDeps {
  checkpoints: CheckpointService;
  vault: VaultPort;
  audit: AuditLog;
  clock: ClockPort;
  /** The checkpoint repository's folder: the review's own files go in `review/` there. */
  gitFs: GitFsPort;
}

/**
 * Review after the fact: every run in the checkpoint repository with who made it and what it changed, kept or
 * undone by run, file or hunk. An undo is a three-way merge of the run's before and after with the file now, so it
 * takes back only the run's own lines, in any order, and leaves what anyone wrote since (see `hunkMerge`); it is a
 * run of its own (author "Undo", tool `checkpoints.undo` in the audit), listed and redone like any. The Changes
 * view, the terminal's /changes, /undo and /keep, and "Revert last run" all come here.
 */
export class ChangesService implements ChangesPort {
  private readonly store: ReviewStore;
  private readonly model: RunModel;
  private readonly listeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private undoCount = 0;
  /** The files of the run opened last, for its hunks: one run's worth, so memory stays bounded. */
  private opened: { runId: string; key: string; files: ReviewedFile[] } | null = null;

  constructor(private readonly deps: ChangesServiceDeps) {
    this.store = new ReviewStore(deps.gitFs.promises, deps.gitFs.root);
    this.model = new RunModel(deps.checkpoints, deps.vault);
    // A run is summarized the first time a list needs it, and stored once it has ended: no work after each run,
    // and none in the background that could outlive the services.
    deps.checkpoints.onChange(() => this.changed());
  }

  async listRuns(options: { limit?: number; before?: string } = {}): Promise<ChangedRun[]> {
    const runs = await this.exclusive(() => this.allRecords());
    const decisions = byRun(await this.store.decisions());
    let start = 0;
    if (options.before !== undefined) start = runs.findIndex((run) => run.runId === options.before) + 1;
    const page = runs.slice(start, options.limit === undefined ? undefined : start + options.limit);
    return page.map((record) => {
      const states = unitStates(decisions.get(record.runId) ?? [], record.runId);
      const tally = new Tally(record.author.kind === 'undo');
      for (const file of record.files) tally.addFile(file, states);
      let added = 0;
      let removed = 0;
      for (const file of record.files) {
        added += file.linesAdded;
        removed += file.linesRemoved;
      }
      return {
        runId: record.runId,
        author: record.author,
        startedAt: record.startedAt,
        endedAt: record.endedAt,
        files: record.files.length,
        linesAdded: added,
        linesRemoved: removed,
        state: tally.state(),
        ...(record.undoOf ? { undoOf: record.undoOf } : {}),
      };
    });
  }

  async toReviewCount(): Promise<number> {
    const runs = await this.exclusive(() => this.allRecords());
    const decisions = byRun(await this.store.decisions());
    let count = 0;
    for (const record of runs) {
      const tally = new Tally(record.author.kind === 'undo');
      const states = unitStates(decisions.get(record.runId) ?? [], record.runId);
      for (const file of record.files) tally.addFile(file, states);
      if (tally.toReview > 0) count++;
    }
    return count;
  }

  async *files(runId: string): AsyncIterable<ChangedFile> {
    const history = await this.exclusive(() => this.history(runId));
    const states = unitStates(await this.store.decisions(), runId);
    const files: ReviewedFile[] = [];
    for await (const file of this.model.files(history)) {
      files.push(file);
      const tally = new Tally(history.origin?.author.kind === 'undo');
      tally.addFile(file.summary, states);
      yield {
        runId,
        path: file.summary.path,
        ...(file.summary.previousPath !== undefined ? { previousPath: file.summary.previousPath } : {}),
        change: file.summary.change,
        binary: file.summary.binary,
        hunks: file.summary.hunks,
        linesAdded: file.summary.linesAdded,
        linesRemoved: file.summary.linesRemoved,
        state: tally.state(),
      };
    }
    this.opened = { runId, key: `${history.metas.length}:${history.entries.length}:${String(history.endedAt)}`, files };
  }

  async hunks(runId: string, path: string): Promise<ChangeHunk[]> {
    const file = findFile(await this.runFiles(runId), runId, path);
    const states = unitStates(await this.store.decisions(), runId);
    const undoRun = (await this.deps.checkpoints.history(runId))?.origin?.author.kind === 'undo';
    const stateOf = (hunk: number): ChangeHunk['state'] =>
      states.get(unitKey(file.record.path, hunk))?.state ?? (undoRun ? 'kept' : 'to-review');
    const text = file.text;
    if (!text) return [];
    if (file.summary.whole) {
      const whole = states.get(unitKey(file.record.path, WHOLE));
      const since = await this.wholeChangedSince(file, whole);
      return text.blocks.map((block, index) => ({
        ...hunkLines(text, block, index, file.record.path),
        state: whole?.state ?? (undoRun ? 'kept' : 'to-review'),
        changedSince: since !== null,
        ...(since !== null ? { now: since } : {}),
      }));
    }
    const undone = new Set(text.blocks.map((_, index) => index).filter((index) => stateOf(index) === 'undone'));
    const bytes = await readOrNull(this.deps.vault, file.record.path, `Reviewing "${file.record.path}"`);
    const now = bytes === null ? null : textOf(bytes);
    const checks = checkHunks(text, undone, now === null ? null : splitLines(now));
    return text.blocks.map((block, index) => {
      const check = checks[index] as (typeof checks)[number];
      return {
        ...hunkLines(text, block, index, file.record.path),
        state: stateOf(index),
        changedSince: check.changedSince,
        ...(check.changedSince ? { now: check.now.map(shownLine) } : {}),
      };
    });
  }

  async keep(target: ChangeTarget): Promise<void> {
    await this.exclusive(async () => {
      const files = await this.runFiles(target.runId);
      const states = unitStates(await this.store.decisions(), target.runId);
      const units: Unit[] = [];
      for (const { file, hunks } of chosenFiles(files, target)) {
        for (const unit of unitsOf(file.summary, hunks)) {
          const state = states.get(unitKey(...unit))?.state ?? 'to-review';
          if (state === 'to-review' || (state === 'kept' && hunks !== null)) units.push(unit);
        }
      }
      if (units.length > 0)
        await this.store.addDecision({ runId: target.runId, decision: 'kept', units, time: this.deps.clock.now() });
    });
    this.changed();
  }

  async undo(target: ChangeTarget, options: UndoOptions = {}): Promise<UndoOutcome> {
    const anyway = options.anyway ?? false;
    const args = { ...target, ...(anyway ? { anyway } : {}) };
    return (await this.flip({ target, redo: false, anyway, tool: UNDO_TOOL, args })).outcome;
  }

  async redo(target: ChangeTarget, options: UndoOptions = {}): Promise<UndoOutcome> {
    const anyway = options.anyway ?? false;
    const args = { ...target, ...(anyway ? { anyway } : {}), redo: true };
    return (await this.flip({ target, redo: true, anyway, tool: UNDO_TOOL, args })).outcome;
  }

  /** What undoing `target` would write now, and what it would leave as changed since; writes nothing. */
  previewUndo(target: ChangeTarget): Promise<UndoPreview> {
    return this.exclusive(async () => {
      const plans = await this.plan(target, await this.history(target.runId), false, false);
      const existed = (one: FilePlan, path: string): boolean => (one.read.get(path) ?? null) !== null;
      return {
        writes: plans.flatMap((one) => one.writes.map((write) => ({ ...write, existed: existed(one, write.path) }))),
        changedSince: plans.flatMap((one) => one.changedSince).map((unit) => toTarget(target.runId, unit)),
      };
    });
  }

  /**
   * A whole run undone as "Revert last run" and `/revert` do it: by the same merge, as run `revert-<run>-<n>`,
   * audited as `tool` (`checkpoints.revert`, whose lines scripts count) with the arguments it always had.
   */
  revertRun(runId: string, overwrite: boolean, tool: string): Promise<Flipped> {
    const args = { runId, overwriteConflicts: overwrite };
    return this.flip({ target: { runId }, redo: false, anyway: overwrite, tool, args, revert: true });
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Resolves once the work under way (a summary of a run that just ended, an undo) is done. */
  async settled(): Promise<void> {
    await this.exclusive(() => Promise.resolve());
  }

  private async flip(request: FlipRequest): Promise<Flipped> {
    const started = this.deps.clock.now();
    const { target, tool, args } = request;
    let flipped: Flipped;
    try {
      flipped = await this.exclusive(() => this.flipLocked(request));
    } catch (error) {
      const failure = { error: describeError(error), code: isAgentError(error) ? error.code : null };
      const durationMs = this.deps.clock.now() - started;
      await this.deps.audit.record({ runId: target.runId, tool, args, ok: false, ...failure, durationMs });
      throw error;
    }
    const { outcome } = flipped;
    await this.deps.audit.record({
      runId: outcome.undoRunId ?? target.runId,
      tool,
      args,
      ok: true,
      error: null,
      code: null,
      durationMs: this.deps.clock.now() - started,
      restored: [
        ...new Set(flipped.written.map((write) => write.path)),
        ...flipped.removedFolders.map((folder) => `${folder}/`),
      ],
      conflicts: [...new Set(outcome.changedSince.map((left) => left.path ?? ''))].map((path) => ({
        path,
        reason: 'changed since the run',
      })),
    });
    this.changed();
    return flipped;
  }

  private async plan(target: ChangeTarget, history: RunHistory, redo: boolean, anyway: boolean): Promise<FilePlan[]> {
    const chosen = chosenFiles(await this.runFiles(target.runId, history), target);
    const states = unitStates(await this.store.decisions(), target.runId);
    const plans: FilePlan[] = [];
    const undoText = (id: string, path: string): Promise<RunText | null> => this.undoText(id, path);
    for (const { file, hunks } of chosen)
      plans.push(await planFile(this.deps.vault, file, states, hunks, redo, anyway, undoText));
    return plans;
  }

  private async flipLocked({ target, redo, anyway, revert }: FlipRequest): Promise<Flipped> {
    const history = await this.history(target.runId);
    let plans = await this.plan(target, history, redo, anyway);
    const writes = plans.flatMap((one) => one.writes);
    let undoRunId: string | null = null;
    let done: { written: UndoWrite[]; removedFolders: string[] } = { written: [], removedFolders: [] };
    const before = new Map(plans.flatMap((one) => [...one.read]));
    if (writes.length > 0) {
      undoRunId = revert ? await this.nextRevertId(target.runId) : this.nextUndoId();
      const verb = revert ? 'Revert' : redo ? 'Redo' : 'Undo';
      const author = { kind: 'undo' as const, label: 'Undo', detail: `${verb} of ${target.runId}` };
      done = await writeAsRun(
        this.deps,
        { runId: undoRunId, origin: { author, undoOf: target.runId } },
        writes,
        async (found) => {
          if (Object.entries(found).every(([path, oid]) => !before.has(path) || before.get(path) === oid))
            return writes;
          plans = await this.plan(target, history, redo, anyway);
          return plans.flatMap((one) => one.writes);
        },
        createdFolders(history),
      );
    }
    const applied = plans.flatMap((one) => one.applied);
    if (applied.length > 0) {
      const restoredAt = Object.assign({}, ...plans.map((one) => one.restoredAt ?? {})) as Record<string, string>;
      const spots = Object.fromEntries(plans.filter((one) => one.spots.length > 0).map((one) => [one.path, one.spots]));
      const decision: Decision = {
        runId: target.runId,
        decision: redo ? 'redone' : 'undone',
        units: applied,
        ...(undoRunId ? { by: undoRunId } : {}),
        ...(Object.keys(restoredAt).length > 0 ? { restoredAt } : {}),
        ...(!redo && Object.keys(spots).length > 0 ? { spots } : {}),
        time: this.deps.clock.now(),
      };
      await this.store.addDecision(decision);
    }
    return {
      outcome: {
        undoRunId,
        applied: applied.map((unit) => toTarget(target.runId, unit)),
        changedSince: plans.flatMap((one) => one.changedSince).map((unit) => toTarget(target.runId, unit)),
        restoredFiles: plans.flatMap((one) => one.restoredFiles),
      },
      written: done.written.map((write) => ({ ...write, existed: (before.get(write.path) ?? null) !== null })),
      removedFolders: done.removedFolders,
    };
  }

  /** Every run in the repository as listed, newest first; summarizing (once) the runs that ended unsummarized. */
  private async allRecords(): Promise<RunRecord[]> {
    const records = await this.store.records();
    const runs: RunRecord[] = [];
    for (const runId of await this.deps.checkpoints.runIds()) {
      const known = records.get(runId);
      const record = known && known.endedAt !== null ? known : await this.recordOf(runId);
      if (record) runs.push(record);
    }
    // Summaries of pruned runs are dropped once they are most of the file.
    if (records.size > 2 * runs.length + 100) await this.store.keepRecords(runs.filter((run) => run.endedAt !== null));
    return runs.sort((a, b) => b.startedAt - a.startedAt || (a.runId < b.runId ? 1 : a.runId > b.runId ? -1 : 0));
  }

  /** Works out a run's record; stores it once the run has ended. Null when the run has no checkpoints. */
  private async recordOf(runId: string): Promise<RunRecord | null> {
    const history = await this.deps.checkpoints.history(runId);
    if (!history) return null;
    const record = await runRecord(history, this.model);
    if (record.endedAt !== null && !history.inProgress) await this.store.addRecord(record);
    return record;
  }

  private async history(runId: string): Promise<RunHistory> {
    const history = await this.deps.checkpoints.history(runId);
    if (!history)
      throw new AgentError(
        'NOT_FOUND',
        `No run "${runId}" in the checkpoint repository (it never wrote, or was pruned)`,
        {
          runId,
        },
      );
    return history;
  }

  /** The files of a run with their content: the run opened last is kept (until it records more), any other read again. */
  private async runFiles(runId: string, known?: RunHistory): Promise<ReviewedFile[]> {
    const history = known ?? (await this.history(runId));
    const key = `${history.metas.length}:${history.entries.length}:${String(history.endedAt)}`;
    if (this.opened?.runId === runId && this.opened.key === key) return this.opened.files;
    const files: ReviewedFile[] = [];
    for await (const file of this.model.files(history)) files.push(file);
    this.opened = { runId, key, files };
    return files;
  }

  /** For a whole file: null when it is as the review expects, else what it holds now (as lines). */
  private async wholeChangedSince(file: ReviewedFile, state: UnitState | undefined): Promise<string[] | null> {
    const undone = state?.state === 'undone';
    const path = state?.restoredAt ?? (undone ? (file.record.previousPath ?? file.record.path) : file.record.path);
    const expected = undone ? file.record.before : file.after;
    const bytes = await readOrNull(this.deps.vault, path, `Reviewing "${path}"`);
    if ((bytes === null ? null : await hashContent(bytes)) === expected) return null;
    const text = bytes === null ? '' : textOf(bytes);
    return text === null ? [] : splitLines(text).map(shownLine);
  }

  /** The text of `path` as undo run `undoRunId` found and left it; null when that run is gone or did not write it. */
  private async undoText(undoRunId: string, path: string): Promise<RunText | null> {
    const history = await this.deps.checkpoints.history(undoRunId).catch(() => null);
    const record = history ? runFiles(history).find((one) => one.path === path) : undefined;
    return record ? ((await this.model.file(record)).text ?? null) : null;
  }

  /** `revert-<run>-<n>`, the first not taken: the id "Revert last run" has always given its run. */
  private async nextRevertId(runId: string): Promise<string> {
    const taken = new Set(await this.deps.checkpoints.runIds());
    let n = 1;
    while (taken.has(`revert-${runId}-${n}`) || this.deps.checkpoints.inProgress(`revert-${runId}-${n}`)) n++;
    return `revert-${runId}-${n}`;
  }

  private nextUndoId(): string {
    const stamp = new Date(this.deps.clock.now()).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
    return `undo-${stamp}-${++this.undoCount}-${Math.random().toString(36).slice(2, 6).padEnd(4, '0')}`;
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
