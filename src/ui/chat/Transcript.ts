import { Component, type App } from 'obsidian';
import { describeMessageSpend } from '../../core/budget/spendText';
import type { HistoryMessage } from '../../core/ports/llm';
import type { MessageSpend } from '../../core/session/sessionEvents';
import type { CallOutcome, ToolCall } from '../../core/tool-execution/types';
import { MarkdownStream } from '../MarkdownStream';

export type NoteKind = 'info' | 'error' | 'usage' | 'budget';

const ARGS_PREVIEW_CHARS = 60;

interface ToolCallParts {
  el: HTMLDetailsElement;
  status: HTMLElement;
  result: HTMLElement;
}

/**
 * The conversation as the panel shows it: user messages, streamed answers (append-only, through MarkdownStream),
 * tool calls folded to one line that opens to show the arguments and the result or error, and short notes (usage,
 * errors). Approval cards and the revert card are added by others into `el`, so they sit where they happen.
 */
export class Transcript extends Component {
  readonly el: HTMLElement;
  private readonly calls = new Map<string, ToolCallParts>();
  private readonly streams: MarkdownStream[] = [];
  private scrollQueued = false;

  constructor(
    private readonly app: App,
    parentEl: HTMLElement,
  ) {
    super();
    // A log: what is added is read out, politely; while a run streams it is busy, so an answer is read once, whole.
    this.el = parentEl.createDiv({ cls: 'embedded-agent-transcript', attr: { role: 'log', 'aria-label': 'Conversation', 'aria-busy': 'false' } });
    this.showEmptyHint();
  }

  /** Busy while a run streams into it: a screen reader waits and reads the finished answer once, not each chunk. */
  setBusy(busy: boolean): void {
    this.el.setAttr('aria-busy', String(busy));
  }

  clear(): void {
    for (const stream of this.streams.splice(0)) this.removeChild(stream);
    this.calls.clear();
    this.el.empty();
    this.showEmptyHint();
  }

  /** What an empty panel says: what to do, and that nothing changes without the person's yes. */
  private showEmptyHint(): void {
    const hint = this.el.createDiv({ cls: 'embedded-agent-empty-hint' });
    hint.createEl('p', { text: 'Select text in a note, then tell the agent what to do with it, for example: make a note for each bullet in a new folder.' });
    hint.createEl('p', { text: 'Every change waits for your approval, and a whole run can be reverted.' });
  }

  addUser(text: string): void {
    this.el.querySelector('.embedded-agent-empty-hint')?.remove();
    this.el.createDiv({ cls: ['embedded-agent-message', 'is-user'], text });
    this.scrollToEnd();
  }

  /** A new answer segment; text after a tool call starts another one, so answers and calls stay in order. */
  startAnswer(sourcePath = ''): MarkdownStream {
    const wrapper = this.el.createDiv({ cls: ['embedded-agent-message', 'is-assistant'] });
    const stream = this.addChild(new MarkdownStream(this.app, wrapper, sourcePath));
    this.streams.push(stream);
    return stream;
  }

  addToolCall(call: ToolCall): void {
    const el = this.el.createEl('details', { cls: 'embedded-agent-tool-call' });
    const summary = el.createEl('summary');
    const status = summary.createSpan({ cls: 'embedded-agent-tool-status', text: '…' });
    summary.createEl('code', { text: call.name });
    summary.createSpan({ cls: 'embedded-agent-tool-args', text: briefArgs(call.input) });
    el.createDiv({ cls: 'embedded-agent-tool-label', text: 'Arguments' });
    el.createEl('pre', { cls: 'embedded-agent-tool-json', text: pretty(call.input) });
    const result = el.createDiv({ cls: 'embedded-agent-tool-result' });
    this.calls.set(call.id, { el, status, result });
    this.scrollToEnd();
  }

  setToolResult(outcome: CallOutcome): void {
    const parts = this.calls.get(outcome.callId);
    if (!parts) return;
    parts.el.addClass(outcome.ok ? 'is-ok' : 'is-error');
    parts.status.setText(outcome.ok ? '✓' : '✗');
    parts.status.setAttr('aria-label', outcome.ok ? 'Succeeded' : 'Failed');
    parts.result.empty();
    parts.result.createDiv({ cls: 'embedded-agent-tool-label', text: outcome.ok ? 'Result' : 'Error' });
    parts.result.createEl('pre', { cls: 'embedded-agent-tool-json', text: outcome.ok ? pretty(outcome.output ?? outcome.content) : outcome.error?.message ?? outcome.content });
  }

  addNote(text: string, kind: NoteKind = 'info'): HTMLElement {
    const note = this.el.createDiv({ cls: ['embedded-agent-note', `is-${kind}`], text, attr: kind === 'error' ? { role: 'alert' } : {} });
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

  /** What the message and the conversation spent, as both shells say it (core/budget/spendText.ts). */
  addSpend(spend: MessageSpend): void {
    this.addNote(describeMessageSpend(spend.message, spend.conversation), 'usage');
  }

  /** Shows a saved conversation again: messages, answers and tool calls with their results. */
  renderHistory(history: readonly HistoryMessage[]): void {
    const outcomes = new Map<string, { content: string; isError: boolean }>();
    for (const message of history) {
      if (message.role === 'tool-results') for (const result of message.results) outcomes.set(result.callId, result);
    }
    for (const message of history) {
      if (message.role === 'user') this.addUser(message.text);
      if (message.role !== 'assistant') continue;
      if (message.text.trim() !== '') {
        const stream = this.startAnswer();
        stream.append(message.text);
        void stream.finish();
      }
      for (const call of message.toolCalls) {
        this.addToolCall({ id: call.id, name: call.name, input: call.input });
        const result = outcomes.get(call.id);
        if (result) this.setToolResult({ callId: call.id, tool: call.name, ok: !result.isError, content: result.content, output: result.content, durationMs: 0, ...(result.isError ? { error: { code: 'ERROR', message: result.content } } : {}) });
      }
    }
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
}

function pretty(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function briefArgs(input: unknown): string {
  if (input === null || typeof input !== 'object') return '';
  const first = Object.values(input as Record<string, unknown>).find((value) => typeof value === 'string');
  if (typeof first !== 'string') return '';
  const line = first.split('\n')[0] ?? '';
  return line.length > ARGS_PREVIEW_CHARS ? `${line.slice(0, ARGS_PREVIEW_CHARS - 1)}…` : line;
}

