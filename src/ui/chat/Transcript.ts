import { Component, type App } from 'obsidian';
import { type NoteTone, type SeenEntry, toolResultText } from '../../core/session/seenConversation';
import type { CallOutcome, ToolCall } from '../../core/tool-execution/types';
import { MarkdownStream } from '../MarkdownStream';
import { drawNote, drawSummary, drawToolCall, drawToolResult, drawUser, type ToolCallParts } from './transcriptEntries';

export type NoteKind = NoteTone;

/**
 * How many of the newest turns (a message and everything after it) stay drawn, and how many "Show earlier" brings
 * back at a time. Folding old turns, rather than drawing only what is near the viewport, was chosen because the
 * transcript is not a list of rows of one height: answers render Markdown asynchronously, tool calls open and
 * close, and approval cards and the revert card are added into `el` by others where they happen. Measuring and
 * recycling such rows would be fragile and would fight the screen reader's view of the log; folding keeps the
 * DOM to the last turns, O(1) work per message, and every turn reachable again.
 */
export const DRAWN_TURNS = 10;
export const EARLIER_PAGE = 10;

/** One turn: its entries as data (what draws it again), and while it is drawn, its first element and streams. */
interface Turn {
  entries: SeenEntry[];
  first: HTMLElement | null;
  /** Answers drawn in this turn; their text is read back when the turn is folded. */
  answers: { entry: { text: string }; stream: MarkdownStream }[];
  calls: string[];
}

const newTurn = (): Turn => ({ entries: [], first: null, answers: [], calls: [] });

/**
 * The conversation as the panel shows it: user messages, streamed answers (append-only, through MarkdownStream),
 * tool calls folded to one line that opens to show the arguments and the result or error, and short notes (usage,
 * errors). Approval cards and the revert card are added by others into `el`, so they sit where they happen.
 * Only the last DRAWN_TURNS turns are drawn; older ones fold into "Show earlier", which draws them again.
 */
export class Transcript extends Component {
  readonly el: HTMLElement;
  private readonly calls = new Map<string, ToolCallParts & { entry: Extract<SeenEntry, { kind: 'tool' }> }>();
  /** Every turn; those before `firstDrawn` are folded (data only). The first may have no message (notes only). */
  private turns: Turn[] = [newTurn()];
  private firstDrawn = 0;
  private hint: HTMLElement | null = null;
  private earlier: HTMLButtonElement | null = null;
  private scrollQueued = false;

  constructor(
    private readonly app: App,
    parentEl: HTMLElement,
  ) {
    super();
    // A log: what is added is read out, politely; while a run streams it is busy, so an answer is read once, whole.
    this.el = parentEl.createDiv({
      cls: 'embedded-agent-transcript',
      attr: { role: 'log', 'aria-label': 'Conversation', 'aria-busy': 'false' },
    });
    this.showEmptyHint();
  }

  /** Busy while a run streams into it: a screen reader waits and reads the finished answer once, not each chunk. */
  setBusy(busy: boolean): void {
    this.el.setAttr('aria-busy', String(busy));
  }

  clear(): void {
    for (const turn of this.turns) this.undraw(turn);
    this.turns = [newTurn()];
    this.firstDrawn = 0;
    this.el.empty();
    this.earlier = null;
    this.showEmptyHint();
  }

  /** What an empty panel says: what to do, and that nothing changes without the person's yes. */
  private showEmptyHint(): void {
    const hint = this.el.createDiv({ cls: 'embedded-agent-empty-hint' });
    hint.createEl('p', {
      text: 'Select text in a note, then tell the agent what to do with it, for example: make a note for each bullet in a new folder.',
    });
    hint.createEl('p', { text: 'Every change waits for your approval, and a whole run can be reverted.' });
    this.hint = hint;
  }

  private get current(): Turn {
    return this.turns[this.turns.length - 1] as Turn;
  }

  /** A message starts a new turn; the oldest drawn turn folds once more than DRAWN_TURNS are drawn. */
  addUser(text: string): void {
    this.startTurn();
    this.record({ kind: 'user', text }, (parent) => drawUser(parent, text));
    this.foldOld();
    this.scrollToEnd();
  }

  /** A new answer segment; text after a tool call starts another one, so answers and calls stay in order. */
  startAnswer(sourcePath = ''): MarkdownStream {
    const entry: SeenEntry = { kind: 'answer', text: '' };
    return this.drawAnswer(this.el, this.current, entry, sourcePath, true);
  }

  addToolCall(call: ToolCall): void {
    const entry: Extract<SeenEntry, { kind: 'tool' }> = {
      kind: 'tool',
      id: call.id,
      name: call.name,
      input: call.input,
    };
    this.record(entry, (parent) => this.drawCall(parent, this.current, entry).el);
    this.scrollToEnd();
  }

  setToolResult(outcome: CallOutcome): void {
    const parts = this.calls.get(outcome.callId);
    if (!parts) return;
    parts.entry.result = toolResultText(outcome);
    drawToolResult(parts, parts.entry.result);
  }

  addNote(text: string, kind: NoteKind = 'info'): HTMLElement {
    const note = this.record({ kind: 'note', text, tone: kind }, (parent) => drawNote(parent, text, kind));
    this.scrollToEnd();
    return note;
  }

  /**
   * A run stopped at a spending limit: why, with a button that lets it go on. The button works once; a new
   * message or another run leaves it as a record.
   */
  addBudgetStop(text: string, label: string, onContinue: () => void): void {
    const note = this.addNote(text, 'budget');
    const button = note.createEl('button', { cls: 'embedded-agent-continue', text: label, attr: { type: 'button' } });
    button.addEventListener('click', () => {
      button.disabled = true;
      onContinue();
    });
    this.scrollToEnd();
  }

  /** One entry the session says a run ended with (a summary, the final answer, a note). */
  addEntry(entry: SeenEntry): void {
    if (entry.kind === 'user') this.addUser(entry.text);
    else if (entry.kind === 'note') this.addNote(entry.text, entry.tone);
    else {
      // A copy: folding writes an answer's text back into its entry, and this one is the session's.
      this.drawEntry(this.el, this.current, { ...entry }, true);
      this.scrollToEnd();
    }
  }

  /** Shows a conversation as it was seen (a restored one, or the panel's own after it was opened again). */
  showConversation(entries: readonly SeenEntry[]): void {
    this.clear();
    if (entries.length === 0) return;
    this.hint?.remove();
    this.hint = null;
    this.turns = [];
    for (const entry of entries) {
      if (entry.kind === 'user' || this.turns.length === 0) this.turns.push(newTurn());
      this.current.entries.push({ ...entry });
    }
    this.firstDrawn = this.turns.length;
    this.drawEarlier(DRAWN_TURNS);
    this.scrollToEnd();
  }

  /** Keeps the newest content in sight; once per frame, since answers arrive in many small chunks. */
  scrollToEnd(): void {
    if (this.scrollQueued) return;
    this.scrollQueued = true;
    window.requestAnimationFrame(() => {
      this.scrollQueued = false;
      this.el.scrollTop = this.el.scrollHeight;
    });
  }

  private startTurn(): void {
    // A field, not a query: finding the hint must not cost more as the transcript grows.
    this.hint?.remove();
    this.hint = null;
    if (this.current.entries.length > 0 || this.current.first !== null) this.turns.push(newTurn());
  }

  /** Adds an entry to the current turn and draws it at the end of the transcript. */
  private record<T extends HTMLElement>(entry: SeenEntry, draw: (parent: HTMLElement) => T): T {
    const turn = this.current;
    turn.entries.push(entry);
    const el = draw(this.el);
    turn.first ??= el;
    return el;
  }

  private drawEntry(parent: HTMLElement, turn: Turn, entry: SeenEntry, live: boolean): HTMLElement {
    if (live) turn.entries.push(entry);
    const el = ((): HTMLElement => {
      switch (entry.kind) {
        case 'user':
          return drawUser(parent, entry.text);
        case 'note':
          return drawNote(parent, entry.text, entry.tone, live);
        case 'summary':
          return drawSummary(parent, entry.text);
        case 'tool':
          return this.drawCall(parent, turn, entry).el;
        case 'answer': {
          const stream = this.drawAnswer(parent, turn, entry, '', false);
          stream.append(entry.text);
          void stream.finish();
          return stream.el;
        }
      }
    })();
    turn.first ??= el;
    return el;
  }

  private drawAnswer(
    parent: HTMLElement,
    turn: Turn,
    entry: Extract<SeenEntry, { kind: 'answer' }>,
    sourcePath: string,
    live: boolean,
  ): MarkdownStream {
    if (live) turn.entries.push(entry);
    const wrapper = parent.createDiv({ cls: ['embedded-agent-message', 'is-assistant'] });
    turn.first ??= wrapper;
    const stream = this.addChild(new MarkdownStream(this.app, wrapper, sourcePath));
    turn.answers.push({ entry, stream });
    return stream;
  }

  private drawCall(parent: HTMLElement, turn: Turn, entry: Extract<SeenEntry, { kind: 'tool' }>): ToolCallParts {
    const parts = drawToolCall(parent, entry);
    if (entry.result) drawToolResult(parts, entry.result);
    this.calls.set(entry.id, { ...parts, entry });
    turn.calls.push(entry.id);
    return parts;
  }

  /** Folds the oldest drawn turns until DRAWN_TURNS are left: their elements go, their entries stay. */
  private foldOld(): void {
    while (this.turns.length - this.firstDrawn > DRAWN_TURNS) {
      const turn = this.turns[this.firstDrawn] as Turn;
      const next = (this.turns[this.firstDrawn + 1] as Turn).first;
      // Everything above the next turn's first element is this turn's, cards others added included.
      for (let node = next?.previousSibling; node && node !== this.earlier; node = next?.previousSibling) node.remove();
      this.undraw(turn);
      this.firstDrawn++;
    }
    this.updateEarlier();
  }

  /** Drops a turn's streams and calls; answers keep the text they streamed. */
  private undraw(turn: Turn): void {
    for (const { entry, stream } of turn.answers.splice(0)) {
      entry.text = stream.markdown;
      this.removeChild(stream);
    }
    for (const id of turn.calls.splice(0)) this.calls.delete(id);
    turn.first = null;
  }

  /** Draws up to `count` folded turns above the drawn ones. */
  private drawEarlier(count: number): void {
    const anchor = this.turns[this.firstDrawn]?.first ?? null;
    const holder = createDiv();
    const from = Math.max(0, this.firstDrawn - count);
    for (const turn of this.turns.slice(from, this.firstDrawn)) {
      for (const entry of turn.entries) this.drawEntry(holder, turn, entry, false);
    }
    this.firstDrawn = from;
    this.el.insertBefore(fragmentOf(holder), anchor);
    this.updateEarlier();
  }

  /**
   * "Show earlier": focus stays on the button while more is folded (new turns appear below it); once everything is
   * drawn the button hides, and focus goes to the first turn rather than falling to the page.
   */
  private showEarlier(): void {
    this.drawEarlier(EARLIER_PAGE);
    if (this.firstDrawn > 0) return;
    const first = this.turns[0]?.first;
    first?.setAttr('tabindex', '-1');
    first?.focus();
  }

  private updateEarlier(): void {
    const folded = this.firstDrawn;
    if (folded === 0) {
      this.earlier?.setAttr('hidden', '');
      return;
    }
    if (!this.earlier) {
      this.earlier = this.el.createEl('button', { cls: 'embedded-agent-show-earlier', attr: { type: 'button' } });
      this.earlier.addEventListener('click', () => this.showEarlier());
    }
    if (this.el.firstChild !== this.earlier) this.el.insertBefore(this.earlier, this.el.firstChild);
    this.earlier.removeAttribute('hidden');
    const next = Math.min(EARLIER_PAGE, folded);
    this.earlier.setText(`Show ${next} earlier ${next === 1 ? 'turn' : 'turns'} (${folded} hidden)`);
  }
}

function fragmentOf(holder: HTMLElement): DocumentFragment {
  return createFragment((fragment) => {
    while (holder.firstChild) fragment.appendChild(holder.firstChild);
  });
}
