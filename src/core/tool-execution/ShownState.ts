import { hashContent } from '../checkpoints/hashContent';
import { isAgentError } from '../errors';
import type { VaultPort } from '../ports/vault';
import type { PlannedChange } from '../tools/types';

/** How a file differs from what was shown: for the card's note and the error. */
export interface StaleFile {
  path: string;
  how: 'appeared' | 'changed' | 'was deleted';
}

/**
 * What a card (or a plan's preview) showed each file a write replaces to be before it: absent, or the text its
 * diff was built from, as the git blob id of that text's UTF-8 bytes: the hash the checkpoint takes of the file
 * just before the write, so that comparing them costs no read. A path may have several shown states (a plan that
 * writes one note twice showed it before each); any of them is what the person approved.
 */
export class ShownState {
  private readonly states = new Map<string, Set<string | null>>();

  get size(): number {
    return this.states.size;
  }

  absent(path: string): void {
    this.add(path, null);
  }

  /** The bytes the card was built from: their blob id is exactly what the checkpoint will find if nothing changed. */
  async bytes(path: string, bytes: Uint8Array): Promise<void> {
    this.add(path, await hashContent(bytes));
  }

  /** Without reading: every file the changes create was absent when they were described. */
  static ofCreates(changes: readonly PlannedChange[]): ShownState {
    const shown = new ShownState();
    for (const change of changes) if (change.kind === 'create') shown.absent(change.path);
    return shown;
  }

  merge(other: ShownState): void {
    for (const [path, states] of other.states) for (const state of states) this.add(path, state);
  }

  /** What was shown of `path` alone. */
  only(path: string): ShownState {
    const one = new ShownState();
    for (const state of this.states.get(path) ?? []) one.add(path, state);
    return one;
  }

  /**
   * The files whose state just before the write (`pre`: the checkpoint's blob ids, null for absent; a path it
   * lacks was a folder) is none of what was shown. A file that reads as text the vault decodes differently from
   * its bytes (a byte order mark, bytes that are not UTF-8) is read once more as text, so such a note is never
   * taken for a changed one.
   */
  async stale(pre: Readonly<Record<string, string | null>>, vault: VaultPort): Promise<StaleFile[]> {
    const stale: StaleFile[] = [];
    // The checkpoint names a file as the disk stores it, the card as it was typed: "Café.md" may be stored
    // decomposed (see "Names that differ only by Unicode form" in docs/design/files.md).
    const byForm = new Map(Object.keys(pre).map((key) => [key.normalize('NFC'), key]));
    for (const [path, states] of this.states) {
      const key = path in pre ? path : byForm.get(path.normalize('NFC'));
      const now = key !== undefined ? (pre[key] as string | null) : undefined;
      if (now !== undefined && states.has(now)) continue;
      if (now && [...states].some((state) => state !== null) && states.has(await textHashOrNull(vault, path))) continue;
      stale.push({ path, how: states.has(null) ? 'appeared' : now === null ? 'was deleted' : 'changed' });
    }
    return stale;
  }

  private add(path: string, state: string | null): void {
    const states = this.states.get(path) ?? new Set<string | null>();
    states.add(state);
    this.states.set(path, states);
  }
}

async function hashOfText(text: string): Promise<string> {
  return hashContent(new TextEncoder().encode(text));
}

async function textHashOrNull(vault: VaultPort, path: string): Promise<string | null> {
  try {
    return await hashOfText(await vault.read(path));
  } catch (error) {
    if (isAgentError(error, 'NOT_FOUND')) return null;
    throw error;
  }
}
