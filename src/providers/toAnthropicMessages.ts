import type Anthropic from '@anthropic-ai/sdk';
import type { HistoryMessage } from '../core/ports/llm';
import { toWireName } from '../core/tools/wireNames';
import type { ToolDefinition } from '../core/tools/types';

type Block = Anthropic.ContentBlockParam;
type Turn = { role: 'user' | 'assistant'; content: Block[] };

const CACHE: Anthropic.CacheControlEphemeral = { type: 'ephemeral' };

/**
 * The system prompt as one text block with a cache breakpoint: with the tools (cached through the last tool's
 * breakpoint) it is the prefix every request of a run shares.
 */
export function toAnthropicSystem(system: string): Anthropic.TextBlockParam[] | undefined {
  if (system === '') return undefined;
  return [{ type: 'text', text: system, cache_control: CACHE }];
}

/** Tools under their wire names; the last one carries the breakpoint that caches all tool definitions. */
export function toAnthropicTools(tools: readonly ToolDefinition[]): Anthropic.Tool[] {
  return tools.map((tool, i) => ({
    name: toWireName(tool.name),
    description: tool.description,
    input_schema: tool.inputSchema as Anthropic.Tool.InputSchema,
    ...(i === tools.length - 1 ? { cache_control: CACHE } : {}),
  }));
}

/**
 * History → Anthropic messages. Tool results travel in a user turn; consecutive turns of one role are merged
 * (tool results first, as the API requires); empty text blocks are left out (the API rejects them). The last
 * block of the last message carries a cache breakpoint, so the next iteration of the loop reads this whole
 * prefix from the cache and pays only for what it adds.
 */
export function toAnthropicMessages(history: readonly HistoryMessage[]): Anthropic.MessageParam[] {
  const turns: Turn[] = [];
  const add = (role: Turn['role'], blocks: Block[]): void => {
    if (blocks.length === 0) return;
    const last = turns[turns.length - 1];
    if (last?.role !== role) {
      turns.push({ role, content: blocks });
      return;
    }
    const merged = [...last.content, ...blocks];
    last.content = [...merged.filter(isToolResult), ...merged.filter((block) => !isToolResult(block))];
  };
  for (const message of history) {
    if (message.role === 'user') {
      add('user', textBlocks(message.text));
    } else if (message.role === 'assistant') {
      const calls: Block[] = message.toolCalls.map((call) => ({
        type: 'tool_use',
        id: call.id,
        name: toWireName(call.name),
        // A call whose arguments were not valid JSON is kept with no input; its error result follows it.
        input: call.input !== null && typeof call.input === 'object' ? call.input : {},
      }));
      add('assistant', [...textBlocks(message.text), ...calls]);
    } else {
      add(
        'user',
        message.results.map((result) => ({
          type: 'tool_result',
          tool_use_id: result.callId,
          content: result.content === '' ? '(no output)' : result.content,
          ...(result.isError ? { is_error: true } : {}),
        })),
      );
    }
  }
  const lastBlock = turns[turns.length - 1]?.content.at(-1);
  if (lastBlock && 'type' in lastBlock && lastBlock.type !== 'thinking' && lastBlock.type !== 'redacted_thinking') {
    (lastBlock as { cache_control?: Anthropic.CacheControlEphemeral }).cache_control = CACHE;
  }
  return turns.map(({ role, content }) => ({ role, content }));
}

function isToolResult(block: Block): boolean {
  return block.type === 'tool_result';
}

function textBlocks(text: string): Block[] {
  return text.trim() === '' ? [] : [{ type: 'text', text }];
}
