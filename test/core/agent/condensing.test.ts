import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../../src/core/budget/estimateTokens';
import { condenseSplit, transcript } from '../../../src/core/agent/condensing';
import type { HistoryMessage } from '../../../src/core/ports/llm';

const user = (text: string): HistoryMessage => ({ role: 'user', text });
const ask = (id: string): HistoryMessage => ({
  role: 'assistant',
  text: '',
  toolCalls: [{ id, name: 'vault.readFile', input: { path: `${id}.md` } }],
});
const answer = (id: string, content = 'ok'): HistoryMessage => ({
  role: 'tool-results',
  results: [{ callId: id, name: 'vault.readFile', content, isError: false }],
});

describe('condensing', () => {
  it('should keep the last turns from an assistant message on, so no call is parted from its result', () => {
    const history = [user('task'), ask('a'), answer('a'), ask('b'), answer('b'), user('note'), ask('c'), answer('c')];
    expect(condenseSplit(history, 2)).toBe(3);
    expect(condenseSplit(history, 1)).toBe(6);
  });

  it('should find nothing to condense when too little lies before the kept turns', () => {
    expect(condenseSplit([user('task'), ask('a'), answer('a')], 1)).toBeNull();
    expect(condenseSplit([user('task'), ask('a'), answer('a'), ask('b'), answer('b')], 2)).toBeNull();
    expect(condenseSplit([user('task')], 1)).toBeNull();
  });

  it('should render history as a plain transcript with long results cut', () => {
    const text = transcript([user('Read a'), ask('a'), answer('a', 'y'.repeat(2000))], 100_000);
    expect(text).toContain('User: Read a');
    expect(text).toContain('Agent: [called vault.readFile {"path":"a.md"}]');
    expect(text).toContain(`Result of vault.readFile: ${'y'.repeat(1500)}… [500 more characters]`);
  });

  it('should leave out the oldest part of a transcript longer than the bound', () => {
    const text = transcript([user('x'.repeat(500)), user('latest')], 100);
    expect(text.startsWith('[… the oldest part is left out]\n')).toBe(true);
    expect(text.endsWith('User: latest')).toBe(true);
  });

  it('should estimate about one token per four characters', () => {
    expect(estimateTokens('x'.repeat(400), [], [])).toBe(101);
  });
});
