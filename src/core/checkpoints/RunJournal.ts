import { AgentError, describeError } from '../errors';
import type { GitFsPromises } from '../ports/gitFs';

/** One `recordAfter`: the content hash of each path after write `seq` succeeded (null = absent). */
export interface JournalEntry {
  seq: number;
  time: number;
  after: Record<string, string | null>;
}

/** A line of the journal: a write's post-state, or the run's end. */
type JournalLine = JournalEntry | { ended: number };

/** What the journal knows about post-states: the last entry recorded for each (seq, path). */
export class PostStates {
  private readonly bySeq = new Map<number, Map<string, string | null>>();

  constructor(entries: JournalEntry[]) {
    for (const entry of entries) {
      const paths = this.bySeq.get(entry.seq) ?? new Map<string, string | null>();
      for (const [path, hash] of Object.entries(entry.after)) paths.set(path, hash);
      this.bySeq.set(entry.seq, paths);
    }
  }

  /** The recorded hash, null for "absent", undefined when nothing was recorded (the write never reported back). */
  after(seq: number, path: string): string | null | undefined {
    return this.bySeq.get(seq)?.get(path);
  }

  /** Every hash recorded for `path` after any write of the run. */
  allAfter(path: string): (string | null)[] {
    const hashes: (string | null)[] = [];
    for (const paths of this.bySeq.values()) if (paths.has(path)) hashes.push(paths.get(path) ?? null);
    return hashes;
  }

  hasSeq(seq: number): boolean {
    return this.bySeq.has(seq);
  }
}

/**
 * The post-states of a run's writes: `journals/<runId>.jsonl` in the repository folder, one JSON line per
 * `recordAfter` (and one when the run ends), read back after a restart. An append adds its line at the end and rewrites nothing, so it costs
 * what it appends however long the run, and a crash part-way leaves at most a torn last line, which the reader
 * ignores. Before the first append of a run (and whenever the file is not the size this journal left it) the
 * journal is read once and a torn tail cut off, so a new line is never glued onto it. That cut rewrites the file:
 * it goes to `<runId>.jsonl.next` first and then to the journal itself, so one of the two is always complete, and
 * the reader takes whichever holds more whole lines (lines are only ever added, so more lines means newer).
 */
export class RunJournal {
  private readonly folder: string;
  /** Per run: the journal's size after this instance's last append; absent when unknown or after a failure. */
  private readonly sizes = new Map<string, number>();

  constructor(
    private readonly fs: GitFsPromises,
    root: string,
  ) {
    this.folder = `${root}/journals`;
  }

  async append(runId: string, entry: JournalEntry): Promise<void> {
    await this.appendLine(runId, entry);
  }

  private async appendLine(runId: string, record: JournalLine): Promise<void> {
    const line = `${JSON.stringify(record)}\n`;
    try {
      let size = this.sizes.get(runId);
      // Another writer (or a crash) may have changed the file since: then it is checked line by line again.
      if (size === undefined || (await this.sizeOnDisk(runId)) !== size) size = await this.cutTornTail(runId);
      this.sizes.delete(runId);
      await this.fs.appendFile(this.mainPath(runId), line);
      this.sizes.set(runId, size + utf8Length(line));
    } catch (error) {
      throw new AgentError('INTERNAL', `Could not write the journal of run "${runId}": ${describeError(error)}`, {
        runId,
      });
    }
  }

  async read(runId: string): Promise<JournalEntry[]> {
    return parseLines(await this.readText(runId)).filter((line): line is JournalEntry => !('ended' in line));
  }

  /**
   * Marks the run ended at `time` (a line `{"ended": time}` after its entries): which run ended last must be known
   * to every process on the repository, and to this one after a restart, for "Revert last run" to undo it.
   */
  async appendEnd(runId: string, time: number): Promise<void> {
    await this.appendLine(runId, { ended: time });
  }

  /** The post-states and the last end in one read (see `read` and `endedAt`). */
  async readAll(runId: string): Promise<{ entries: JournalEntry[]; endedAt: number | null }> {
    const entries: JournalEntry[] = [];
    let endedAt: number | null = null;
    for (const line of parseLines(await this.readText(runId))) {
      if ('ended' in line) endedAt = line.ended;
      else entries.push(line);
    }
    return { entries, endedAt };
  }

  /** When the run last ended, as `appendEnd` recorded it; null when it never did (still going, crashed, or older). */
  async endedAt(runId: string): Promise<number | null> {
    let ended: number | null = null;
    for (const line of parseLines(await this.readText(runId))) if ('ended' in line) ended = line.ended;
    return ended;
  }

  async remove(runId: string): Promise<void> {
    this.sizes.delete(runId);
    for (const path of [this.mainPath(runId), this.nextPath(runId)]) await this.unlinkIfPresent(path);
  }

  /** Run ids that have a journal, whether or not they still have checkpoints. */
  async listRunIds(): Promise<string[]> {
    let names: string[];
    try {
      names = await this.fs.readdir(this.folder);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const ids = new Set<string>();
    for (const name of names) {
      const match = /^(.+)\.jsonl(?:\.next)?$/.exec(name);
      if (match?.[1]) ids.add(match[1]);
    }
    return [...ids].sort();
  }

  /** The text of the more complete of the two copies; empty when the run has no journal. */
  private async readText(runId: string): Promise<string> {
    return (await this.readCopies(runId)).whole;
  }

  /** Both copies, and the whole lines of the more complete one. */
  private async readCopies(runId: string): Promise<{ main: string; whole: string }> {
    const main = await this.readOrEmpty(this.mainPath(runId));
    const next = await this.readOrEmpty(this.nextPath(runId));
    const mainLines = parseLines(main).length;
    const nextLines = parseLines(next).length;
    const best = nextLines > mainLines ? next : main;
    const lines = Math.max(mainLines, nextLines);
    return {
      main,
      whole: best
        .split('\n')
        .slice(0, lines)
        .map((line) => `${line}\n`)
        .join(''),
    };
  }

  /** Makes the journal hold only whole lines (see the class comment for the order of writes); returns its size. */
  private async cutTornTail(runId: string): Promise<number> {
    const { main, whole } = await this.readCopies(runId);
    await this.fs.mkdir(this.folder, { recursive: true });
    if (main !== whole) {
      await this.fs.writeFile(this.nextPath(runId), whole, 'utf8');
      await this.fs.writeFile(this.mainPath(runId), whole, 'utf8');
      await this.unlinkIfPresent(this.nextPath(runId));
    }
    return utf8Length(whole);
  }

  /** The journal's size in bytes, -1 when it does not exist. */
  private async sizeOnDisk(runId: string): Promise<number> {
    try {
      return (await this.fs.stat(this.mainPath(runId))).size;
    } catch (error) {
      if (isMissing(error)) return -1;
      throw error;
    }
  }

  private async unlinkIfPresent(path: string): Promise<void> {
    try {
      await this.fs.unlink(path);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  private async readOrEmpty(path: string): Promise<string> {
    try {
      const data = await this.fs.readFile(path, 'utf8');
      return typeof data === 'string' ? data : new TextDecoder().decode(data);
    } catch (error) {
      if (isMissing(error)) return '';
      throw new AgentError('INTERNAL', `Could not read the checkpoint journal "${path}": ${describeError(error)}`);
    }
  }

  private mainPath(runId: string): string {
    return `${this.folder}/${runId}.jsonl`;
  }

  private nextPath(runId: string): string {
    return `${this.folder}/${runId}.jsonl.next`;
  }
}

/** The lines up to the first one that is not a whole, valid line. */
function parseLines(text: string): JournalLine[] {
  const entries: JournalLine[] = [];
  const lines = text.split('\n');
  // The part after the last newline is either empty or a torn write.
  lines.pop();
  for (const line of lines) {
    const entry = parseLine(line);
    if (!entry) break;
    entries.push(entry);
  }
  return entries;
}

function parseLine(line: string): JournalLine | null {
  try {
    const value = JSON.parse(line) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { seq, time, after, ended } = value as Record<string, unknown>;
    if (typeof ended === 'number') return { ended };
    if (typeof seq !== 'number' || typeof time !== 'number' || typeof after !== 'object' || after === null) return null;
    return { seq, time, after: after as Record<string, string | null> };
  } catch {
    return null;
  }
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}
