import { describe, expect, it } from 'vitest';
import { toOpenAiMessages, toOpenAiTools } from '../../src/providers/toOpenAiMessages';
import { CREATE_FILE } from './helpers';

describe('toOpenAiMessages', () => {
  it('should send each tool result as its own tool message and say when it failed', () => {
    expect(
      toOpenAiMessages('sys', [
        { role: 'user', text: 'hi' },
        {
          role: 'assistant',
          text: 'Reading',
          toolCalls: [
            { id: 'c1', name: 'vault.readFile', input: { path: 'a.md' } },
            { id: 'c2', name: 'vault.readFile', input: null },
          ],
        },
        {
          role: 'tool-results',
          results: [
            { callId: 'c1', name: 'vault.readFile', content: 'text', isError: false },
            { callId: 'c2', name: 'vault.readFile', content: 'Error: not found', isError: true },
          ],
        },
        { role: 'assistant', text: 'Done', toolCalls: [] },
      ]),
    ).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: 'Reading',
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'vault_readFile', arguments: '{"path":"a.md"}' } },
          { id: 'c2', type: 'function', function: { name: 'vault_readFile', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'text' },
      { role: 'tool', tool_call_id: 'c2', content: 'Error: not found' },
      { role: 'assistant', content: 'Done' },
    ]);
  });

  it('should leave out an empty system prompt', () => {
    expect(toOpenAiMessages('', [{ role: 'user', text: 'hi' }])).toEqual([{ role: 'user', content: 'hi' }]);
  });
});

describe('toOpenAiTools', () => {
  it('should send function tools under wire names', () => {
    expect(toOpenAiTools([CREATE_FILE])).toEqual([
      {
        type: 'function',
        function: { name: 'vault_createFile', description: 'Create a note.', parameters: CREATE_FILE.inputSchema },
      },
    ]);
  });
});
