/**
 * The bytes a vault adapter itself just wrote, per path, each given out once. The checkpoint records a write's
 * result as the hash of the file right after it; an adapter that knows what it wrote saves reading the note back.
 * An entry counts only while the file's size and modification time are what the write left, and a revert always
 * reads the file afresh, so a later edit is never mistaken for the run's own result.
 */
export class WrittenBytes {
  private readonly entries = new Map<string, { bytes: Uint8Array; size: number; mtimeMs: number }>();

  /** Entries nobody took (a write outside the pipeline) go first once there are this many. */
  constructor(private readonly limit = 256) {}

  remember(path: string, content: string | Uint8Array, stat: { sizeBytes: number; mtimeMs: number }): void {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content);
    this.entries.delete(path);
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(path, { bytes, size: stat.sizeBytes, mtimeMs: stat.mtimeMs });
  }

  /** Forget `path` and everything below it (an append, a move or a delete wrote something else there). */
  forget(path: string): void {
    for (const key of [...this.entries.keys()])
      if (key === path || key.startsWith(`${path}/`)) this.entries.delete(key);
  }

  /** The bytes written to `path`, if the file still has the size and time the write left; once. */
  take(path: string, now: { sizeBytes: number; mtimeMs: number } | null): Uint8Array | null {
    const entry = this.entries.get(path);
    this.entries.delete(path);
    if (
      !entry ||
      !now ||
      now.sizeBytes !== entry.size ||
      now.mtimeMs !== entry.mtimeMs ||
      entry.bytes.length !== entry.size
    )
      return null;
    return entry.bytes;
  }
}
