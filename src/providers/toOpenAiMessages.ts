import type OpenAI from 'openai';
import type { HistoryMessage } from '../core/ports/llm';
import { toWireName } from '../core/tools/wireNames';
import type { ToolDefinition } from '../core/tools/types';
import { textCallTurn, textResultsTurn } from './textCalls/toTextCallMessages';

type Message = OpenAI.Chat.ChatCompletionMessageParam;

/** Tools as OpenAI function tools under their wire names. */
export function toOpenAiTools(tools: readonly ToolDefinition[]): OpenAI.Chat.ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: toWireName(tool.name), description: tool.description, parameters: tool.inputSchema },
  }));
}

/**
 * System prompt + history → chat messages. Each tool result is its own `tool` message; the chat format has no
 * error flag, so a failed call's result says so in its text. Calls for which `textForm` holds (those the model
 * wrote as text) go back as text, with their results, as such a model reads them.
 */
export function toOpenAiMessages(
  system: string,
  history: readonly HistoryMessage[],
  textForm: (callId: string) => boolean = () => false,
): Message[] {
  const messages: Message[] = system === '' ? [] : [{ role: 'system', content: system }];
  for (const message of history) {
    if (message.role === 'user') {
      messages.push({ role: 'user', content: message.text });
    } else if (message.role === 'assistant') {
      if (message.toolCalls.some((call) => textForm(call.id))) {
        messages.push(textCallTurn(message));
        continue;
      }
      if (message.toolCalls.length === 0) {
        messages.push({ role: 'assistant', content: message.text });
        continue;
      }
      messages.push({
        role: 'assistant',
        // Some compatible servers reject an empty string next to tool calls; null is what OpenAI sends itself.
        content: message.text === '' ? null : message.text,
        tool_calls: message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: toWireName(call.name), arguments: JSON.stringify(call.input ?? {}) },
        })),
      });
    } else if (message.results.some((result) => textForm(result.callId))) {
      messages.push(textResultsTurn(message));
    } else {
      for (const result of message.results) {
        const content = result.content === '' ? '(no output)' : result.content;
        messages.push({
          role: 'tool',
          tool_call_id: result.callId,
          content: result.isError && !/^error\b/i.test(content) ? `Error: ${content}` : content,
        });
      }
    }
  }
  return messages;
}
