import type { RunHistory } from '../checkpoints/types';
import { AgentError } from '../errors';
import type { RunText } from './hunkMerge';
import type { LineBlock } from './lineBlocks';
import { shownLine } from './lineBlocks';
import { type Decision, type FileSummary, type Unit, type UnitState, unitKey, WHOLE } from './ReviewStore';
import type { ReviewedFile } from './runModel';
import type { ChangeHunk, ChangeTarget, ReviewState } from './types';

/** Counts a run's (or a file's) units by state; units nobody decided on are to review, or kept in an undo's own run. */
export class Tally {
  toReview = 0;
  kept = 0;
  undone = 0;

  constructor(private readonly keptByDefault: boolean) {}

  addFile(file: FileSummary, states: ReadonlyMap<string, UnitState>): void {
    for (const unit of unitsOf(file, null)) {
      const state = states.get(unitKey(...unit))?.state ?? (this.keptByDefault ? 'kept' : 'to-review');
      if (state === 'undone') this.undone++;
      else if (state === 'kept') this.kept++;
      else this.toReview++;
    }
  }

  state(): ReviewState {
    if (this.undone > 0) return this.kept + this.toReview === 0 ? 'undone' : 'partly-undone';
    return this.toReview === 0 && this.kept > 0 ? 'kept' : 'to-review';
  }
}

/** The units a decision about `hunks` of a file (all when null) is about: its hunks, or the file as a whole. */
export function unitsOf(file: FileSummary, hunks: readonly number[] | null): Unit[] {
  if (file.whole) return [[file.path, WHOLE]];
  return (hunks ?? Array.from({ length: file.hunks }, (_, index) => index)).map((hunk) => [file.path, hunk]);
}

export function byRun(decisions: readonly Decision[]): Map<string, Decision[]> {
  const runs = new Map<string, Decision[]>();
  for (const decision of decisions) runs.set(decision.runId, [...(runs.get(decision.runId) ?? []), decision]);
  return runs;
}

/** The file of a run at `path` (where the run left it, or for a moved file where it was). */
export function findFile(files: readonly ReviewedFile[], runId: string, path: string): ReviewedFile {
  const file = files.find((one) => one.record.path === path) ?? files.find((one) => one.record.previousPath === path);
  if (!file) {
    const names = files.map((one) => `"${one.record.path}"`).join(', ');
    throw new AgentError(
      'NOT_FOUND',
      `Run "${runId}" did not change "${path}"; it changed ${files.length === 0 ? 'no files' : names}`,
      { runId, path },
    );
  }
  return file;
}

/**
 * The files a target is about, each with its hunks (null: all, or the file as a whole). A moved file takes along
 * the notes whose links its move rewrote, whole: undoing a rename undoes its link rewrites.
 */
export function chosenFiles(
  files: readonly ReviewedFile[],
  target: ChangeTarget,
): { file: ReviewedFile; hunks: number[] | null }[] {
  if (target.path === undefined) {
    if (target.hunk !== undefined)
      throw new AgentError('INVALID_INPUT', `A hunk (${target.hunk + 1}) needs the path of its file`, { ...target });
    return files.map((file) => ({ file, hunks: null }));
  }
  const file = findFile(files, target.runId, target.path);
  let hunks: number[] | null = null;
  if (target.hunk !== undefined) {
    const count = file.summary.whole ? Math.max(file.summary.hunks, 1) : file.summary.hunks;
    if (!Number.isInteger(target.hunk) || target.hunk < 0 || target.hunk >= count)
      throw new AgentError(
        'INVALID_INPUT',
        `"${file.record.path}" in run "${target.runId}" has changes 1-${count}, not ${String(target.hunk + 1)}`,
        { ...target },
      );
    if (!file.summary.whole) hunks = [target.hunk];
  }
  const chosen = [{ file, hunks }];
  if (file.record.change === 'moved' && file.record.moveSeq !== undefined)
    for (const other of files)
      if (other !== file && other.record.change === 'modified' && other.record.moveSeq === file.record.moveSeq)
        chosen.push({ file: other, hunks: null });
  return chosen;
}

export function toTarget(runId: string, [path, hunk]: Unit): ChangeTarget {
  return hunk === WHOLE ? { runId, path } : { runId, path, hunk };
}

/** A hunk's place and lines as the view shows them (1-based line numbers, no line breaks). */
export function hunkLines(
  text: RunText,
  block: LineBlock,
  index: number,
  path: string,
): Pick<ChangeHunk, 'index' | 'count' | 'path' | 'beforeStart' | 'before' | 'afterStart' | 'after'> {
  return {
    index,
    count: text.blocks.length,
    path,
    beforeStart: block.aStart + 1,
    before: text.before.slice(block.aStart, block.aEnd).map(shownLine),
    afterStart: block.bStart + 1,
    after: text.after.slice(block.bStart, block.bEnd).map(shownLine),
  };
}

/** The folders a run created (absent before its checkpoint): an undo that empties one removes it. */
export function createdFolders(history: RunHistory): Set<string> {
  const created = new Set<string>();
  for (const meta of history.metas)
    for (const [folder, existed] of Object.entries(meta.folders)) if (!existed) created.add(folder);
  return created;
}
