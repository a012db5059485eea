import type { HistoryMessage } from '../ports/llm';
import type { CallOutcome, RunState, ToolCall } from '../tool-execution/types';
import type { ReceivedCall } from './streamTurn';
import type { AgentPipeline, TaskCallbacks } from './types';

export const ATTEMPT_COMPLETION = 'agent.attemptCompletion';

/** An error result for a call the loop refused before the pipeline, in the pipeline's format. */
export function refusal(call: { id: string; name: string }, code: string, message: string): CallOutcome {
  return {
    callId: call.id,
    tool: call.name,
    ok: false,
    error: { code, message },
    content: `<error tool="${call.name}" code="${code}">${message}</error>`,
    durationMs: 0,
  };
}

/** Why a received call must not run: cut off by the token limit, arguments that are not JSON, or a deferred tool not loaded yet. */
function refusalFor(call: ReceivedCall, maxTokens: number, unloaded: ReadonlySet<string>): CallOutcome | null {
  if (call.truncated) {
    return refusal(
      call,
      'INVALID_INPUT',
      `${call.name} was not run: the call was cut off by the output token limit (${maxTokens} tokens) before its arguments were complete. ` +
        'Send it again with less in one call, e.g. write a long note in parts (vault.writeFile with mode "append").',
    );
  }
  if (call.error !== undefined || call.input === null) {
    return refusal(
      call,
      'INVALID_INPUT',
      `${call.name} was not run: its arguments are not valid JSON (${call.error ?? 'no arguments'}). Send the call again with a JSON object that matches the tool's schema.`,
    );
  }
  if (unloaded.has(call.name)) {
    return refusal(
      call,
      'NOT_ALLOWED',
      `${call.name} is listed by name only and was not run: load it first with agent.findTool {"query": "${call.name}"}, then call it again`,
    );
  }
  return null;
}

/** The assistant message for the history; refused calls keep an empty object so providers can send them back. */
export function assistantMessage(text: string, calls: readonly ReceivedCall[]): HistoryMessage {
  return {
    role: 'assistant',
    text,
    toolCalls: calls.map((call) => ({
      id: call.id,
      name: call.name,
      input: call.truncated || call.input === null ? {} : call.input,
    })),
  };
}

export function resultsMessage(outcomes: readonly CallOutcome[]): HistoryMessage {
  return {
    role: 'tool-results',
    results: outcomes.map((outcome) => ({
      callId: outcome.callId,
      name: outcome.tool,
      content: outcome.content,
      isError: !outcome.ok,
    })),
  };
}

/**
 * Runs one turn's calls in order through the pipeline, which runs consecutive reads together. Truncated and
 * unparseable calls are answered with an error without running. Calls after a successful agent.attemptCompletion
 * are not run: the task is over.
 */
export async function runTurnCalls(args: {
  calls: readonly ReceivedCall[];
  pipeline: AgentPipeline;
  run: RunState;
  callbacks: TaskCallbacks;
  maxTokens: number;
  /** Deferred tools of the mode that agent.findTool has not loaded; read per call, since a load changes it. */
  unloaded: () => ReadonlySet<string>;
  completed: () => boolean;
}): Promise<CallOutcome[]> {
  const { calls, pipeline, run, callbacks } = args;
  const outcomes: CallOutcome[] = [];
  const report = (outcome: CallOutcome): void => {
    outcomes.push(outcome);
    callbacks.onToolResult?.(outcome);
  };
  let batch: ToolCall[] = [];
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const current = batch;
    batch = [];
    for (const outcome of await pipeline.executeBatch(current, run)) report(outcome);
  };
  for (const call of calls) {
    if (args.completed()) {
      report(
        refusal(call, 'CANCELLED', `${call.name} was not run: the task was already completed by ${ATTEMPT_COMPLETION}`),
      );
      continue;
    }
    const toolCall: ToolCall = { id: call.id, name: call.name, input: call.input };
    callbacks.onToolCall?.(toolCall);
    const refused = refusalFor(call, args.maxTokens, args.unloaded());
    if (refused) {
      await flush();
      report(refused);
      continue;
    }
    batch.push(toolCall);
    // A completion ends the turn, so it closes the batch: whether later calls run depends on its outcome.
    if (call.name === ATTEMPT_COMPLETION) await flush();
  }
  await flush();
  return outcomes;
}
