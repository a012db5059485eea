import type { CheckpointRequest } from './types';
import { foldCase, parentFolder } from '../paths/normalizePath';

interface Hold {
  runId: string;
  seq: number;
  /** The held paths, as `holdKey` spells them. */
  paths: ReadonlySet<string>;
  /** Every folder above a held path: a write to one of these moves or deletes what is held. */
  above: ReadonlySet<string>;
  done: Promise<void>;
  release: () => void;
}

/**
 * The files and folders each write is changing, from its checkpoint until its `recordAfter`. A checkpoint of a
 * path that is held, or that lies inside or above a held path, waits for that write to end, whichever run makes
 * it (two calls of one run may overlap too). So the pre-state a checkpoint records and the post-state recorded
 * after it belong to one write: a folder cannot be moved while a note is being created in it, and two writes of
 * one note cannot hide their changes from each other's revert.
 */
export class WriteHolds {
  private readonly holds = new Set<Hold>();

  /** The end of a write under way to any of `paths`, or inside or above one of them; null when none is. */
  busy(paths: readonly string[]): Promise<void> | null {
    const keys = paths.map(holdKey);
    for (const hold of this.holds) {
      if (keys.some((key) => overlaps(hold, key))) return hold.done;
    }
    return null;
  }

  take(runId: string, seq: number, paths: readonly string[]): void {
    let release = (): void => undefined;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const keys = new Set(paths.map(holdKey));
    const above = new Set<string>();
    for (const key of keys)
      for (let folder = parentFolder(key); folder !== '/' && !above.has(folder); folder = parentFolder(folder))
        above.add(folder);
    this.holds.add({ runId, seq, paths: keys, above, done, release });
  }

  /** Ends the hold of write `seq` of the run, or without `seq` every hold the run has. */
  release(runId: string, seq?: number): void {
    for (const hold of [...this.holds]) {
      if (hold.runId !== runId || (seq !== undefined && hold.seq !== seq)) continue;
      this.holds.delete(hold);
      hold.release();
    }
  }
}

/** `key` is held, lies inside a held folder, or is a folder above a held path. */
function overlaps(hold: Hold, key: string): boolean {
  if (hold.above.has(key)) return true;
  for (let path = key; path !== '/'; path = parentFolder(path)) if (hold.paths.has(path)) return true;
  return false;
}

/**
 * Paths as a case-insensitive disk compares them ("Notes" and "notes/x.md" are one folder there), composed: two
 * spellings of one entry must meet. Folding more than a disk does only makes a write wait when it need not.
 */
function holdKey(path: string): string {
  return foldCase(path.normalize('NFC'));
}

export /** What a write holds until its result is recorded: the files it records and the folders it makes, moves or deletes. */
function heldPaths(request: CheckpointRequest): string[] {
  return [...request.paths, ...(request.folders ?? [])];
}
