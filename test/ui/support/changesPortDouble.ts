/**
 * A test double of ChangesPort (src/core/review/types.ts), in memory: runs given as files with their hunks, keep,
 * undo and redo changing the states as the core's do (an undo is a run of its own, listed first; a hunk changed
 * since is left unless `anyway`). It records every call. The real ChangesService is tested in test/core/review and
 * drives the view in test/plugin; this double lets the view's own tests choose any shape of run, the screenshot page
 * too.
 */
import type {
  ChangedFile,
  ChangedRun,
  ChangeHunk,
  ChangesPort,
  ChangeTarget,
  ReviewState,
  RunAuthor,
  UndoOptions,
  UndoOutcome,
} from '../../../src/core/review/types';

export interface DoubleHunk {
  before: string[];
  after: string[];
  beforeStart?: number;
  afterStart?: number;
  /** What the note holds there now, when it is not what the run wrote: the hunk is then changed since. */
  now?: string[];
}

export interface DoubleFile {
  path: string;
  change?: ChangedFile['change'];
  previousPath?: string;
  binary?: boolean;
  hunks: DoubleHunk[];
}

export interface DoubleRun {
  runId: string;
  author: RunAuthor;
  startedAt: number;
  endedAt?: number | null;
  files: DoubleFile[];
}

interface StoredHunk extends DoubleHunk {
  state: ChangeHunk['state'];
}

interface StoredRun extends Omit<DoubleRun, 'files'> {
  undoOf?: string;
  files: (Omit<DoubleFile, 'hunks'> & { hunks: StoredHunk[]; wholeState: ChangeHunk['state'] })[];
}

export class ChangesPortDouble implements ChangesPort {
  readonly calls: string[] = [];
  private readonly runs: StoredRun[];
  private readonly listeners = new Set<() => void>();
  private undoRuns = 0;
  /** Set to hold `files()` after each file until `release()`: the view must show what came so far. */
  gate: Promise<void> | null = null;

  constructor(runs: DoubleRun[]) {
    this.runs = runs.map((run) => ({
      ...run,
      files: run.files.map((file) => ({
        ...file,
        wholeState: 'to-review',
        hunks: file.hunks.map((hunk) => ({ ...hunk, state: 'to-review' })),
      })),
    }));
  }

  listRuns(options: { limit?: number; before?: string } = {}): Promise<ChangedRun[]> {
    this.calls.push(`listRuns ${options.limit ?? ''}`);
    const sorted = [...this.runs].sort((a, b) => b.startedAt - a.startedAt);
    const from = options.before ? sorted.findIndex((run) => run.runId === options.before) + 1 : 0;
    return Promise.resolve(sorted.slice(from, from + (options.limit ?? sorted.length)).map((run) => this.summary(run)));
  }

  toReviewCount(): Promise<number> {
    return Promise.resolve(
      this.runs.filter((run) => run.author.kind !== 'undo' && ['to-review', 'partly-undone'].includes(runState(run)))
        .length,
    );
  }

  async *files(runId: string): AsyncIterable<ChangedFile> {
    this.calls.push(`files ${runId}`);
    for (const file of this.run(runId).files) {
      yield this.fileSummary(runId, file);
      if (this.gate) await this.gate;
    }
  }

  hunks(runId: string, path: string): Promise<ChangeHunk[]> {
    this.calls.push(`hunks ${runId} ${path}`);
    const hunks = this.file(runId, path).hunks;
    return Promise.resolve(
      hunks.map((hunk, index) => ({
        index,
        count: hunks.length,
        path,
        beforeStart: hunk.beforeStart ?? 1,
        before: hunk.before,
        afterStart: hunk.afterStart ?? 1,
        after: hunk.after,
        state: hunk.state,
        changedSince: hunk.now !== undefined && hunk.state !== 'undone',
        ...(hunk.now === undefined ? {} : { now: hunk.now }),
      })),
    );
  }

  keep(target: ChangeTarget): Promise<void> {
    this.calls.push(`keep ${describe(target)}`);
    for (const hunk of this.targets(target)) if (hunk.state === 'to-review') hunk.state = 'kept';
    for (const file of this.targetFiles(target)) if (file.wholeState === 'to-review') file.wholeState = 'kept';
    this.changed();
    return Promise.resolve();
  }

  undo(target: ChangeTarget, options: UndoOptions = {}): Promise<UndoOutcome> {
    this.calls.push(`undo ${describe(target)}${options.anyway ? ' anyway' : ''}`);
    return Promise.resolve(this.apply(target, 'undone', options));
  }

  redo(target: ChangeTarget, options: UndoOptions = {}): Promise<UndoOutcome> {
    this.calls.push(`redo ${describe(target)}`);
    return Promise.resolve(this.apply(target, 'kept', options));
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** How many listeners follow the port: a closed view leaves none. */
  get listening(): number {
    return this.listeners.size;
  }

  private apply(target: ChangeTarget, to: 'undone' | 'kept', options: UndoOptions): UndoOutcome {
    const applied: ChangeTarget[] = [];
    const changedSince: ChangeTarget[] = [];
    const restoredFiles: string[] = [];
    for (const file of this.targetFiles(target)) {
      if (file.hunks.length === 0) {
        file.wholeState = to;
        restoredFiles.push(file.path);
      }
      file.hunks.forEach((hunk, index) => {
        if (target.hunk !== undefined && target.hunk !== index) return;
        if ((to === 'undone') === (hunk.state === 'undone')) return;
        const at = { runId: target.runId, path: file.path, hunk: index };
        if (hunk.now !== undefined && !options.anyway) changedSince.push(at);
        else {
          hunk.state = to;
          applied.push(at);
        }
      });
    }
    const wrote = applied.length + restoredFiles.length > 0;
    if (wrote) {
      this.undoRuns++;
      this.runs.push({
        runId: `undo-${this.undoRuns}`,
        author: { kind: 'undo', label: 'Undo' },
        startedAt: Math.max(...this.runs.map((run) => run.startedAt)) + 1,
        endedAt: Math.max(...this.runs.map((run) => run.startedAt)) + 1,
        undoOf: target.runId,
        files: [],
      });
    }
    this.changed();
    return { undoRunId: wrote ? `undo-${this.undoRuns}` : null, applied, changedSince, restoredFiles };
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private run(runId: string): StoredRun {
    const run = this.runs.find((candidate) => candidate.runId === runId);
    if (!run) throw new Error(`no run ${runId}`);
    return run;
  }

  private file(runId: string, path: string): StoredRun['files'][number] {
    const file = this.run(runId).files.find((candidate) => candidate.path === path);
    if (!file) throw new Error(`no file ${path} in run ${runId}`);
    return file;
  }

  private targetFiles(target: ChangeTarget): StoredRun['files'] {
    const files = this.run(target.runId).files;
    return target.path === undefined ? files : files.filter((file) => file.path === target.path);
  }

  private targets(target: ChangeTarget): StoredHunk[] {
    return this.targetFiles(target).flatMap((file) =>
      file.hunks.filter((_, index) => target.hunk === undefined || target.hunk === index),
    );
  }

  private summary(run: StoredRun): ChangedRun {
    const files = run.files.map((file) => this.fileSummary(run.runId, file));
    return {
      runId: run.runId,
      author: run.author,
      startedAt: run.startedAt,
      endedAt: run.endedAt === undefined ? run.startedAt : run.endedAt,
      files: files.length,
      linesAdded: files.reduce((sum, file) => sum + file.linesAdded, 0),
      linesRemoved: files.reduce((sum, file) => sum + file.linesRemoved, 0),
      state: runState(run),
      ...(run.undoOf ? { undoOf: run.undoOf } : {}),
    };
  }

  private fileSummary(runId: string, file: StoredRun['files'][number]): ChangedFile {
    return {
      runId,
      path: file.path,
      ...(file.previousPath ? { previousPath: file.previousPath } : {}),
      change: file.change ?? 'modified',
      binary: file.binary ?? false,
      hunks: file.hunks.length,
      linesAdded: file.hunks.reduce((sum, hunk) => sum + hunk.after.length, 0),
      linesRemoved: file.hunks.reduce((sum, hunk) => sum + hunk.before.length, 0),
      state: fileState(file),
    };
  }
}

function fileState(file: StoredRun['files'][number]): ReviewState {
  const states = file.hunks.length === 0 ? [file.wholeState] : file.hunks.map((hunk) => hunk.state);
  return combine(states);
}

function runState(run: StoredRun): ReviewState {
  if (run.author.kind === 'undo') return 'kept';
  return combine(run.files.map((file) => fileState(file)));
}

function combine(states: readonly ReviewState[]): ReviewState {
  if (states.length > 0 && states.every((state) => state === 'undone')) return 'undone';
  if (states.some((state) => state === 'undone' || state === 'partly-undone')) return 'partly-undone';
  if (states.every((state) => state === 'kept')) return 'kept';
  return 'to-review';
}

function describe(target: ChangeTarget): string {
  return [target.runId, target.path, target.hunk].filter((part) => part !== undefined).join(' ');
}
