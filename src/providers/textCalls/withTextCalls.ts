import type { LlmEvent, LlmUsage, StopReason } from '../../core/ports/llm';
import { TextCallRecognizer } from './TextCallRecognizer';

/** Ids of calls read from text start with this; the history is sent back in text form for them. */
export const TEXT_CALL_ID_PREFIX = 'text_call_';

type ToolCallEvent = Extract<LlmEvent, { type: 'tool-call' }>;

/**
 * An answer's events with the tool calls written in its text turned into `tool-call` events. Only when the
 * answer made no native call: then the text held as a call is shown as the text it was. `canonicalName` maps a
 * name as written (`vault_createFile` or `vault.createFile`) to the tool's; `isOffered` says whether it is one
 * of the request's tools.
 */
export async function* withTextCalls(
  events: AsyncIterable<LlmEvent>,
  canonicalName: (writtenName: string) => string,
  isOffered: (writtenName: string) => boolean,
  newId: () => string,
): AsyncGenerator<LlmEvent> {
  const recognizer = new TextCallRecognizer(isOffered);
  let native = false;
  let usage: LlmUsage | undefined;
  for await (const event of events) {
    if (event.type === 'text') {
      const text = recognizer.push(event.delta);
      if (text !== '') yield { type: 'text', delta: text };
    } else if (event.type === 'usage') {
      usage = event.usage;
    } else if (event.type === 'stop') {
      yield* finish(recognizer, event.reason, native, usage, canonicalName, newId);
      return;
    } else {
      if (event.type === 'tool-call-start' || event.type === 'tool-call') native = true;
      yield event;
    }
  }
}

function* finish(
  recognizer: TextCallRecognizer,
  reason: StopReason,
  native: boolean,
  usage: LlmUsage | undefined,
  canonicalName: (writtenName: string) => string,
  newId: () => string,
): Generator<LlmEvent> {
  const cutOff = reason === 'max_tokens';
  let text = recognizer.end(cutOff);
  if (native) text += recognizer.recognized.map((found) => found.raw).join('\n') + (recognizer.cutOffRaw ?? '');
  if (text !== '') yield { type: 'text', delta: text };
  const calls: ToolCallEvent[] = native
    ? []
    : recognizer.recognized.flatMap((found) =>
        found.calls.map(
          (call) => ({ type: 'tool-call', id: newId(), name: canonicalName(call.name), input: call.input }) as const,
        ),
      );
  if (!native && recognizer.cutOffRaw !== undefined)
    calls.push(cutOffCall(recognizer.cutOffRaw, canonicalName, newId()));
  for (const call of calls) {
    yield { type: 'tool-call-start', id: call.id, name: call.name };
    yield call;
  }
  if (usage) yield { type: 'usage', usage };
  yield { type: 'stop', reason: calls.length > 0 && reason === 'end_turn' ? 'tool_use' : reason };
}

/** A call the token limit cut off: reported so the model can make it again, never run. */
function cutOffCall(raw: string, canonicalName: (writtenName: string) => string, id: string): ToolCallEvent {
  const written =
    /"name"\s*:\s*"([A-Za-z0-9_.-]{1,64})"/.exec(raw)?.[1] ??
    /\[TOOL_CALLS\]\s*([A-Za-z0-9_.-]{1,64})\[ARGS\]/.exec(raw)?.[1];
  const name = written === undefined ? 'unknown' : canonicalName(written);
  return {
    type: 'tool-call',
    id,
    name,
    input: null,
    truncated: true,
    error: `The call of ${name} was cut off by the output token limit before its arguments were complete, so it was not run. Make the call again with shorter arguments (e.g. write a long note in parts).`,
  };
}
