import type { VaultPort } from '../ports/vault';

const WRITES = new Set<keyof VaultPort>([
  'create',
  'modify',
  'writeBinary',
  'append',
  'createFolder',
  'rename',
  'trash',
  'delete',
  'deleteEmptyFolder',
]);

/**
 * The vault as one tool call sees it: a note's bytes are read once per phase of the call and shared by whoever
 * needs them then (the tool describing its change and the card's diff before the question; the tool's check and
 * its write after the answer). What the tool works out from them (`once`: its target, its new text) is kept the
 * same way, so its write is what its check just worked out. The pipeline forgets both when the phase ends, so
 * nothing read before the answer is trusted after it; any write through this vault forgets them at once. The
 * checkpoint reads the vault itself, never through this.
 */
export class CallReads {
  readonly vault: VaultPort;
  private readonly bytes = new Map<string, Promise<Uint8Array>>();
  private worked = new WeakMap<object, Promise<unknown>>();

  constructor(inner: VaultPort) {
    this.vault = new Proxy(inner, {
      get: (target, key, receiver): unknown => {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        if (key === 'readBinary') return (path: string) => this.readBinary(target, path);
        if (WRITES.has(key as keyof VaultPort)) {
          return (...args: unknown[]): unknown => {
            this.forget();
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  }

  /** The phase is over: the next read goes to the vault, and the next `once` works its answer out again. */
  forget(): void {
    this.bytes.clear();
    this.worked = new WeakMap();
  }

  /**
   * What `work` gives for `input` (the call's validated input, one object per call), worked out once in this
   * phase; a failure is not kept. An input that is not an object is worked out each time.
   */
  readonly once = <T>(input: unknown, work: () => Promise<T>): Promise<T> => {
    if (typeof input !== 'object' || input === null) return work();
    const kept = this.worked.get(input) as Promise<T> | undefined;
    if (kept) return kept;
    const working = work();
    this.worked.set(input, working);
    const phase = this.worked;
    working.catch(() => phase.delete(input));
    return working;
  };

  private readBinary(target: VaultPort, path: string): Promise<Uint8Array> {
    let read = this.bytes.get(path);
    if (!read) {
      read = target.readBinary(path);
      this.bytes.set(path, read);
      // A failed read is not kept: the next caller asks again and gets its own error.
      read.catch(() => this.bytes.delete(path));
    }
    // A copy each time, so one reader cannot change what another gets.
    return read.then((bytes) => new Uint8Array(bytes));
  }
}
