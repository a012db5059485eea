import { pretty, type NoteTone, type ToolResultText } from '../../core/session/seenConversation';

const ARGS_PREVIEW_CHARS = 60;

/** A tool call's line in the transcript, and where its status and result go once it finished. */
export interface ToolCallParts {
  el: HTMLDetailsElement;
  status: HTMLElement;
  result: HTMLElement;
}

/**
 * How each kind of entry looks, whether it is shown as it happens or drawn again from the saved conversation
 * (a restored one, or earlier turns brought back with "Show earlier"). Answers are drawn by the Transcript, which
 * owns their MarkdownStreams.
 */
export function drawUser(parent: HTMLElement, text: string): HTMLElement {
  return parent.createDiv({ cls: ['embedded-agent-message', 'is-user'], text });
}

export function drawToolCall(parent: HTMLElement, call: { name: string; input: unknown }): ToolCallParts {
  const el = parent.createEl('details', { cls: 'embedded-agent-tool-call' });
  const summary = el.createEl('summary');
  const status = summary.createSpan({ cls: 'embedded-agent-tool-status', text: '…' });
  summary.createEl('code', { text: call.name });
  summary.createSpan({ cls: 'embedded-agent-tool-args', text: briefArgs(call.input) });
  el.createDiv({ cls: 'embedded-agent-tool-label', text: 'Arguments' });
  el.createEl('pre', { cls: 'embedded-agent-tool-json', text: pretty(call.input) });
  const result = el.createDiv({ cls: 'embedded-agent-tool-result' });
  return { el, status, result };
}

export function drawToolResult(parts: ToolCallParts, result: ToolResultText): void {
  parts.el.addClass(result.ok ? 'is-ok' : 'is-error');
  parts.status.setText(result.ok ? '✓' : '✗');
  parts.status.setAttr('aria-label', result.ok ? 'Succeeded' : 'Failed');
  parts.result.empty();
  parts.result.createDiv({ cls: 'embedded-agent-tool-label', text: result.ok ? 'Result' : 'Error' });
  parts.result.createEl('pre', { cls: 'embedded-agent-tool-json', text: result.text });
}

/** `live`: it happens now. An error drawn again from the saved conversation is not announced a second time. */
export function drawNote(parent: HTMLElement, text: string, tone: NoteTone, live = true): HTMLElement {
  return parent.createDiv({
    cls: ['embedded-agent-note', `is-${tone}`],
    text,
    attr: tone === 'error' && live ? { role: 'alert' } : {},
  });
}

/**
 * What condensing left the model of the earlier conversation: folded, and labelled as a summary, so it never reads
 * as something the person wrote.
 */
export function drawSummary(parent: HTMLElement, text: string): HTMLElement {
  const el = parent.createEl('details', { cls: 'embedded-agent-summary' });
  el.createEl('summary', { text: 'Summary of the earlier conversation (what the agent remembers of it)' });
  el.createDiv({ cls: 'embedded-agent-summary-text', text });
  return el;
}

function briefArgs(input: unknown): string {
  if (input === null || typeof input !== 'object') return '';
  const first = Object.values(input as Record<string, unknown>).find((value) => typeof value === 'string');
  if (typeof first !== 'string') return '';
  const line = first.split('\n')[0] ?? '';
  return line.length > ARGS_PREVIEW_CHARS ? `${line.slice(0, ARGS_PREVIEW_CHARS - 1)}…` : line;
}
