import { filterMayContain, type TrigramFilter } from './trigramFilter';

/**
 * The trigram filters of many notes, laid out for a search that asks about every note in turn: a note is a small
 * integer (its slot) in one Map, and its filter, mtime and size sit in shared typed arrays, so asking costs one
 * Map lookup and reads from a few contiguous buffers instead of chasing an object, a typed array and its buffer
 * per note (that was most of a search over 50,000 indexed notes). Filters are appended to one pool; the space of
 * dropped ones is reclaimed by copying the live ones once it is more than half of the pool.
 */
export class FilterStore {
  private readonly slots = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  private slotCount = 0;
  private mtimes = new Float64Array(1024);
  private sizes = new Float64Array(1024);
  private offsets = new Int32Array(1024);
  private words = new Int32Array(1024);
  private pool = new Uint32Array(1 << 16);
  private poolEnd = 0;
  private liveWords = 0;

  get size(): number {
    return this.slots.size;
  }

  /** Bytes held: the pool and the per-slot arrays as allocated, plus ~40 per Map entry (its key is shared). */
  get bytes(): number {
    return this.pool.byteLength + this.mtimes.byteLength * 2 + this.offsets.byteLength * 2 + this.slots.size * 40;
  }

  /** 'out' when the note's current filter lacks a hash, 'may' when it has them all, 'unknown' when not indexed. */
  ask(path: string, mtimeMs: number, sizeBytes: number, hashes: readonly number[]): 'out' | 'may' | 'unknown' {
    const slot = this.slots.get(path);
    if (slot === undefined || this.mtimes[slot] !== mtimeMs || this.sizes[slot] !== sizeBytes) return 'unknown';
    return filterMayContain(this.pool, this.offsets[slot] as number, this.words[slot] as number, hashes)
      ? 'may'
      : 'out';
  }

  has(path: string): boolean {
    return this.slots.has(path);
  }

  current(path: string, mtimeMs: number, sizeBytes: number): boolean {
    const slot = this.slots.get(path);
    return slot !== undefined && this.mtimes[slot] === mtimeMs && this.sizes[slot] === sizeBytes;
  }

  set(path: string, mtimeMs: number, sizeBytes: number, filter: TrigramFilter): void {
    this.delete(path);
    const slot = this.freeSlots.pop() ?? this.newSlot();
    if (this.poolEnd + filter.length > this.pool.length) this.makeRoom(filter.length);
    this.pool.set(filter, this.poolEnd);
    this.offsets[slot] = this.poolEnd;
    this.words[slot] = filter.length;
    this.mtimes[slot] = mtimeMs;
    this.sizes[slot] = sizeBytes;
    this.poolEnd += filter.length;
    this.liveWords += filter.length;
    this.slots.set(path, slot);
  }

  delete(path: string): void {
    const slot = this.slots.get(path);
    if (slot === undefined) return;
    this.slots.delete(path);
    this.liveWords -= this.words[slot] as number;
    this.freeSlots.push(slot);
  }

  /** Renames `from` to `to`; the note's content, and so its filter, is unchanged. */
  move(from: string, to: string): void {
    const slot = this.slots.get(from);
    if (slot === undefined) return;
    this.delete(to);
    this.slots.delete(from);
    this.slots.set(to, slot);
  }

  paths(): IterableIterator<string> {
    return this.slots.keys();
  }

  private newSlot(): number {
    if (this.slotCount === this.mtimes.length) {
      const grow = <T extends Float64Array | Int32Array>(array: T, make: (length: number) => T): T => {
        const grown = make(array.length * 2);
        grown.set(array);
        return grown;
      };
      this.mtimes = grow(this.mtimes, (n) => new Float64Array(n));
      this.sizes = grow(this.sizes, (n) => new Float64Array(n));
      this.offsets = grow(this.offsets, (n) => new Int32Array(n));
      this.words = grow(this.words, (n) => new Int32Array(n));
    }
    return this.slotCount++;
  }

  /** Gives back the pool's unused half after a bulk of additions (the background pass calls this when done). */
  trim(): void {
    if (this.pool.length > 1 << 16 && this.pool.length > this.liveWords * 1.25)
      this.copyLive(Math.max(1 << 16, Math.ceil(this.liveWords * 1.125)));
  }

  /** Compacts the pool when most of it is dropped filters, else doubles it, until `needed` more words fit. */
  private makeRoom(needed: number): void {
    let length = this.pool.length;
    while (this.liveWords + needed > length / 2) length *= 2;
    this.copyLive(length);
  }

  /** Copies the live filters, in slot order, to the start of a new pool of `length` words. */
  private copyLive(length: number): void {
    const pool = new Uint32Array(length);
    let end = 0;
    for (const slot of this.slots.values()) {
      const offset = this.offsets[slot] as number;
      const words = this.words[slot] as number;
      pool.set(this.pool.subarray(offset, offset + words), end);
      this.offsets[slot] = end;
      end += words;
    }
    this.pool = pool;
    this.poolEnd = end;
  }
}
