import { describe, expect, it } from 'vitest';
import { toAnthropicMessages, toAnthropicSystem, toAnthropicTools } from '../../src/providers/toAnthropicMessages';
import { CREATE_FILE, READ_FILE } from './helpers';

const CACHE = { type: 'ephemeral' };

describe('toAnthropicMessages', () => {
  it('should put the cache breakpoint on the last block of the last message only', () => {
    const messages = toAnthropicMessages([
      { role: 'user', text: 'one' },
      { role: 'assistant', text: 'two', toolCalls: [] },
      { role: 'user', text: 'three' },
    ]);
    expect(messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'one' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'two' }] },
      { role: 'user', content: [{ type: 'text', text: 'three', cache_control: CACHE }] },
    ]);
  });

  it('should send tool results as a user turn with is_error, and merge a following user text after them', () => {
    const messages = toAnthropicMessages([
      {
        role: 'assistant',
        text: 'Writing',
        toolCalls: [
          { id: 't1', name: 'vault.createFile', input: { path: 'a.md' } },
          { id: 't2', name: 'vault.readFile', input: null },
        ],
      },
      {
        role: 'tool-results',
        results: [
          { callId: 't1', name: 'vault.createFile', content: 'ok', isError: false },
          { callId: 't2', name: 'vault.readFile', content: '', isError: true },
        ],
      },
      { role: 'user', text: 'Also this' },
    ]);
    expect(messages).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Writing' },
          { type: 'tool_use', id: 't1', name: 'vault_createFile', input: { path: 'a.md' } },
          { type: 'tool_use', id: 't2', name: 'vault_readFile', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'ok' },
          { type: 'tool_result', tool_use_id: 't2', content: '(no output)', is_error: true },
          { type: 'text', text: 'Also this', cache_control: CACHE },
        ],
      },
    ]);
  });

  it('should leave out empty text, which the API rejects', () => {
    expect(
      toAnthropicMessages([
        { role: 'user', text: 'x' },
        { role: 'assistant', text: '  ', toolCalls: [] },
      ]),
    ).toEqual([{ role: 'user', content: [{ type: 'text', text: 'x', cache_control: CACHE }] }]);
  });
});

describe('toAnthropicSystem and toAnthropicTools', () => {
  it('should cache the system prompt and the last tool', () => {
    expect(toAnthropicSystem('Be brief.')).toEqual([{ type: 'text', text: 'Be brief.', cache_control: CACHE }]);
    expect(toAnthropicSystem('')).toBeUndefined();
    expect(toAnthropicTools([CREATE_FILE, READ_FILE]).map((tool) => [tool.name, tool.cache_control])).toEqual([
      ['vault_createFile', undefined],
      ['vault_readFile', CACHE],
    ]);
  });
});
