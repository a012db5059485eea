import type { HistoryMessage } from '../ports/llm';
import type { RecordedCall } from './types';

/**
 * The tool calls a run made, in order, each with whether it succeeded, read back from the history the loop
 * returned (the assistant's calls matched with their results by id). Only the calls this run added count: pass
 * the history the run started from as `before`.
 */
export function callsFromHistory(history: readonly HistoryMessage[], before = 0): RecordedCall[] {
  const failed = new Set<string>();
  for (const message of history.slice(before)) {
    if (message.role === 'tool-results')
      for (const result of message.results) if (result.isError) failed.add(result.callId);
  }
  const calls: RecordedCall[] = [];
  for (const message of history.slice(before)) {
    if (message.role !== 'assistant') continue;
    for (const call of message.toolCalls) {
      const input =
        call.input !== null && typeof call.input === 'object' ? (call.input as Record<string, unknown>) : {};
      calls.push({ tool: call.name, input, ok: !failed.has(call.id) });
    }
  }
  return calls;
}
