import type OpenAI from 'openai';
import type { HistoryMessage } from '../../core/ports/llm';
import { toWireName } from '../../core/tools/wireNames';

type Message = OpenAI.Chat.ChatCompletionMessageParam;

/**
 * An assistant turn whose calls were written as text, and their results, in the form such a model reads: the
 * calls as `<tool_call>` blocks in its own text, the results as one user message of `<tool_response>` blocks
 * (Hermes' format, which Qwen's template also renders tool messages into). A server without a tool template
 * drops or garbles `tool` messages, so these stay plain user and assistant text.
 */
export function textCallTurn(message: Extract<HistoryMessage, { role: 'assistant' }>): Message {
  const blocks = message.toolCalls.map(
    (call) =>
      `<tool_call>\n${JSON.stringify({ name: toWireName(call.name), arguments: call.input ?? {} })}\n</tool_call>`,
  );
  return { role: 'assistant', content: [message.text.trimEnd(), ...blocks].filter((part) => part !== '').join('\n') };
}

export function textResultsTurn(message: Extract<HistoryMessage, { role: 'tool-results' }>): Message {
  const blocks = message.results.map((result) => {
    const content = result.content === '' ? '(no output)' : result.content;
    return `<tool_response>\n${JSON.stringify({ name: toWireName(result.name), content: result.isError && !/^error\b/i.test(content) ? `Error: ${content}` : content })}\n</tool_response>`;
  });
  return { role: 'user', content: blocks.join('\n') };
}
