import { isAgentError } from '../core/errors';
import type { BytePrefilter } from '../core/ports/vault';
import { ContentCache } from '../core/search/ContentCache';
import type { VaultIndex } from './VaultIndex';
import type { VaultRoot } from './VaultRoot';

/**
 * The disk vault's note contents in memory (see ContentCache), answered from its index: a note the index knows is
 * read in one synchronous step at the size the index knows, so a scan over thousands of notes awaits only for
 * the ones it does not.
 */
export class DiskTexts extends ContentCache {
  constructor(
    private readonly root: Pick<VaultRoot, 'normalize' | 'readKnownSync'>,
    private readonly index: () => VaultIndex | null,
  ) {
    super((bytes) => Buffer.from(bytes, 'latin1').toString('utf8'));
  }

  /**
   * The text of a file the index knows, from the cache or read in one synchronous step at the size the index
   * knows; false when `prefilter` shows from the raw bytes that it cannot match, so it is never decoded.
   * Undefined for anything else (unknown, gone, resized since indexing): the caller takes the full path, which
   * also brings the index up to date.
   */
  known(path: string, prefilter?: BytePrefilter): string | false | undefined {
    const index = this.index();
    // Index keys are normalized paths: an exact hit needs no normalizing (a scan asks for thousands of them).
    const known = index?.get(path) ?? index?.get(this.root.normalize(path));
    if (known?.kind !== 'file') return undefined;
    const { path: key, mtimeMs, sizeBytes } = known;
    let held = this.peek(key, mtimeMs, sizeBytes);
    if (!held) {
      const read = this.root.readKnownSync(key, sizeBytes);
      if (read === null) return undefined;
      this.set(key, read, mtimeMs, sizeBytes);
      held = read;
    }
    if (!held.raw) return held.content;
    if (prefilter && !prefilter.mayMatch(held.content)) return false;
    return this.get(key, mtimeMs, sizeBytes);
  }

  /** `paths`' texts in order, each known one from memory and the rest through `read`; null for one that is gone. */
  async many(
    paths: readonly string[],
    prefilter: BytePrefilter | undefined,
    read: (path: string) => Promise<string>,
  ): Promise<(string | null | false)[]> {
    const texts: (string | null | false)[] = [];
    for (const path of paths) {
      const known = this.known(path, prefilter);
      if (known !== undefined) {
        texts.push(known);
        continue;
      }
      try {
        texts.push(await read(path));
      } catch (error) {
        if (!isAgentError(error, 'NOT_FOUND')) throw error;
        texts.push(null);
      }
    }
    return texts;
  }
}
