import type { ToolDefinition } from './toolDefinition';

/**
 * The conversation as core keeps it, provider-neutral. Providers translate it to their wire format (and tool
 * names to wire names: "vault.createFile" → "vault_createFile") and back.
 */
export type HistoryMessage =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; toolCalls: { id: string; name: string; input: unknown }[] }
  | { role: 'tool-results'; results: { callId: string; name: string; content: string; isError: boolean }[] };

export interface LlmRequest {
  system: string;
  messages: readonly HistoryMessage[];
  /** Canonical (dotted) names; the provider maps them to wire names. */
  tools: readonly ToolDefinition[];
  maxTokens: number;
  temperature?: number;
  /** Ask for a single JSON object as the answer (the planner), where the provider supports it. */
  json?: boolean;
  signal: AbortSignal;
}

export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

/**
 * List prices in US dollars per million tokens. A local server's are all 0; where the price is not known the
 * port has none, and budgets count tokens only.
 */
export interface TokenPrices {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'other';

/**
 * What a streamed answer is made of. Tool calls arrive whole in `tool-call` (after the provider's own
 * accumulation of argument deltas); `tool-call-delta` is for showing progress only.
 */
export type LlmEvent =
  | { type: 'text'; delta: string }
  /** The model's reasoning, apart from its answer: shown at most, never part of the answer or the history. */
  | { type: 'thinking'; delta: string }
  /** Something in the answer the provider could not read (a content shape it does not know), said, not dropped. */
  | { type: 'warning'; message: string }
  | { type: 'tool-call-start'; id: string; name: string }
  | { type: 'tool-call-delta'; id: string; argumentsDelta: string }
  /**
   * A complete tool call with its canonical name. `input` is the parsed arguments; when they are not valid JSON,
   * `input` is null and `error` says why (the loop returns that to the model as a recoverable error). `truncated`
   * marks a call cut off by the token limit: it must never be executed.
   */
  | { type: 'tool-call'; id: string; name: string; input: unknown; error?: string; truncated?: boolean }
  | { type: 'usage'; usage: LlmUsage }
  | { type: 'stop'; reason: StopReason }
  /**
   * The provider sends the request again (after a 429 or 5xx, or without streaming when CORS blocked it), before
   * anything of the answer arrived: one more request to count, though nothing else changes for the consumer.
   */
  | { type: 'retry'; reason: string };

/**
 * One model behind one provider. Failures are AgentErrors with codes: PROVIDER_AUTH (401/403, names the API key
 * setting), PROVIDER_MODEL (404, names the model), CONTEXT_OVERFLOW (the prompt is too long: condense and retry),
 * RATE_LIMITED (after retries ran out), PROVIDER_ERROR, NETWORK, CANCELLED.
 */
export interface LlmPort {
  readonly provider: string;
  readonly model: string;
  /** Context window in tokens, from the table of known models or the setting. */
  readonly contextWindow: number;
  /** The base URL requests go to, where there is one (it tells a local server from a paid one). */
  readonly endpoint?: string;
  /** What its tokens cost, where known (a budget's cost limits need it); absent or null: unknown. */
  readonly prices?: TokenPrices | null;
  stream(request: LlmRequest): AsyncIterable<LlmEvent>;
}
