import { AgentError } from '../core/errors';
import type { EditorPort, EditorPosition, EditorRange, EditorSnapshot } from '../core/ports/editor';
import type { VaultPort } from '../core/ports/vault';
import { comparePositions, editedText, normalizeNewlines } from '../core/util/editorPositions';

interface OpenDocument {
  filePath: string | null;
  text: string;
  /** The file's text as last opened or saved, in its own line endings, which a save keeps: only "\n" lives in `text`. */
  saved: string;
  /** Offsets into `text`; the anchor stays put while the head moves, so anchor > head is a backwards selection. */
  anchor: number;
  head: number;
}

export interface MemoryEditorOptions {
  /** When given, every edit is written to the document's file, as Obsidian's editor saves the file it shows. */
  vault?: VaultPort;
  mode?: EditorSnapshot['mode'];
}

/**
 * A Markdown editor held in memory, for tests, the terminal runner and benchmarks. It behaves like Obsidian's
 * CodeMirror 6 editor where the core can tell: text is kept with "\n" line breaks ("\r\n" and "\r" are
 * converted on the way in, as CodeMirror does), positions are 0-based `{line, ch}` with `ch` in UTF-16 code
 * units, out-of-range positions are clamped, and the cursor is the selection's head.
 */
export class MemoryEditor implements EditorPort {
  private doc: OpenDocument | null = null;
  private mode: EditorSnapshot['mode'];
  private readonly vault?: VaultPort;

  constructor(options: MemoryEditorOptions = {}) {
    this.vault = options.vault;
    this.mode = options.mode ?? 'source';
  }

  /** Opens `text` as the document of `filePath` (null for an unsaved buffer), with the cursor at the start. */
  setDocument(filePath: string | null, text: string): this {
    this.doc = { filePath, text: normalizeNewlines(text), saved: text, anchor: 0, head: 0 };
    return this;
  }

  /** Opens a vault file, as clicking it in the file explorer does. Needs the vault given to the constructor. */
  async open(filePath: string): Promise<void> {
    if (!this.vault)
      throw new AgentError('INTERNAL', `MemoryEditor cannot open "${filePath}": it was created without a vault`);
    this.setDocument(filePath, await this.vault.read(filePath));
  }

  /** Closes the document: `snapshot()` is null afterwards, as when no Markdown editor is open. */
  close(): void {
    this.doc = null;
  }

  setMode(mode: EditorSnapshot['mode']): void {
    this.mode = mode;
  }

  /** Selects from `anchor` to `head`; `head` before `anchor` makes a backwards selection (cursor at `head`). */
  select(anchor: EditorPosition, head: EditorPosition): this {
    const doc = this.requireDoc('select');
    doc.anchor = this.offsetOf(doc, anchor);
    doc.head = this.offsetOf(doc, head);
    return this;
  }

  /** The whole document ("" when none is open). */
  text(): string {
    return this.doc?.text ?? '';
  }

  filePath(): string | null {
    return this.doc?.filePath ?? null;
  }

  snapshot(): EditorSnapshot | null {
    const doc = this.doc;
    if (!doc) return null;
    const start = Math.min(doc.anchor, doc.head);
    const end = Math.max(doc.anchor, doc.head);
    return {
      filePath: doc.filePath,
      mode: this.mode,
      selection: doc.text.slice(start, end),
      range: { from: this.positionOf(doc, start), to: this.positionOf(doc, end) },
      cursor: this.positionOf(doc, doc.head),
    };
  }

  async replaceRange(text: string, range: EditorRange): Promise<void> {
    const doc = this.requireDoc('replaceRange');
    const [fromPos, toPos] =
      comparePositions(range.from, range.to) <= 0 ? [range.from, range.to] : [range.to, range.from];
    const from = this.offsetOf(doc, fromPos);
    const to = this.offsetOf(doc, toPos);
    const insert = normalizeNewlines(text);
    const next = doc.text.slice(0, from) + insert + doc.text.slice(to);
    // Written before the buffer changes, so a failed save leaves editor and file as they were.
    const saved = editedText(doc.saved, { from: this.positionOf(doc, from), to: this.positionOf(doc, to) }, insert);
    if (this.vault && doc.filePath !== null) await this.vault.modify(doc.filePath, saved);
    doc.saved = saved;
    const map = (offset: number, assoc: -1 | 1): number => mapOffset(offset, assoc, from, to, insert.length);
    if (doc.anchor === doc.head) {
      doc.anchor = doc.head = map(doc.head, -1);
    } else if (doc.anchor < doc.head) {
      doc.anchor = map(doc.anchor, 1);
      doc.head = Math.max(doc.anchor, map(doc.head, -1));
    } else {
      doc.head = map(doc.head, 1);
      doc.anchor = Math.max(doc.head, map(doc.anchor, -1));
    }
    doc.text = next;
  }

  setCursor(position: EditorPosition): void {
    const doc = this.requireDoc('setCursor');
    doc.anchor = doc.head = this.offsetOf(doc, position);
  }

  getLine(line: number): string {
    if (!this.doc || line < 0) return '';
    return this.doc.text.split('\n')[line] ?? '';
  }

  private requireDoc(operation: string): OpenDocument {
    if (this.doc) return this.doc;
    throw new AgentError('NO_EDITOR', `Cannot ${operation}: no Markdown editor is open`);
  }

  /** Clamps like CodeMirror: a line past the end is the last line, a `ch` past the line's end is its end. */
  private offsetOf(doc: OpenDocument, position: EditorPosition): number {
    const lines = doc.text.split('\n');
    const line = Math.min(Math.max(0, Math.floor(position.line)), lines.length - 1);
    let offset = 0;
    for (let i = 0; i < line; i++) offset += (lines[i] ?? '').length + 1;
    return offset + Math.min(Math.max(0, Math.floor(position.ch)), (lines[line] ?? '').length);
  }

  private positionOf(doc: OpenDocument, offset: number): EditorPosition {
    const before = doc.text.slice(0, offset);
    const line = before.split('\n').length - 1;
    return { line, ch: offset - (before.lastIndexOf('\n') + 1) };
  }
}

/**
 * Maps an offset through the replacement of [from, to) by `inserted` characters, the way CodeMirror maps a
 * selection: text before the change stays, text after it shifts, a cursor at a pure insertion stays before the
 * new text, and a selection that covered the replaced text ends up covering the new text.
 */
function mapOffset(offset: number, assoc: -1 | 1, from: number, to: number, inserted: number): number {
  if (offset < from) return offset;
  if (offset > to) return offset + inserted - (to - from);
  if (from === to) return assoc > 0 ? from + inserted : from;
  if (offset === from) return from;
  if (offset === to) return from + inserted;
  return assoc > 0 ? from + inserted : from;
}
