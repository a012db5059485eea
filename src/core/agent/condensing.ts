import type { HistoryMessage, LlmPort, LlmUsage } from '../ports/llm';
import { streamTurn } from './streamTurn';
import { truncateText } from './text';

/** After an emergency condense the threshold stays here, so condensing does not fire again at once. */
export const EMERGENCY_THRESHOLD = 80;
/** Assistant turns (each with its results) kept verbatim after condensing. */
export const KEEP_TURNS = 2;
const RESULT_CHARS = 1500;
const INPUT_CHARS = 300;

export const SUMMARY_PREFIX = '[Summary of the earlier conversation]';

const SUMMARY_SYSTEM =
  "You condense a conversation between a user and an AI agent that works in the user's Obsidian vault. Write a summary that lets " +
  'the agent carry on without the original messages: what the user asked for, decisions made, notes read or changed (with their ' +
  'paths), tool results that still matter, and what is left to do. Be concise and factual; write no preamble.';

/**
 * Where the verbatim tail starts: at the `keepTurns`-th last assistant message, so a tool call is never split
 * from its results. Null when too little lies before it to be worth a summary.
 */
export function condenseSplit(history: readonly HistoryMessage[], keepTurns: number): number | null {
  const assistants = history.flatMap((message, index) => (message.role === 'assistant' ? [index] : []));
  const start = assistants[assistants.length - keepTurns];
  return start === undefined || start < 2 ? null : start;
}

/** The older part as plain text: tool calls in history would need tool definitions in the summary request. */
export function transcript(history: readonly HistoryMessage[], maxChars: number): string {
  const lines = history.map((message) => {
    if (message.role === 'user') return `User: ${message.text}`;
    if (message.role === 'assistant') {
      const calls = message.toolCalls.map(
        (call) => `[called ${call.name} ${truncateText(JSON.stringify(call.input) ?? '', INPUT_CHARS)}]`,
      );
      return ['Agent:', message.text, ...calls].filter(Boolean).join(' ');
    }
    return message.results
      .map(
        (result) =>
          `Result of ${result.name}${result.isError ? ' (error)' : ''}: ${truncateText(result.content, RESULT_CHARS)}`,
      )
      .join('\n');
  });
  const text = lines.join('\n\n');
  return text.length <= maxChars ? text : `[… the oldest part is left out]\n${text.slice(text.length - maxChars)}`;
}

export interface CondenseRequest {
  api: LlmPort;
  history: readonly HistoryMessage[];
  /** The message that started this run, kept word for word beside the summary. */
  taskMessage: string;
  keepTurns: number;
  maxTokens: number;
  signal: AbortSignal;
}

/**
 * Summarizes the older history with one model call and returns the summary followed by the last turns verbatim;
 * null when there is nothing worth summarizing. Throws what the model call throws.
 */
export async function condenseHistory(
  request: CondenseRequest,
): Promise<{ history: HistoryMessage[]; usage: LlmUsage } | null> {
  const split =
    condenseSplit(request.history, request.keepTurns) ??
    (request.keepTurns > 1 ? condenseSplit(request.history, 1) : null);
  if (split === null) return null;
  const older = request.history.slice(0, split);
  // Half the window for the transcript leaves room for the instructions and the summary itself.
  const maxChars = Math.max(4000, request.api.contextWindow * 2);
  const turn = await streamTurn(
    request.api,
    {
      system: SUMMARY_SYSTEM,
      messages: [
        { role: 'user', text: `${transcript(older, maxChars)}\n\nWrite the summary of the conversation above.` },
      ],
      tools: [],
      maxTokens: request.maxTokens,
      signal: request.signal,
    },
    {},
  );
  const summary = [
    SUMMARY_PREFIX,
    turn.text.trim(),
    '',
    `The task the user gave in this run: ${request.taskMessage}`,
  ].join('\n');
  return { history: [{ role: 'user', text: summary }, ...request.history.slice(split)], usage: turn.usage };
}
