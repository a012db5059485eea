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
 * its write after the answer). The pipeline forgets them when the phase ends, so nothing read before the answer
 * is trusted after it; any write through this vault forgets them at once. The checkpoint reads the vault itself,
 * never through this.
 */
export class CallReads {
  readonly vault: VaultPort;
  private readonly bytes = new Map<string, Promise<Uint8Array>>();

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

  /** The phase is over: the next read goes to the vault. */
  forget(): void {
    this.bytes.clear();
  }

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
