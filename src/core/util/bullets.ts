/** One list item found by `parseBullets`. */
export interface BulletItem {
  /** The item's text without marker or checkbox; indented continuation lines are joined with a space. */
  text: string;
  /** The item's own line as written (without a line break). */
  raw: string;
  /** 0 for a top-level item, 1 for its children, and so on. */
  depth: number;
  /** Present on task items: false for "[ ]", true for "[x]" or "[X]". */
  checked?: boolean;
}

/** A bullet with the bullets nested under it, as `nestBullets` arranges them. */
export interface NestedBulletItem extends BulletItem {
  children: NestedBulletItem[];
}

/** A tab advances to the next multiple of 4 columns, as in CommonMark, so "\t" and 4 spaces nest alike. */
const TAB_WIDTH = 4;
const BULLET = /^([ \t]*)([-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
const TASK = /^\[([ xX])\](?:[ \t]+(.*))?$/;
const THEMATIC_BREAK = /^[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const FENCE = /^[ \t]*(`{3,}|~{3,})(.*)$/;
/** Lists inside blockquotes and callouts ("> - item") are read as if the quote markers were not there. */
const QUOTE_MARKERS = /^[ \t]*(?:>[ \t]?)+/;

interface OpenItem {
  indent: number;
  /** The emitted item, or null when it is not returned (an empty bullet). */
  item: BulletItem | null;
}

/**
 * Splits Markdown bullet (`-`, `*`, `+`) and numbered (`1.`, `1)`) lists into items. Nesting is relative: an
 * item is a child of the nearest item above it that is indented less, so 2-space, 4-space and tab styles all
 * give depth 1 for the first level in. Other lines are ignored, except a line indented under an item, which
 * continues that item's text. Lines in fenced code blocks and horizontal rules ("- - -") are not items, and
 * neither are empty bullets (the "- " an Enter leaves behind), which would make empty note names. Quote
 * markers are skipped, since Obsidian callouts often hold lists. Every item is returned, nested ones too, in the
 * order written, each with its depth: the tool reference's example output.
 */
export function parseBullets(text: string): BulletItem[] {
  const items: BulletItem[] = [];
  const open: OpenItem[] = [];
  let fence: { char: string; length: number } | null = null;
  /** The item a following indented line continues; null after a blank or unrelated line. */
  let continuing: OpenItem | null = null;

  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(QUOTE_MARKERS, '');
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      const closes =
        fenceMatch?.[1]?.[0] === fence.char &&
        (fenceMatch[1]?.length ?? 0) >= fence.length &&
        fenceMatch[2]?.trim() === '';
      if (closes) fence = null;
      continue;
    }
    if (fenceMatch?.[1]) {
      fence = { char: fenceMatch[1][0] ?? '`', length: fenceMatch[1].length };
      continuing = null;
      continue;
    }
    if (line.trim() === '') {
      continuing = null;
      continue;
    }

    const indent = indentWidth(line);
    while (open.length > 0 && (open[open.length - 1]?.indent ?? 0) >= indent) open.pop();

    const bullet = THEMATIC_BREAK.test(line) ? null : BULLET.exec(line);
    if (!bullet) {
      // A line indented under the last item continues it; anything else is prose between or after lists.
      const parent = open[open.length - 1];
      if (continuing && parent === continuing && continuing.item)
        continuing.item.text = joinText(continuing.item.text, line.trim());
      else continuing = null;
      continue;
    }

    // Only returned items count: under an empty bullet ("- " left by Enter), an item is as deep as its returned ancestors.
    const depth = open.filter((entry) => entry.item !== null).length;
    const { text: body, checked } = splitTask((bullet[3] ?? '').trim());
    const item: BulletItem = { text: body, raw, depth, ...(checked === undefined ? {} : { checked }) };
    const returned = body !== '';
    const entry: OpenItem = { indent, item: returned ? item : null };
    if (returned) items.push(item);
    open.push(entry);
    continuing = entry;
  }
  return items;
}

/**
 * The top-level items, each holding the items nested under it (`children`, recursively). An item whose own parent
 * was an empty bullet (not returned) goes under the nearest item above it that is less deep, or to the top level
 * (parseBullets gives it the depth of its returned ancestors).
 */
export function nestBullets(items: readonly BulletItem[]): NestedBulletItem[] {
  const roots: NestedBulletItem[] = [];
  const open: NestedBulletItem[] = [];
  for (const item of items) {
    const node: NestedBulletItem = { ...item, children: [] };
    while (open.length > 0 && (open[open.length - 1]?.depth ?? 0) >= item.depth) open.pop();
    const parent = open[open.length - 1];
    if (parent) parent.children.push(node);
    else roots.push(node);
    open.push(node);
  }
  return roots;
}

function splitTask(body: string): { text: string; checked?: boolean } {
  const task = TASK.exec(body);
  if (!task) return { text: body };
  return { text: (task[2] ?? '').trim(), checked: task[1] !== ' ' };
}

function joinText(text: string, more: string): string {
  return text === '' ? more : `${text} ${more}`;
}

function indentWidth(line: string): number {
  let width = 0;
  for (const char of line) {
    if (char === ' ') width += 1;
    else if (char === '\t') width += TAB_WIDTH - (width % TAB_WIDTH);
    else break;
  }
  return width;
}
