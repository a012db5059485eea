import { describe, expect, it } from 'vitest';
import { indentation, MarkdownContext } from '../../../src/providers/textCalls/MarkdownContext';

/** Whether a line indented by `indent` columns may hold a call, after `lines`. */
function mayStart(lines: readonly string[], indent = 0): boolean {
  const context = new MarkdownContext();
  for (const line of lines) context.feed(line);
  return context.callMayStart(indent);
}

describe('MarkdownContext', () => {
  it.each([
    [['```'], 0, false],
    [['```', '```'], 0, true],
    [['```js', '  ```  '], 0, true],
    [['````', '```'], 0, false],
    [['```', '`````'], 0, true],
    [['```', '``` not a closing line'], 0, false],
    [['~~~', '```'], 0, false],
    [['~~~', '~~~~'], 0, true],
    [['    ```'], 0, true],
  ] as const)(
    'should follow a fence: after %j, a line at %i columns may hold a call: %s',
    (lines, indent, expected) => {
      expect(mayStart(lines, indent)).toBe(expected);
    },
  );

  it.each([
    [['> a'], 0, false],
    [['> a', ''], 0, true],
    [['>'], 0, true],
    [['> a', 'lazy text'], 0, false],
    [['> a', '# Heading'], 0, true],
    [['> a', '```', ''], 0, false],
    [['- a'], 0, false],
    [['- a', ''], 0, true],
    [['- a', ''], 2, false],
    [['1. a', ''], 2, true],
    [['1. a', ''], 3, false],
    [['10) a', ''], 3, true],
    [['-     code in the item', ''], 2, false],
  ] as const)(
    'should follow quotes and list items: after %j, a line at %i columns may hold a call: %s',
    (lines, indent, expected) => {
      expect(mayStart(lines, indent)).toBe(expected);
    },
  );

  it.each([
    [['text'], 3, true],
    [['text'], 4, false],
    [['a `b'], 0, false],
    [['a `b', 'c` d'], 0, true],
    [['a ``b', 'c` d'], 0, false],
    [['a \\`b'], 0, true],
    [['a `b', ''], 0, true],
    [['# Heading `x'], 0, true],
  ] as const)(
    'should follow paragraphs and code spans: after %j, a line at %i columns may hold a call: %s',
    (lines, indent, expected) => {
      expect(mayStart(lines, indent)).toBe(expected);
    },
  );

  it('should count a tab to the next multiple of 4 columns', () => {
    expect(indentation('\tx')).toEqual({ columns: 4, end: 1 });
    expect(indentation('  \tx')).toEqual({ columns: 4, end: 3 });
    expect(indentation('   x')).toEqual({ columns: 3, end: 3 });
  });
});
