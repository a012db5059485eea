import type { HistoryMessage } from '../ports/llm';
import type { ToolDefinition } from '../ports/toolDefinition';

/** Rough token count (≈ 4 characters a token) of what one model call sends. */
export function estimateTokens(
  system: string,
  history: readonly HistoryMessage[],
  tools: readonly ToolDefinition[],
): number {
  return Math.ceil((system.length + JSON.stringify(history).length + JSON.stringify(tools).length) / 4);
}
