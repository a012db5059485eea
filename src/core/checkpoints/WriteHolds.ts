interface Hold {
  runId: string;
  seq: number;
  paths: ReadonlySet<string>;
  done: Promise<void>;
  release: () => void;
}

/**
 * The files each run is writing, from its checkpoint until its `recordAfter`. A checkpoint of the same files by
 * another run waits for that write to end, so the pre-state a checkpoint records and the post-state recorded
 * after it belong to one write: two runs writing one note at once cannot hide their changes from each other's
 * revert.
 */
export class WriteHolds {
  private readonly holds = new Set<Hold>();

  /** The end of another run's write to any of `paths`, or null when none is under way. */
  busy(runId: string, paths: readonly string[]): Promise<void> | null {
    for (const hold of this.holds) {
      if (hold.runId !== runId && paths.some((path) => hold.paths.has(path))) return hold.done;
    }
    return null;
  }

  take(runId: string, seq: number, paths: readonly string[]): void {
    let release = (): void => undefined;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.holds.add({ runId, seq, paths: new Set(paths), done, release });
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
