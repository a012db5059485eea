import { Editor } from 'obsidian-test-mocks/obsidian';
import type { EditorPosition } from 'obsidian';

/** The private state of obsidian-test-mocks' `Editor`. */
interface EditorState {
  anchor: EditorPosition;
  head: EditorPosition;
  content: string;
  undoStack: string[];
  redoStack: string[];
  posToOffset(position: EditorPosition): number;
  offsetToPos(offset: number): EditorPosition;
}

/**
 * Maps an offset through the replacement of [from, to) by `inserted` characters as CodeMirror maps a selection:
 * text before the change stays, text after it shifts, a cursor at a pure insertion stays before the new text,
 * and a selection that covered the replaced text ends up covering the new text.
 */
function mapOffset(offset: number, assoc: -1 | 1, from: number, to: number, inserted: number): number {
  if (offset < from) return offset;
  if (offset > to) return offset + inserted - (to - from);
  if (from === to) return assoc > 0 ? from + inserted : from;
  if (offset === from) return from;
  if (offset === to) return from + inserted;
  return assoc > 0 ? from + inserted : from;
}

/**
 * `Editor.replaceRange` that maps the selection through the change, as CodeMirror 6 does, instead of moving the
 * cursor to the end of the inserted text (what the mock does): replacing text elsewhere in the note leaves the
 * user's selection where it was.
 */
export function patchEditor(): void {
  Editor.prototype.replaceRange = function (
    this: Editor,
    replacement: string,
    from: EditorPosition,
    to?: EditorPosition,
  ): void {
    const state = this as unknown as EditorState;
    const start = state.posToOffset(from);
    const end = to ? state.posToOffset(to) : start;
    const [lo, hi] = start <= end ? [start, end] : [end, start];
    const anchor = state.posToOffset(state.anchor);
    const head = state.posToOffset(state.head);
    state.undoStack.push(state.content);
    state.redoStack = [];
    state.content = state.content.slice(0, lo) + replacement + state.content.slice(hi);
    const map = (offset: number, assoc: -1 | 1): number => mapOffset(offset, assoc, lo, hi, replacement.length);
    let newAnchor: number;
    let newHead: number;
    if (anchor === head) {
      newAnchor = newHead = map(head, -1);
    } else if (anchor < head) {
      newAnchor = map(anchor, 1);
      newHead = Math.max(newAnchor, map(head, -1));
    } else {
      newHead = map(head, 1);
      newAnchor = Math.max(newHead, map(anchor, -1));
    }
    state.anchor = state.offsetToPos(newAnchor);
    state.head = state.offsetToPos(newHead);
  };
}
