import { AgentError, describeError } from '../errors';
import type { GitFsPromises } from '../ports/gitFs';
import type { FileChangeKind, RunAuthor } from './types';

/** A file of a run as its summary keeps it: enough to list it without reading any content. */
export interface FileSummary {
  path: string;
  previousPath?: string;
  change: FileChangeKind;
  binary: boolean;
  /** Undone as a whole (created, deleted, moved, binary), not hunk by hunk. */
  whole: boolean;
  hunks: number;
  linesAdded: number;
  linesRemoved: number;
  /** A moved file and the notes whose links that move rewrote share it: undoing the move undoes them too. */
  moveSeq?: number;
}

/** A run as listed: written once the run ended, so listing reads no commit and diffs nothing. */
export interface RunRecord {
  runId: string;
  author: RunAuthor;
  undoOf?: string;
  startedAt: number;
  endedAt: number | null;
  files: FileSummary[];
}

/** The unit a decision is about: a hunk of a file, or the whole file (`WHOLE`). */
export type Unit = [path: string, hunk: number];
export const WHOLE = -1;

/** One keep, undo or redo, as appended. */
export interface Decision {
  runId: string;
  decision: 'kept' | 'undone' | 'redone';
  units: Unit[];
  /** The run that wrote the undo or redo. */
  by?: string;
  /** A whole file an undo brought back at another path (its own was taken): path → where it came back. */
  restoredAt?: Record<string, string>;
  /** Where each hunk an undo wrote back sits in what it left (`[hunk, start, end]`, 0-based lines): its redo's anchor. */
  spots?: Record<string, [number, number, number][]>;
  time: number;
}

/** A unit's state after every decision about it. */
export interface UnitState {
  state: 'to-review' | 'kept' | 'undone';
  restoredAt?: string;
  /** For an undone hunk: the undo run that wrote it back, and where in what that run left. */
  by?: string;
  spot?: [number, number];
}

/**
 * The review's own files in the checkpoint repository's folder, `review/`: `runs.jsonl`, the summary of each ended
 * run (a cache: a summary lost or torn is worked out again from the checkpoints), and `decisions.jsonl`, every
 * keep, undo and redo in order (what the person decided: kept with the checkpoints, so it survives a restart and
 * is shared by the plugin and the terminal on one repository). Both only grow by appended lines; a line that does
 * not parse (torn by a crash, or two processes appending at once) is skipped. Each file is read again only when
 * its size changed.
 */
export class ReviewStore {
  private readonly folder: string;
  private readonly cache = new Map<string, { size: number; lines: unknown[] }>();

  constructor(
    private readonly fs: GitFsPromises,
    root: string,
  ) {
    this.folder = `${root}/review`;
  }

  async records(): Promise<Map<string, RunRecord>> {
    const records = new Map<string, RunRecord>();
    for (const line of await this.read('runs.jsonl')) if (isRecord(line)) records.set(line.runId, line);
    return records;
  }

  addRecord(record: RunRecord): Promise<void> {
    return this.append('runs.jsonl', record);
  }

  /**
   * Writes the summaries anew with only `live` (the runs the repository still holds), so the file does not grow
   * with every run ever made. Safe to lose: a summary missing after a crash is worked out again.
   */
  async keepRecords(live: readonly RunRecord[]): Promise<void> {
    const text = live.map((record) => `${JSON.stringify(record)}\n`).join('');
    try {
      await this.fs.writeFile(`${this.folder}/runs.jsonl`, text, 'utf8');
    } catch (error) {
      throw new AgentError(
        'INTERNAL',
        `Could not write the review file "${this.folder}/runs.jsonl": ${describeError(error)}`,
      );
    }
  }

  /** Every decision, oldest first. */
  async decisions(): Promise<Decision[]> {
    return (await this.read('decisions.jsonl')).filter(isDecision);
  }

  addDecision(decision: Decision): Promise<void> {
    return this.append('decisions.jsonl', decision);
  }

  private async read(name: string): Promise<unknown[]> {
    const path = `${this.folder}/${name}`;
    let size: number;
    try {
      size = (await this.fs.stat(path)).size;
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const cached = this.cache.get(name);
    if (cached?.size === size) return cached.lines;
    const data = await this.fs.readFile(path, 'utf8');
    const text = typeof data === 'string' ? data : new TextDecoder().decode(data);
    const lines: unknown[] = [];
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      try {
        lines.push(JSON.parse(line));
      } catch {
        // A torn line: skipped, and the lines after it still count.
      }
    }
    this.cache.set(name, { size: new TextEncoder().encode(text).length, lines });
    return lines;
  }

  private async append(name: string, value: unknown): Promise<void> {
    try {
      await this.fs.mkdir(this.folder, { recursive: true });
      // A line of its own even after a torn one: the newline first closes whatever a crash left.
      await this.fs.appendFile(`${this.folder}/${name}`, `\n${JSON.stringify(value)}\n`);
    } catch (error) {
      throw new AgentError(
        'INTERNAL',
        `Could not write the review file "${this.folder}/${name}": ${describeError(error)}`,
      );
    }
  }
}

/** The state of each unit of one run, from the decisions in order. */
export function unitStates(decisions: readonly Decision[], runId: string): Map<string, UnitState> {
  const states = new Map<string, UnitState>();
  for (const decision of decisions) {
    if (decision.runId !== runId) continue;
    for (const [path, hunk] of decision.units) {
      const key = unitKey(path, hunk);
      if (decision.decision === 'kept') {
        if (states.get(key)?.state !== 'undone') states.set(key, { state: 'kept' });
      } else if (decision.decision === 'redone') states.set(key, { state: 'kept' });
      else {
        const restoredAt = decision.restoredAt?.[path];
        const spot = decision.spots?.[path]?.find(([index]) => index === hunk);
        states.set(key, {
          state: 'undone',
          ...(restoredAt ? { restoredAt } : {}),
          ...(decision.by ? { by: decision.by } : {}),
          ...(spot ? { spot: [spot[1], spot[2]] as [number, number] } : {}),
        });
      }
    }
  }
  return states;
}

export function unitKey(path: string, hunk: number): string {
  return `${hunk}\u0000${path}`;
}

function isRecord(value: unknown): value is RunRecord {
  if (typeof value !== 'object' || value === null) return false;
  const { runId, author, startedAt, files } = value as Record<string, unknown>;
  return (
    typeof runId === 'string' && typeof author === 'object' && typeof startedAt === 'number' && Array.isArray(files)
  );
}

function isDecision(value: unknown): value is Decision {
  if (typeof value !== 'object' || value === null) return false;
  const { runId, decision, units } = value as Record<string, unknown>;
  return (
    typeof runId === 'string' &&
    (decision === 'kept' || decision === 'undone' || decision === 'redone') &&
    Array.isArray(units)
  );
}

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}
