/** A block a line may continue: a block quote, or a list item whose content starts at `column`. */
type Container = { kind: 'quote' } | { kind: 'item'; column: number };

/** An open fenced code block: closed by a line of at least `length` of the same character. */
interface Fence {
  char: string;
  length: number;
}

/** The columns of a line's leading spaces and tabs (a tab advances to the next multiple of 4), and where they end. */
export function indentation(line: string): { columns: number; end: number } {
  let columns = 0;
  let end = 0;
  for (; end < line.length; end += 1) {
    if (line[end] === ' ') columns += 1;
    else if (line[end] === '\t') columns += 4 - (columns % 4);
    else break;
  }
  return { columns, end };
}

/**
 * Where an answer's Markdown stands at the start of each line, as far as a tool call written in it cares: inside
 * a fenced code block, inside a code span a backtick run left open, or inside a block quote or list item, by the
 * line's own `>` or indentation or as a lazy line right below one (CommonMark's block rules). Fed whole lines.
 * Where CommonMark and this reading could differ (a fence nested in a quote, a heading's code span), it leans to
 * "inside", so quoted text is never taken for a call.
 */
export class MarkdownContext {
  private fence: Fence | undefined;
  private container: Container | undefined;
  /** The last line held text: a line below it without `>` or indentation still continues it, as a lazy line. */
  private inParagraph = false;
  /** A backtick run the paragraph opened and has not closed: a code span may still run over the next lines. */
  private openTicks = 0;

  /** Whether a line whose text starts after `indent` columns stands at the top level, outside every block above. */
  callMayStart(indent: number): boolean {
    if (this.fence !== undefined || this.openTicks > 0 || indent >= 4) return false;
    if (this.container === undefined) return true;
    if (this.container.kind === 'item' && indent >= this.container.column) return false;
    return !this.inParagraph;
  }

  /** A tool call ended at the top level: what follows starts afresh, as after a blank line. */
  afterCall(): void {
    this.container = undefined;
    this.inParagraph = false;
    this.openTicks = 0;
  }

  /** Reads one whole line of the answer (without its line break). */
  feed(line: string): void {
    if (this.fence !== undefined) {
      if (closesFence(line, this.fence)) this.fence = undefined;
      return;
    }
    const { columns, end } = indentation(line);
    const rest = line.slice(end).replace(/\r$/, '');
    if (rest.trim() === '') {
      this.blank();
      return;
    }
    if (this.container !== undefined) {
      if (this.continues(this.container, columns, rest)) {
        this.text(this.container.kind === 'quote' ? rest.slice(1) : rest);
        return;
      }
      if (this.inParagraph && !interruptsParagraph(columns, rest)) {
        this.text(rest);
        return;
      }
      this.container = undefined;
    }
    this.topLevel(columns, rest);
  }

  private topLevel(columns: number, rest: string): void {
    if (columns >= 4) {
      // Indented code, or the continuation of a paragraph: only a paragraph's backticks can open a code span.
      if (this.inParagraph) this.text(rest);
      return;
    }
    const fence = fenceOpening(rest);
    if (fence !== undefined) {
      this.fence = fence;
      this.inParagraph = false;
      this.openTicks = 0;
    } else if (rest.startsWith('>')) {
      this.container = { kind: 'quote' };
      this.text(rest.slice(1));
    } else if (THEMATIC_BREAK.test(rest) || ATX_HEADING.test(rest)) {
      // A one-line block: no paragraph goes on below it, and a code span cannot leave it.
      this.inParagraph = false;
      this.openTicks = 0;
    } else {
      const item = listItem(columns, rest);
      if (item !== undefined) this.container = { kind: 'item', column: item.column };
      this.text(item === undefined ? rest : item.content);
    }
  }

  private continues(container: Container, columns: number, rest: string): boolean {
    return container.kind === 'quote' ? columns < 4 && rest.startsWith('>') : columns >= container.column;
  }

  /** A line of text inside the current block (nested quotes and items are read as its text: they only add "inside"). */
  private text(content: string): void {
    if (/^[>\s]*$/.test(content)) {
      // An empty line of a quote (`>`) ends its paragraph, as a blank line does.
      this.inParagraph = false;
      this.openTicks = 0;
      return;
    }
    this.inParagraph = true;
    this.openTicks = ticksLeftOpen(content, this.openTicks);
  }

  private blank(): void {
    this.inParagraph = false;
    this.openTicks = 0;
    // A list item goes on after a blank line when the next line is indented to its content; a quote does not.
    if (this.container?.kind === 'quote') this.container = undefined;
  }
}

const THEMATIC_BREAK = /^(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const ATX_HEADING = /^#{1,6}(?:[ \t]|$)/;

/** A block that may begin right below a paragraph line, ending it rather than continuing it lazily. */
function interruptsParagraph(columns: number, rest: string): boolean {
  if (columns >= 4) return false;
  return (
    fenceOpening(rest) !== undefined ||
    rest.startsWith('>') ||
    THEMATIC_BREAK.test(rest) ||
    ATX_HEADING.test(rest) ||
    listItem(columns, rest) !== undefined
  );
}

/** A fence's opening line: 3 or more backticks (with no backtick after them) or tildes. */
function fenceOpening(rest: string): Fence | undefined {
  const match = /^(`{3,}|~{3,})(.*)$/.exec(rest);
  if (!match) return undefined;
  const run = match[1] ?? '';
  const char = run[0] ?? '`';
  if (char === '`' && (match[2] ?? '').includes('`')) return undefined;
  return { char, length: run.length };
}

function closesFence(line: string, fence: Fence): boolean {
  const { columns, end } = indentation(line);
  if (columns >= 4) return false;
  const rest = line.slice(end);
  let run = 0;
  while (rest[run] === fence.char) run += 1;
  return run >= fence.length && rest.slice(run).trim() === '';
}

/** A list item's opening (`-`, `*`, `+`, `1.`, `1)`): the column its content starts at, and that content. */
function listItem(columns: number, rest: string): { column: number; content: string } | undefined {
  const marker = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/.exec(rest)?.[0];
  if (marker === undefined) return undefined;
  const after = rest.slice(marker.length);
  const gap = indentation(after);
  const content = after.slice(gap.end);
  // Content after 5 or more spaces is indented code inside the item, which then starts one column past the marker.
  const spaces = content === '' || gap.columns > 4 ? 1 : gap.columns;
  return { column: columns + marker.length + spaces, content };
}

/** The length of the backtick run still open after `text`, given the one open before it (0: none). */
function ticksLeftOpen(text: string, open: number): number {
  let run = open;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '\\' && run === 0) {
      i += 1;
    } else if (char === '`') {
      let length = 1;
      while (text[i + length] === '`') length += 1;
      if (run === 0) run = length;
      else if (length === run) run = 0;
      i += length - 1;
    }
  }
  return run;
}
