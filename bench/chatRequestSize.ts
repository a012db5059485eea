/** The opening of the tool list that `toolCallFormat: text` appends to the system prompt (src/providers/textCalls/textCallPrompt.ts). */
const TEXT_TOOLS_HEADING = '# Tools\nYou can call these tools';

/**
 * One chat completions request as the server received it, in characters as sent (inside the JSON body, so
 * escapes count): the whole body, its system message, and the tool definitions, which are the `tools` array
 * (native calls) or the tool list in the system message (calls written as text).
 */
export interface ChatRequestSize {
  bytes: number;
  chars: number;
  systemChars: number;
  toolChars: number;
}

/** The sizes of every request of one task, summed; the system message is the first request's. */
export interface TaskSize {
  requests: number;
  bytes: number;
  chars: number;
  toolChars: number;
  systemChars: number;
}

/** Prompt tokens estimated as characters / 4: an estimate, since the real count depends on the model's tokenizer and chat template. */
export const estimatedTokens = (chars: number): number => Math.round(chars / 4);

/** Characters of a string as it stands in a JSON body, without its quotes. */
const jsonChars = (text: string): number => JSON.stringify(text).length - 2;

export function chatRequestSize(request: { body: unknown; bytes: number }): ChatRequestSize {
  const body = request.body as { messages?: { role?: string; content?: unknown }[]; tools?: unknown[] };
  const first = body.messages?.[0];
  const system = first?.role === 'system' && typeof first.content === 'string' ? first.content : '';
  const textTools = system.lastIndexOf(TEXT_TOOLS_HEADING);
  const toolChars =
    body.tools !== undefined
      ? JSON.stringify(body.tools).length
      : textTools === -1
        ? 0
        : jsonChars(system.slice(textTools));
  return { bytes: request.bytes, chars: JSON.stringify(body).length, systemChars: jsonChars(system), toolChars };
}

export function taskSize(requests: readonly { body: unknown; bytes: number }[]): TaskSize {
  const sizes = requests.map(chatRequestSize);
  const sum = (pick: (size: ChatRequestSize) => number): number => sizes.reduce((total, size) => total + pick(size), 0);
  return {
    requests: sizes.length,
    bytes: sum((size) => size.bytes),
    chars: sum((size) => size.chars),
    toolChars: sum((size) => size.toolChars),
    systemChars: sizes[0]?.systemChars ?? 0,
  };
}
