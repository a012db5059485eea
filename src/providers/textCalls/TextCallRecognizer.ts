import { callsIn, type WrittenCall } from './callShapes';
import { continueScan, jsonExtent, newScan, type JsonScan } from './jsonExtent';
import { indentation, MarkdownContext } from './MarkdownContext';

type Kind = 'hermes' | 'mistral' | 'python' | 'fence' | 'bare';

/** Openings of a call written as text, from the models' chat templates. */
const MARKERS: readonly { text: string; kind: Kind }[] = [
  { text: '<tool_call>', kind: 'hermes' },
  { text: '[TOOL_CALLS]', kind: 'mistral' },
  { text: '<|python_tag|>', kind: 'python' },
  { text: '```json', kind: 'fence' },
];
/** Closings a template puts after the JSON; optional except the fence's. */
const CLOSERS: Record<Kind, readonly string[]> = {
  hermes: ['</tool_call>'],
  python: ['<|eom_id|>', '<|eot_id|>'],
  fence: ['```'],
  mistral: [],
  bare: [],
};

/** How far past an opening the text may go before it must show it is a call: the bound on held-back text. */
const LOOKAHEAD = 64;
/** An object that opens like a call: its first key is one a call starts with. */
const CALL_HEAD = /^\{\s*"(?:name|function|type|arguments|parameters)"\s*:/;
const MAYBE_CALL_HEAD = /^\{\s*(?:"[a-z]*"?\s*)?$/;

/** A call recognized in the text, with the text it was written as (shown instead, should a native call come). */
export interface RecognizedCalls {
  calls: WrittenCall[];
  raw: string;
}

type Step = { text: string; progress: boolean };
/** A call's opening: its kind and how long its marker is (0 for a bare object). */
type Opening = { kind: Kind; length: number };

/**
 * Finds tool calls that a model writes into its answer text instead of the API's tool calls, while the text
 * streams. Only a call written as one counts: its opening (a marker, or `{`) starts a line at the top level of the
 * answer's Markdown, or follows another call. The same text in a fenced or indented code block, a code span, a
 * block quote, a list item, or after other text on its line is shown as the text it is: a model that quotes a
 * note holding a call must not make it. A bare object counts only at the answer's start or right after a call,
 * and untagged JSON (bare, or a fenced `json` block) only when it names an offered tool.
 *
 * A line start that may still become an opening is held back until its first characters decide it, and an
 * opening until a call follows or not, so the markup never flashes on screen; any other text streams through at
 * once. A marker not followed by JSON, or JSON that is not a call, goes out as text. A call still open when the
 * answer ends is never a call: cut off by the token limit it is reported as such, else it is shown as text.
 */
export class TextCallRecognizer {
  private buffer = '';
  /** The answer's Markdown up to the current line, which decides whether a call may start that line. */
  private readonly markdown = new MarkdownContext();
  /** The current line's text shown so far, read into `markdown` when the line ends. */
  private line = '';
  /** The rest of the current line is text whatever it holds: it streams through until the line ends. */
  private textLine = false;
  /** The buffer starts with this opening, and whether a call follows is not decided yet. */
  private opening: Opening | undefined;
  /** Only white space was shown since the answer started or the last call: where a bare object may be a call. */
  private blankSoFar = true;
  private afterCall = false;
  private final = false;
  /** The scan of the open call at the buffer's start; the buffer only grows while it is open. */
  private scan: JsonScan | undefined;
  /**
   * The pieces that arrived while the call's JSON was open, scanned as they come and joined to the buffer once it
   * closes: appending each to one long string would copy the whole call again for every piece.
   */
  private openPieces: string[] = [];
  private readonly found: RecognizedCalls[] = [];
  /** The text of a call the token limit cut off. */
  cutOffRaw: string | undefined;

  constructor(private readonly isOffered: (writtenName: string) => boolean) {}

  get recognized(): readonly RecognizedCalls[] {
    return this.found;
  }

  /** Adds streamed text; returns the text that can be shown now. */
  push(delta: string): string {
    if (this.opening !== undefined && this.scan !== undefined && this.scan.end === undefined) {
      this.openPieces.push(delta);
      if (continueScan(this.scan, delta) === -1) return '';
      this.joinOpenPieces();
    } else {
      this.buffer += delta;
    }
    return this.drain();
  }

  /** The answer ended; returns the rest of its text. `cutOff`: it ended at the token limit. */
  end(cutOff: boolean): string {
    this.final = true;
    this.joinOpenPieces();
    let text = this.drain();
    if (this.buffer !== '') {
      // Only an opened call that never closed is left.
      if (cutOff) this.cutOffRaw = this.buffer;
      else text += this.buffer;
      this.buffer = '';
    }
    return text;
  }

  private joinOpenPieces(): void {
    this.buffer += this.openPieces.join('');
    this.openPieces = [];
  }

  private drain(): string {
    let text = '';
    for (;;) {
      const step = this.step();
      text += step.text;
      if (!step.progress) break;
    }
    return text;
  }

  private step(): Step {
    if (this.afterCall) {
      const trimmed = this.buffer.replace(/^\s+/, '');
      if (trimmed === '') {
        this.buffer = '';
        return WAIT;
      }
      this.buffer = trimmed;
      this.afterCall = false;
    }
    if (this.opening !== undefined) return this.body(this.opening);
    if (this.textLine) {
      const lineEnd = this.buffer.indexOf('\n');
      if (lineEnd === -1) return this.show(this.buffer.length, false);
      this.textLine = false;
      return this.show(lineEnd + 1, true);
    }
    return this.lineStart();
  }

  /** The buffer starts a line (or follows a call): decide whether a call opens here, or the line is text. */
  private lineStart(): Step {
    if (this.buffer === '') return WAIT;
    const { columns, end } = indentation(this.buffer);
    if (end === this.buffer.length && columns < 4 && !this.final) return WAIT;
    const opening = this.markdown.callMayStart(columns) ? this.openingAt(this.buffer.slice(end)) : null;
    if (opening === undefined) return WAIT;
    if (opening === null) this.textLine = true;
    else this.opening = opening;
    return this.show(end, true);
  }

  /** The opening `rest` starts with; null if it starts none, undefined while it may still become one. */
  private openingAt(rest: string): Opening | null | undefined {
    let undecided = false;
    for (const marker of MARKERS) {
      if (rest.startsWith(marker.text)) return { kind: marker.kind, length: marker.text.length };
      if (!this.final && marker.text.startsWith(rest)) undecided = true;
    }
    if (rest.startsWith('{') && this.blankSoFar) return { kind: 'bare', length: 0 };
    return undecided ? undefined : null;
  }

  private show(length: number, progress: boolean): Step {
    const text = this.buffer.slice(0, length);
    this.buffer = this.buffer.slice(length);
    if (this.blankSoFar && /\S/.test(text)) this.blankSoFar = false;
    const lastBreak = text.lastIndexOf('\n');
    if (lastBreak === -1) {
      this.line += text;
    } else {
      for (const line of (this.line + text.slice(0, lastBreak)).split('\n')) this.markdown.feed(line);
      this.line = text.slice(lastBreak + 1);
    }
    return { text, progress };
  }

  /** The buffer starts with an opening; decide whether a call follows. */
  private body(opening: Opening): Step {
    const { kind, length } = opening;
    const text = this.buffer;
    let pos = length;
    while (pos < text.length && /\s/.test(text[pos] ?? '')) pos += 1;
    if (kind === 'mistral' && text[pos] !== '[') return this.mistralNamed(opening, pos);
    if (pos >= text.length) return pos > LOOKAHEAD || this.final ? this.notACall(opening) : WAIT;
    if (text[pos] !== '{' && !(kind === 'mistral' && text[pos] === '[')) return this.notACall(opening);
    if (kind === 'bare' || kind === 'fence') {
      const head = text.slice(pos, pos + LOOKAHEAD);
      if (!CALL_HEAD.test(head)) return MAYBE_CALL_HEAD.test(head) && !this.final ? WAIT : this.notACall(opening);
    }
    return this.json(opening, pos, undefined);
  }

  /** Mistral's newer templates write `[TOOL_CALLS]name[ARGS]{…}`. */
  private mistralNamed(opening: Opening, pos: number): Step {
    const rest = this.buffer.slice(pos);
    const named = /^([A-Za-z0-9_.-]{1,64})\[ARGS\]/.exec(rest);
    if (named) return this.json(opening, pos + named[0].length, named[1]);
    const partial = /^[A-Za-z0-9_.-]{0,64}(?:\[(?:A(?:R(?:G(?:S)?)?)?)?)?$/.test(rest);
    return partial && !this.final ? WAIT : this.notACall(opening);
  }

  private json(opening: Opening, pos: number, name: string | undefined): Step {
    const { kind } = opening;
    const text = this.buffer;
    if (this.scan?.start !== pos) this.scan = newScan(pos);
    const end = jsonExtent(text, this.scan);
    // Still open: held until it closes; at the end of the answer, `end()` decides.
    if (end === -1) return WAIT;
    let after = end;
    while (after < text.length && /\s/.test(text[after] ?? '')) after += 1;
    const rest = text.slice(after);
    const closer = CLOSERS[kind].find((candidate) => rest.startsWith(candidate));
    if (closer) after += closer.length;
    else if (!this.final && CLOSERS[kind].some((candidate) => candidate.startsWith(rest))) return WAIT;
    else if (kind === 'fence') return this.notACall(opening);
    else after = end;
    const calls = this.parse(text.slice(pos, end), name);
    if (!calls || ((kind === 'bare' || kind === 'fence') && !calls.every((call) => this.isOffered(call.name))))
      return this.notACall(opening);
    this.found.push({ calls, raw: text.slice(0, after) });
    this.buffer = text.slice(after);
    this.scan = undefined;
    this.opening = undefined;
    this.afterCall = true;
    this.blankSoFar = true;
    // The call took the line it opened; what follows starts afresh, whatever indentation came before it.
    this.line = '';
    this.markdown.afterCall();
    return { text: '', progress: true };
  }

  private parse(json: string, name: string | undefined): WrittenCall[] | null {
    let value: unknown;
    try {
      value = JSON.parse(json) as unknown;
    } catch {
      return null;
    }
    return callsIn(name === undefined ? value : { name, arguments: value });
  }

  /** Not a call after all: the opening goes out as text, and so does the rest of its line. */
  private notACall(opening: Opening): Step {
    this.opening = undefined;
    this.scan = undefined;
    this.textLine = true;
    return this.show(Math.max(opening.length, 1), true);
  }
}

const WAIT: Step = { text: '', progress: false };
