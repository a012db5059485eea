import { AgentError } from '../errors';
import type { LlmEvent, LlmPort, LlmRequest, LlmUsage, StopReason } from '../ports/llm';
import type { TaskCallbacks } from './types';
import { zeroUsage } from '../budget/usage';

/** A complete tool call as the model sent it, before anything ran. */
export interface ReceivedCall {
  id: string;
  name: string;
  input: unknown;
  /** Why the arguments could not be parsed (input is then null). */
  error?: string;
  /** Cut off by the output token limit: never executed. */
  truncated: boolean;
}

/** One model answer, assembled from its stream. */
export interface ModelTurn {
  text: string;
  /** The model's reasoning, kept apart from its answer (never sent back). */
  thinking: string;
  toolCalls: ReceivedCall[];
  usage: LlmUsage;
  stopReason: StopReason | null;
  /** The run was cancelled while the answer streamed; what arrived so far is kept. */
  cancelled: boolean;
}

/**
 * Streams one model call, passing text and call starts to the callbacks as they arrive. Tool calls come whole
 * from the provider. A cancel ends the turn where it is; any other failure is rethrown for the loop to handle.
 */
export async function streamTurn(api: LlmPort, request: LlmRequest, callbacks: TaskCallbacks): Promise<ModelTurn> {
  const turn: ModelTurn = {
    text: '',
    thinking: '',
    toolCalls: [],
    usage: zeroUsage(),
    stopReason: null,
    cancelled: false,
  };
  try {
    for await (const event of api.stream(request)) {
      if (request.signal.aborted) return { ...turn, cancelled: true };
      apply(turn, event, callbacks);
    }
  } catch (error) {
    if (request.signal.aborted || (error instanceof AgentError && error.code === 'CANCELLED'))
      return { ...turn, cancelled: true };
    throw error;
  }
  return request.signal.aborted ? { ...turn, cancelled: true } : turn;
}

function apply(turn: ModelTurn, event: LlmEvent, callbacks: TaskCallbacks): void {
  switch (event.type) {
    case 'text':
      turn.text += event.delta;
      callbacks.onText?.(event.delta);
      break;
    case 'thinking':
      turn.thinking += event.delta;
      callbacks.onThinking?.(event.delta);
      break;
    case 'warning':
      callbacks.onWarning?.(event.message);
      break;
    case 'tool-call-start':
      callbacks.onToolCallStart?.({ id: event.id, name: event.name });
      break;
    case 'tool-call':
      turn.toolCalls.push({
        id: event.id,
        name: event.name,
        input: event.input,
        ...(event.error === undefined ? {} : { error: event.error }),
        truncated: event.truncated === true,
      });
      break;
    case 'usage':
      // Providers report the totals of the answer (once, at its end); the latest report wins.
      turn.usage = { ...event.usage };
      break;
    case 'stop':
      turn.stopReason = event.reason;
      break;
    case 'tool-call-delta':
    case 'retry':
      break;
  }
}
