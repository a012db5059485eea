import { exactText } from '../checkpoints/applyRestore';
import { readOrNull } from '../checkpoints/capturePreState';
import { hashContent } from '../checkpoints/hashContent';
import type { VaultPort } from '../ports/vault';
import { uniquePath } from '../tools/vault/uniquePath';
import { type FlipResult, flipHunks, redoFromUndo, type RunText } from './hunkMerge';
import { splitLines } from './lineBlocks';
import { type Unit, type UnitState, unitKey, WHOLE } from './ReviewStore';
import { type ReviewedFile, textOf } from './runModel';

/** One write of an undo or redo. */
export type UndoWrite =
  | { path: string; op: 'text'; content: string }
  | { path: string; op: 'bytes'; bytes: Uint8Array }
  | { path: string; op: 'delete' };

/** What undoing (or redoing) the chosen units of one file takes, worked out against the file now. */
export interface FilePlan {
  path: string;
  writes: UndoWrite[];
  /** Units this puts back (or already found back). */
  applied: Unit[];
  /** Units left because their lines changed since the run. */
  changedSince: Unit[];
  /** Whole files written back (created, deleted, moved, binary), as paths. */
  restoredFiles: string[];
  /** A whole file brought back at another path than its own, which was taken: path → where. */
  restoredAt?: Record<string, string>;
  /** What each path held when this was worked out (blob id, null when absent), to check nothing changed since. */
  read: Map<string, string | null>;
  /** Where the hunks this undoes sit in what it writes (see `Decision.spots`). */
  spots: [number, number, number][];
}

/** The text of `path` as an undo run found and left it: what its redo merges over. */
export type UndoText = (undoRunId: string, path: string) => Promise<RunText | null>;

/**
 * Plans an undo (`redo` false) or redo of `hunks` (all when null) of one file of a run: hunk by hunk by a three-way
 * merge for text the run modified, else the whole file byte for byte. `states` is the run's review so far.
 */
export async function planFile(
  vault: VaultPort,
  file: ReviewedFile,
  states: ReadonlyMap<string, UnitState>,
  hunks: readonly number[] | null,
  redo: boolean,
  anyway: boolean,
  undoText: UndoText,
): Promise<FilePlan> {
  const path = file.record.path;
  const plan: FilePlan = {
    path,
    writes: [],
    applied: [],
    changedSince: [],
    restoredFiles: [],
    read: new Map(),
    spots: [],
  };
  if (!file.summary.whole && file.text) {
    const undone = new Set<number>();
    for (let index = 0; index < file.text.blocks.length; index++)
      if (states.get(unitKey(path, index))?.state === 'undone') undone.add(index);
    const chosen = (hunks ?? file.text.blocks.map((_, index) => index)).filter((index) => undone.has(index) === redo);
    if (chosen.length === 0) return plan;
    const bytes = await readNow(vault, path, plan);
    const now = bytes === null ? null : textOf(bytes);
    const result = redo
      ? await redoHunks(file, states, now === null ? null : splitLines(now), chosen, anyway, undoText)
      : flipHunks(file.text, undone, now === null ? null : splitLines(now), chosen, anyway);
    if (result.lines) {
      const content = result.lines.join('');
      if (content !== now) plan.writes.push({ path, op: 'text', content });
    }
    plan.applied = result.applied.map((index) => [path, index]);
    plan.changedSince = result.changedSince.map((index) => [path, index]);
    if (!redo && 'spots' in result)
      plan.spots = [...(result.spots as FlipResult['spots'])].map(([index, [start, end]]) => [index, start, end]);
    return plan;
  }
  const state = states.get(unitKey(path, WHOLE));
  if ((state?.state === 'undone') !== redo) return plan;
  const unit: Unit = [path, WHOLE];
  const own = file.record.previousPath ?? path;
  const before = { path: own, oid: file.record.before, bytes: file.beforeBytes };
  const after = { path, oid: file.after, bytes: file.afterBytes };
  const from = redo ? { ...before, path: state?.restoredAt ?? own } : { ...after, path: state?.restoredAt ?? path };
  const to = redo ? after : before;
  // What the run removed comes back beside whatever took its place since: no conflict, and nothing removed.
  const bringsBack = from.oid === null && to.oid !== null;
  const nowHash = bringsBack ? null : await hashNow(vault, from.path, plan);
  if (nowHash !== from.oid && !anyway) {
    plan.changedSince.push(unit);
    return plan;
  }
  const moves = from.path !== to.path;
  if (nowHash !== null && (to.oid === null || moves)) plan.writes.push({ path: from.path, op: 'delete' });
  if (to.oid !== null && to.bytes !== null) {
    let target = to.path;
    if (moves || bringsBack) {
      const there = await hashNow(vault, target, plan);
      if (there === to.oid) return settled(plan, unit);
      if (there !== null || (await vault.stat(target)) !== null) {
        target = await uniquePath(vault, to.path, 'file');
        plan.restoredAt = { [path]: target };
      }
    } else if (nowHash === to.oid) return settled(plan, unit);
    const text = exactText(to.bytes);
    plan.writes.push(
      text === null ? { path: target, op: 'bytes', bytes: to.bytes } : { path: target, op: 'text', content: text },
    );
  }
  if (plan.writes.length > 0)
    plan.restoredFiles.push(to.oid === null ? from.path : (plan.restoredAt?.[path] ?? to.path));
  return settled(plan, unit);
}

/**
 * A whole file counts as undone (or redone) only when this writes something: a file already as it should be was
 * put so by someone else, and a redo must not take away what the undo did not write.
 */
function settled(plan: FilePlan, unit: Unit): FilePlan {
  if (plan.writes.length > 0) plan.applied.push(unit);
  return plan;
}

/**
 * Redoes undone hunks over the undo runs that undid them (`redoFromUndo`), each run's in turn; a hunk undone
 * before spots were recorded is put back over the run's own change.
 */
async function redoHunks(
  file: ReviewedFile,
  states: ReadonlyMap<string, UnitState>,
  now: string[] | null,
  chosen: readonly number[],
  anyway: boolean,
  undoText: UndoText,
): Promise<{ lines: string[] | null; applied: number[]; changedSince: number[] }> {
  const path = file.record.path;
  const byRun = new Map<string, Map<number, [number, number]>>();
  const rest: number[] = [];
  for (const index of chosen) {
    const state = states.get(unitKey(path, index));
    if (state?.by && state.spot)
      byRun.set(state.by, (byRun.get(state.by) ?? new Map<number, [number, number]>()).set(index, state.spot));
    else rest.push(index);
  }
  let lines = now;
  const applied: number[] = [];
  const changedSince: number[] = [];
  for (const [undoRunId, spots] of byRun) {
    const undo = await undoText(undoRunId, path);
    if (!undo) {
      rest.push(...spots.keys());
      continue;
    }
    const result = redoFromUndo(undo, spots, lines, anyway);
    lines = result.lines ?? lines;
    applied.push(...result.applied);
    changedSince.push(...result.changedSince);
  }
  if (rest.length > 0 && file.text) {
    const undone = new Set<number>();
    for (let index = 0; index < file.text.blocks.length; index++)
      if (states.get(unitKey(path, index))?.state === 'undone' && !applied.includes(index)) undone.add(index);
    const result = flipHunks(file.text, undone, lines, rest, anyway);
    lines = result.lines ?? lines;
    applied.push(...result.applied);
    changedSince.push(...result.changedSince);
  }
  return {
    lines: applied.length > 0 ? lines : null,
    applied: applied.sort((a, b) => a - b),
    changedSince: changedSince.sort((a, b) => a - b),
  };
}

/** Reads the file now and notes its hash in the plan; null when absent (or a folder). */
async function readNow(vault: VaultPort, path: string, plan: FilePlan): Promise<Uint8Array | null> {
  const bytes = await readOrNull(vault, path, `Undoing changes to "${path}"`);
  plan.read.set(path, bytes === null ? null : await hashContent(bytes));
  return bytes;
}

async function hashNow(vault: VaultPort, path: string, plan: FilePlan): Promise<string | null> {
  await readNow(vault, path, plan);
  return plan.read.get(path) ?? null;
}
