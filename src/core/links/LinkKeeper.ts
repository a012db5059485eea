import { AgentError } from '../errors';
import { baseName, isInside, movedPath } from '../paths/normalizePath';
import type { VaultEntry, VaultPort } from '../ports/vault';
import { decodeNote, encodeNote, type NoteFormat } from '../util/noteBytes';
import { linkFormatOf, rewrittenPath } from './linkText';
import { LinkResolver } from './LinkResolver';
import { scanLinks, type LinkOccurrence } from './scanLinks';

/** What the keeper reads and writes: a vault without link updating of its own. */
export type LinkVault = Pick<
  VaultPort,
  'configDir' | 'list' | 'read' | 'cachedRead' | 'cachedReadMany' | 'readBinary' | 'writeBinary'
>;

/** The notes whose links a move rewrites, read before the move; `LinkKeeper.rewrite` applies them after it. */
export interface PendingRelinks {
  from: string;
  to: string;
  files: string[];
  notes: {
    path: string;
    bytes: Uint8Array;
    text: string;
    format: NoteFormat;
    links: { link: LinkOccurrence; target: string }[];
  }[];
}

interface ParsedNote {
  mtimeMs: number;
  sizeBytes: number;
  links: LinkOccurrence[];
  /** Each link's last segment as a name key (`nameKey`): a link can lead only to a file of that name. */
  names: string[];
}

/** A file or link path's last segment, case and Unicode form folded, without ".md". */
function nameKey(path: string): string {
  return baseName(path).normalize('NFC').toLowerCase().replace(/\.md$/, '');
}

function isNote(path: string): boolean {
  return path.toLowerCase().endsWith('.md');
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/**
 * Link updating for a vault without Obsidian's `FileManager`: what `renameFile` does, from the notes' text. It keeps
 * each note's parsed links while the note's size and time stay the same, so asking again (the card, the check
 * after the answer, the checkpoint) reads only the notes that changed.
 */
export class LinkKeeper {
  private readonly parsed = new Map<string, ParsedNote>();

  constructor(private readonly vault: LinkVault) {}

  /** The notes with a link that resolves to `path`, or to anything inside it when it is a folder. */
  async linksTo(path: string): Promise<string[]> {
    const { files, notes } = await this.index();
    const resolver = new LinkResolver(files);
    // Only a link ending in the name of a file that moves can lead to it: the rest need not be resolved.
    const names = new Set(files.filter((file) => isInside(file, path)).map(nameKey));
    const sources: string[] = [];
    for (const [source, note] of notes) {
      const leads = (link: LinkOccurrence, index: number): boolean =>
        names.has(note.names[index]!) && isInside(resolver.resolve(link.linkpath, source) ?? '\0', path);
      if (note.links.some(leads)) sources.push(source);
    }
    return sources.sort();
  }

  /**
   * Reads, before `from` moves to `to`, every note with a link to rewrite: one that leads into what moves, or one in
   * a moved note that would lead elsewhere from the note's new place (`../Other.md`). Refuses (changing nothing)
   * when such a note is not UTF-8 text, since writing its text back would lose bytes.
   */
  async prepare(from: string, to: string): Promise<PendingRelinks> {
    const linking = await this.linksTo(from);
    const { files, notes: parsed } = await this.index();
    const moved = (path: string): string => (isInside(path, from) ? movedPath(path, from, to) : path);
    const before = new LinkResolver(files);
    const after = new LinkResolver(files.map(moved));
    const targetToKeep = (link: LinkOccurrence, source: string): string | null => {
      const target = before.resolve(link.linkpath, source);
      if (target === null || isInside(target, from)) return target;
      return isInside(source, from) && after.resolve(link.linkpath, moved(source)) !== target ? target : null;
    };
    const carried = [...parsed]
      .filter(([path, note]) => isInside(path, from) && note.links.some((link) => targetToKeep(link, path) !== null))
      .map(([path]) => path);
    const notes: PendingRelinks['notes'] = [];
    for (const path of new Set([...linking, ...carried])) {
      const bytes = await this.vault.readBinary(path);
      const decoded = decodeNote(bytes);
      if (decoded.invalidUtf8 || decoded.binary) {
        throw new AgentError(
          'NOT_ALLOWED',
          `Moving "${from}" would rewrite the links in "${path}", which is not UTF-8 text and would lose bytes; nothing was moved`,
          { path },
        );
      }
      const links = scanLinks(decoded.text).flatMap((link) => {
        const target = targetToKeep(link, path);
        return target === null ? [] : [{ link, target }];
      });
      if (links.length > 0) notes.push({ path, bytes, text: decoded.text, format: decoded.format, links });
    }
    return { from, to, files, notes };
  }

  /** After `pending.from` moved to `pending.to`: re-points the links, in the vault's link format; returns the notes written. */
  async rewrite(pending: PendingRelinks): Promise<string[]> {
    const { from, to } = pending;
    const moved = (path: string): string => (isInside(path, from) ? movedPath(path, from, to) : path);
    const resolver = new LinkResolver(pending.files.map(moved));
    const format = linkFormatOf(await this.appConfig());
    const written: string[] = [];
    for (const note of pending.notes) {
      const path = moved(note.path);
      // A note edited since it was read is left alone rather than patched at stale offsets.
      if (!sameBytes(await this.vault.readBinary(path), note.bytes)) continue;
      let text = note.text;
      for (const { link, target } of [...note.links].reverse()) {
        const replacement = rewrittenPath(
          link,
          text.slice(link.pathStart, link.pathEnd),
          moved(target),
          path,
          format,
          resolver,
        );
        text = text.slice(0, link.pathStart) + replacement + text.slice(link.pathEnd);
      }
      if (text === note.text) continue;
      await this.vault.writeBinary(path, encodeNote(text, note.format));
      written.push(path);
    }
    return written;
  }

  private async appConfig(): Promise<string | null> {
    try {
      return await this.vault.read(`${this.vault.configDir}/app.json`);
    } catch {
      return null;
    }
  }

  /** Every file of the vault, and the links of every note, parsing only notes that changed since last asked. */
  private async index(): Promise<{ files: string[]; notes: Map<string, ParsedNote> }> {
    const entries = (await this.vault.list('/', true)).filter((entry) => entry.kind === 'file');
    const stale = entries.filter((entry) => isNote(entry.path) && !this.isFresh(entry));
    const texts = await this.readMany(stale.map((entry) => entry.path));
    stale.forEach((entry, index) => {
      const text = texts[index];
      if (typeof text !== 'string') return;
      const links = scanLinks(text);
      this.parsed.set(entry.path, {
        mtimeMs: entry.mtimeMs,
        sizeBytes: entry.sizeBytes,
        links,
        names: links.map((link) => nameKey(link.linkpath)),
      });
    });
    const notes = new Map<string, ParsedNote>();
    const present = new Set(entries.map((entry) => entry.path));
    for (const [path, note] of this.parsed) {
      if (present.has(path)) notes.set(path, note);
      else this.parsed.delete(path);
    }
    return { files: entries.map((entry) => entry.path), notes };
  }

  private isFresh(entry: VaultEntry): boolean {
    const known = this.parsed.get(entry.path);
    return known !== undefined && known.mtimeMs === entry.mtimeMs && known.sizeBytes === entry.sizeBytes;
  }

  /** Texts of `paths`; null for one that cannot be read (Obsidian cannot index it either), so it never stops a rename. */
  private async readMany(paths: string[]): Promise<(string | null | false)[]> {
    const many = await this.vault.cachedReadMany?.(paths).catch(() => null);
    if (many) return many;
    const texts: (string | null)[] = [];
    for (const path of paths) texts.push(await this.vault.cachedRead(path).catch(() => null));
    return texts;
  }
}
