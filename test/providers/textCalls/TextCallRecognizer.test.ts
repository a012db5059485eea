import { describe, expect, it } from 'vitest';
import { TextCallRecognizer } from '../../../src/providers/textCalls/TextCallRecognizer';

/** Feeds `text` in pieces of `size` characters; returns what was shown and the calls found. */
function recognize(
  text: string,
  size: number,
  cutOff = false,
): { shown: string; calls: unknown[]; cutOffRaw: string | undefined } {
  const recognizer = new TextCallRecognizer((name) => name === 'vault_readFile' || name === 'vault.createFile');
  let shown = '';
  for (let at = 0; at < text.length; at += size) shown += recognizer.push(text.slice(at, at + size));
  shown += recognizer.end(cutOff);
  return { shown, calls: recognizer.recognized.flatMap((found) => found.calls), cutOffRaw: recognizer.cutOffRaw };
}

describe('TextCallRecognizer', () => {
  it('should read a long call whose text holds escaped quotes, backslashes and braces, split anywhere', () => {
    const content = `${'A line with "quotes", a \\ backslash and } { braces.\n'.repeat(2000)}end`;
    const text = `<tool_call>\n${JSON.stringify({ name: 'vault.createFile', arguments: { path: 'Long.md', content } })}\n</tool_call>`;
    for (const size of [1, 3, 4096]) {
      expect(recognize(text, size)).toEqual({
        shown: '',
        calls: [{ name: 'vault.createFile', input: { path: 'Long.md', content } }],
        cutOffRaw: undefined,
      });
    }
  });

  it('should show a call left open at the end of the answer as text, unless the token limit cut it off', () => {
    const open = 'Here:\n<tool_call>\n{"name": "vault_readFile", "arguments": {"path": "In';
    expect(recognize(open, 2)).toEqual({ shown: open, calls: [], cutOffRaw: undefined });
    expect(recognize(open, 2, true)).toEqual({ shown: 'Here:\n', calls: [], cutOffRaw: open.slice('Here:\n'.length) });
  });

  it('should show the text after a call, and a partial marker at the very end as text', () => {
    expect(recognize('{"name": "vault_readFile", "arguments": {"path": "a.md"}}\n\nThen more. <tool_', 2)).toEqual({
      shown: 'Then more. <tool_',
      calls: [{ name: 'vault_readFile', input: { path: 'a.md' } }],
      cutOffRaw: undefined,
    });
  });

  it('should not take an object in the middle of a line, or one whose first key is not a call key, for a call', () => {
    const text =
      'Use {"name": "vault_readFile", "arguments": {}} like this.\n{"path": "a.md", "name": "vault_readFile"}';
    expect(recognize(text, 1)).toEqual({ shown: text, calls: [], cutOffRaw: undefined });
  });

  it('should take a marker in backticks for prose whatever the piece the backtick came in', () => {
    const text = 'Write `<tool_call>{"name": "vault_readFile", "arguments": {}}</tool_call>` to call.';
    for (const size of [1, 2, 7])
      expect(recognize(text, size)).toEqual({ shown: text, calls: [], cutOffRaw: undefined });
  });
});
