import { callsIn, type WrittenCall } from './callShapes';
import { jsonExtent, newScan, type JsonScan } from './jsonExtent';

type Kind = 'hermes' | 'mistral' | 'python' | 'fence' | 'bare';

/** Openings of a call written as text, from the models' chat templates. */
const MARKERS: readonly { text: string; kind: Kind }[] = [
  { text: '<tool_call>', kind: 'hermes' },
  { text: '[TOOL_CALLS]', kind: 'mistral' },
  { text: '<|python_tag|>', kind: 'python' },
  { text: '```json', kind: 'fence' },
];
/** Closings a template puts after the JSON; optional except the fence's. */
const CLOSERS: Record<Kind, readonly string[]> = { hermes: ['</tool_call>'], python: ['<|eom_id|>', '<|eot_id|>'], fence: ['```'], mistral: [], bare: [] };

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

/**
 * Finds tool calls that a model writes into its answer text instead of the API's tool calls, while the text
 * streams. Text that could be the start of a call is held back until it is decided, so the raw markup never
 * flashes on screen: a marker not followed by JSON (prose that names `<tool_call>`, or one in backticks) goes out
 * as text, and so does JSON that is not a call. An untagged object (bare, or a fenced `json` block) counts only
 * when it names an offered tool. A call still open when the answer ends is never a call: cut off by the token
 * limit it is reported as such, else it is shown as text.
 */
export class TextCallRecognizer {
  private buffer = '';
  /** Nothing but spaces precede the buffer on its line (the answer's start counts). */
  private lineStart = true;
  private lastShown = '';
  private afterCall = false;
  private final = false;
  /** The scan of the open call at the buffer's start; the buffer only grows while it is open. */
  private scan: JsonScan | undefined;
  private readonly found: RecognizedCalls[] = [];
  /** The text of a call the token limit cut off. */
  cutOffRaw: string | undefined;

  constructor(private readonly isOffered: (writtenName: string) => boolean) {}

  get recognized(): readonly RecognizedCalls[] {
    return this.found;
  }

  /** Adds streamed text; returns the text that can be shown now. */
  push(delta: string): string {
    this.buffer += delta;
    return this.drain();
  }

  /** The answer ended; returns the rest of its text. `cutOff`: it ended at the token limit. */
  end(cutOff: boolean): string {
    this.final = true;
    let text = this.drain();
    if (this.buffer !== '') {
      // Only an opened call that never closed is left.
      if (cutOff) this.cutOffRaw = this.buffer;
      else text += this.buffer;
      this.buffer = '';
    }
    return text;
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
        return { text: '', progress: false };
      }
      this.buffer = trimmed;
      this.afterCall = false;
    }
    const start = this.candidate();
    if (start.index === -1) return this.show(this.buffer.length, false);
    if (start.kind === undefined) return this.show(start.index, false);
    if (start.index > 0) return this.show(start.index, true);
    return this.body(start.kind, start.length);
  }

  /** The first place a call may start: a marker, a partial marker at the end, or `{` opening a line. */
  private candidate(): { index: number; kind?: Kind; length: number } {
    const text = this.buffer;
    let lineStart = this.lineStart;
    for (let i = 0; i < text.length; i += 1) {
      const before = i === 0 ? this.lastShown : text[i - 1];
      for (const marker of MARKERS) {
        if (text.startsWith(marker.text, i)) {
          if (before !== '`') return { index: i, kind: marker.kind, length: marker.text.length };
        } else if (!this.final && marker.text.startsWith(text.slice(i))) {
          return { index: i, length: 0 };
        }
      }
      const char = text[i] ?? '';
      if (char === '{' && lineStart) return { index: i, kind: 'bare', length: 0 };
      if (char === '\n') lineStart = true;
      else if (char !== ' ' && char !== '\t') lineStart = false;
    }
    return { index: -1, length: 0 };
  }

  private show(length: number, progress: boolean): Step {
    if (length > 0) this.scan = undefined;
    const text = this.buffer.slice(0, length);
    this.buffer = this.buffer.slice(length);
    if (text !== '') this.lastShown = text[text.length - 1] ?? '';
    for (const char of text) {
      if (char === '\n') this.lineStart = true;
      else if (char !== ' ' && char !== '\t') this.lineStart = false;
    }
    return { text, progress: progress || (text !== '' && this.buffer !== '') };
  }

  /** The buffer starts with an opening; decide whether a call follows. */
  private body(kind: Kind, markerLength: number): Step {
    const text = this.buffer;
    let pos = markerLength;
    while (pos < text.length && /\s/.test(text[pos] ?? '')) pos += 1;
    if (kind === 'mistral' && text[pos] !== '[') return this.mistralNamed(pos);
    if (pos >= text.length) return pos > LOOKAHEAD || this.final ? this.notACall(kind, markerLength) : WAIT;
    if (text[pos] !== '{' && !(kind === 'mistral' && text[pos] === '[')) return this.notACall(kind, markerLength);
    if (kind === 'bare' || kind === 'fence') {
      const head = text.slice(pos, pos + LOOKAHEAD);
      if (!CALL_HEAD.test(head)) return MAYBE_CALL_HEAD.test(head) && !this.final ? WAIT : this.notACall(kind, markerLength);
    }
    return this.json(kind, markerLength, pos, undefined);
  }

  /** Mistral's newer templates write `[TOOL_CALLS]name[ARGS]{…}`. */
  private mistralNamed(pos: number): Step {
    const rest = this.buffer.slice(pos);
    const named = /^([A-Za-z0-9_.-]{1,64})\[ARGS\]/.exec(rest);
    if (named) return this.json('mistral', 12, pos + named[0].length, named[1]);
    const partial = /^[A-Za-z0-9_.-]{0,64}(?:\[(?:A(?:R(?:G(?:S)?)?)?)?)?$/.test(rest);
    return partial && !this.final ? WAIT : this.notACall('mistral', 12);
  }

  private json(kind: Kind, markerLength: number, pos: number, name: string | undefined): Step {
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
    else if (kind === 'fence') return this.notACall(kind, markerLength);
    else after = end;
    const calls = this.parse(text.slice(pos, end), name);
    if (!calls || ((kind === 'bare' || kind === 'fence') && !calls.every((call) => this.isOffered(call.name)))) return this.notACall(kind, markerLength);
    this.found.push({ calls, raw: text.slice(0, after) });
    this.buffer = text.slice(after);
    this.scan = undefined;
    this.lastShown = '';
    this.lineStart = true;
    this.afterCall = true;
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

  /** Not a call after all: its first character goes out as text and the search goes on after it. */
  private notACall(kind: Kind, markerLength: number): Step {
    return this.show(kind === 'bare' ? 1 : markerLength, true);
  }
}

const WAIT: Step = { text: '', progress: false };
