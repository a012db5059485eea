import { continueLabel, describeMessageSpend } from '../core/budget/spendText';
import type { MessageSpend, RunResult, SessionEvents } from '../core/session/sessionEvents';
import type { Style } from './ansi';
import { terminalText } from './terminalText';

const ARG_CHARS = 48;
const ERROR_CHARS = 300;

/**
 * What the terminal shows while a run goes on: the answer as it streams, one line per tool call and per result,
 * mode changes, condensing, warnings and sub-tasks. Keeps track of the cursor so a tool line never starts in
 * the middle of streamed text.
 */
export class RunPrinter {
  private atLineStart = true;
  /** Whether the model's final text already streamed (so the summary does not print it twice). */
  private streamedText = false;
  /** Whether the model's reasoning is streaming: it goes on a dim line of its own, apart from the answer. */
  private thinking = false;

  constructor(
    private readonly write: (text: string) => void,
    private readonly style: Style,
  ) {}

  callbacks(): SessionEvents {
    return {
      onText: (delta) => {
        if (delta === '') return;
        this.endThinking();
        this.streamedText = true;
        this.out(terminalText(delta));
      },
      onThinking: (delta) => {
        if (delta === '') return;
        if (!this.thinking) {
          if (!this.atLineStart) this.out('\n');
          this.out(this.style.dim('Thinking: '));
          this.thinking = true;
        }
        this.out(this.style.dim(terminalText(delta)));
      },
      onIteration: () => {
        this.streamedText = false;
      },
      onToolCall: (call) => this.line(this.style.cyan(`→ ${terminalText(call.name)}${formatArgs(call.input)}`)),
      onToolResult: (outcome) => {
        if (outcome.ok) {
          this.line(
            this.style.dim(
              `  ✓ ${terminalText(outcome.tool)}${outcome.checkpoint ? ` (checkpoint ${outcome.checkpoint})` : ''}`,
            ),
          );
        } else {
          this.line(
            this.style.red(
              `  ✗ ${terminalText(outcome.tool)}: ${terminalText(outcome.error?.code ?? 'ERROR')} ${shorten(outcome.error?.message ?? '', ERROR_CHARS)}`,
            ),
          );
        }
      },
      onModeChange: ({ mode, previous, reason }) =>
        this.line(
          this.style.yellow(
            `Mode: ${terminalText(previous.name)} → ${terminalText(mode.name)}${reason ? ` (${terminalText(reason)})` : ''}`,
          ),
        ),
      onCondense: ({ messagesBefore, messagesAfter, emergency }) =>
        this.line(
          this.style.dim(
            `Condensed the conversation${emergency ? ' (it no longer fit the context window)' : ''}: ${messagesBefore} → ${messagesAfter} messages`,
          ),
        ),
      onWarning: (message) => this.line(this.style.yellow(`! ${terminalText(message)}`)),
      onSubtaskStart: ({ depth, mode, message }) =>
        this.line(this.style.dim(`┌ sub-task (depth ${depth}, ${mode}): ${shorten(message, 80)}`)),
      onSubtaskEnd: ({ depth, result }) =>
        this.line(this.style.dim(`└ sub-task (depth ${depth}) ${result.completedBy}`)),
    };
  }

  /** After the run: the answer if it did not stream (attemptCompletion, errors, limits), then the token usage. */
  finish(result: RunResult, seconds: number, spend: MessageSpend): void {
    switch (result.completedBy) {
      case 'text':
        if (!this.streamedText && result.text) this.line(terminalText(result.text));
        break;
      case 'attemptCompletion':
        this.line(terminalText(result.text));
        break;
      case 'cancelled':
        this.line(
          this.style.yellow('Cancelled. Nothing more runs; what was done so far stays (use /revert to undo it).'),
        );
        break;
      case 'limit':
      case 'mistakes':
        this.line(this.style.yellow(terminalText(result.text)));
        break;
      case 'budget':
        this.line(this.style.yellow(terminalText(result.text)));
        if (result.budgetStop)
          this.line(this.style.yellow(`Type /continue to go on: ${continueLabel(result.budgetStop).toLowerCase()}.`));
        break;
      case 'error':
        this.line(
          this.style.red(`Error${result.error ? ` (${result.error.code})` : ''}: ${terminalText(result.text)}`),
        );
        break;
    }
    this.line(
      this.style.dim(
        `${describeMessageSpend(spend.message, spend.conversation)} · ${result.modelCalls} model ${result.modelCalls === 1 ? 'call' : 'calls'} · ${seconds.toFixed(1)} s`,
      ),
    );
  }

  /** Text on a line of its own. */
  line(text: string): void {
    this.thinking = false;
    if (!this.atLineStart) this.out('\n');
    this.out(`${text}\n`);
  }

  private endThinking(): void {
    if (!this.thinking) return;
    this.thinking = false;
    if (!this.atLineStart) this.out('\n');
  }

  private out(text: string): void {
    this.write(text);
    this.atLineStart = text.endsWith('\n');
  }
}

/** A call's arguments in one short line: `path: "Ideas/a.md", content: (120 chars)`. */
export function formatArgs(input: unknown): string {
  if (input === null || typeof input !== 'object') return '';
  const parts = Object.entries(input as Record<string, unknown>).map(([key, value]) => {
    const name = terminalText(key);
    if (typeof value === 'string')
      return `${name}: ${value.length > ARG_CHARS ? `(${value.length} chars)` : JSON.stringify(terminalText(value))}`;
    const json = terminalText(JSON.stringify(value) ?? 'null');
    return `${name}: ${json.length > ARG_CHARS ? `${json.slice(0, ARG_CHARS)}…` : json}`;
  });
  return parts.length === 0 ? '' : ` ${parts.join(', ')}`;
}

function shorten(text: string, max: number): string {
  const flat = terminalText(text.replace(/\s+/g, ' ').trim());
  return flat.length <= max ? flat : `${flat.slice(0, max)}…`;
}
