import type { ChangedFile, ChangedRun, ChangeHunk, ReviewState } from '../../core/review/types';
import { plural } from '../revealedText';

export const STATE_TEXT: Record<ReviewState, string> = {
  'to-review': 'to review',
  kept: 'kept',
  'partly-undone': 'partly undone',
  undone: 'undone',
};

/** One formatter for every run: making one per call costs more than drawing the run. */
const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "28 Nov 2026, 14:03": when a run started, in the person's own locale. */
export function runTime(ms: number): string {
  return TIME.format(ms);
}

/** Who made the run, as its name starts: "Chat", "Saved action: Weekly note", "Claude Code". */
export function runAuthor(run: ChangedRun): string {
  return run.author.detail ? `${run.author.label}: ${run.author.detail}` : run.author.label;
}

/** "3 files, 12 lines added, 4 removed". */
export function changeSize(item: Pick<ChangedRun, 'linesAdded' | 'linesRemoved'> & { files?: number }): string {
  const files = item.files === undefined ? '' : `${plural(item.files, 'file')}, `;
  return `${files}${plural(item.linesAdded, 'line')} added, ${item.linesRemoved} removed`;
}

/**
 * A run's accessible name: who made it first (the contract: "Chat:", "Saved action:", "Undo:", a client's name and
 * a colon), then when, what it changed and where it stands.
 */
export function runName(run: ChangedRun): string {
  const state = run.endedAt === null ? 'still running' : STATE_TEXT[run.state];
  const who = run.author.detail ? `${run.author.label}: ${run.author.detail},` : `${run.author.label}:`;
  return `${who} ${runTime(run.startedAt)}, ${changeSize(run)}, ${state}`;
}

export function fileName(file: Pick<ChangedFile, 'path'>): string {
  return `File ${file.path}`;
}

/** "Change 2 of 5 in Projects/Q3.md", and " (changed since)" when undoing it would meet lines written since. */
export function hunkName(hunk: Pick<ChangeHunk, 'index' | 'count' | 'path' | 'changedSince'>): string {
  return `Change ${hunk.index + 1} of ${hunk.count} in ${hunk.path}${hunk.changedSince ? ' (changed since)' : ''}`;
}

/** What a file's change was, in words: "Created, 3 lines added, 0 removed", "Moved from Inbox/a.md, …". */
export function fileChangeText(file: ChangedFile): string {
  const kind =
    file.change === 'moved'
      ? `Moved from ${file.previousPath ?? 'another folder'}`
      : file.change.charAt(0).toUpperCase() + file.change.slice(1);
  const size = file.binary ? 'not text: undone whole, byte for byte' : changeSize(file);
  return `${kind}, ${size}`;
}
