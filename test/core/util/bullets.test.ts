import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestBullets, parseBullets } from '../../../src/core/util/bullets';

const texts = (items: { text: string }[]): string[] => items.map((item) => item.text);

describe('parseBullets', () => {
  it("should return every item, nested ones too, with its depth, as the tool reference's example", () => {
    const text = '- First item\n- Second item\n  - Nested item\n- Third item';
    expect(parseBullets(text)).toEqual([
      { text: 'First item', raw: '- First item', depth: 0 },
      { text: 'Second item', raw: '- Second item', depth: 0 },
      { text: 'Nested item', raw: '  - Nested item', depth: 1 },
      { text: 'Third item', raw: '- Third item', depth: 0 },
    ]);
  });

  it('should accept "-", "*" and "+" markers', () => {
    expect(texts(parseBullets('- dash\n* star\n+ plus'))).toEqual(['dash', 'star', 'plus']);
  });

  it('should accept numbered markers with "." and ")"', () => {
    const items = parseBullets('1. one\n2) two\n10. ten');
    expect(items.map((item) => [item.text, item.raw])).toEqual([
      ['one', '1. one'],
      ['two', '2) two'],
      ['ten', '10. ten'],
    ]);
  });

  it('should not take a number followed by text for a numbered marker', () => {
    expect(parseBullets('1.5 kg of flour\n2024was a year')).toEqual([]);
  });

  it('should read task checkboxes into checked and drop the box from the text', () => {
    expect(parseBullets('- [ ] open\n- [x] done\n- [X] also done\n- plain')).toEqual([
      { text: 'open', raw: '- [ ] open', depth: 0, checked: false },
      { text: 'done', raw: '- [x] done', depth: 0, checked: true },
      { text: 'also done', raw: '- [X] also done', depth: 0, checked: true },
      { text: 'plain', raw: '- plain', depth: 0 },
    ]);
  });

  it('should keep other bracketed text as text', () => {
    expect(parseBullets('- [-] cancelled\n- [[Link]] note')).toEqual([
      { text: '[-] cancelled', raw: '- [-] cancelled', depth: 0 },
      { text: '[[Link]] note', raw: '- [[Link]] note', depth: 0 },
    ]);
  });

  it('should handle CRLF and lone CR line breaks and keep raw without the CR', () => {
    expect(parseBullets('- a\r\n- b\r- c\r\n')).toEqual([
      { text: 'a', raw: '- a', depth: 0 },
      { text: 'b', raw: '- b', depth: 0 },
      { text: 'c', raw: '- c', depth: 0 },
    ]);
  });

  it('should count a tab as one level', () => {
    const items = parseBullets('- a\n\t- b\n\t\t- c\n\t- d');
    expect(items.map((item) => [item.text, item.depth])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['d', 1],
    ]);
  });

  it('should measure space indentation relative to the enclosing item, so 2- and 4-space lists nest alike', () => {
    const two = parseBullets('- a\n  - b\n    - c\n  - d').map((item) => item.depth);
    const four = parseBullets('- a\n    - b\n        - c\n    - d').map((item) => item.depth);
    expect(two).toEqual([0, 1, 2, 1]);
    expect(four).toEqual([0, 1, 2, 1]);
  });

  it('should treat a list that starts indented (a selection from inside a list) as top level', () => {
    expect(parseBullets('  - b\n    - c\n  - d').map((item) => [item.text, item.depth])).toEqual([
      ['b', 0],
      ['c', 1],
      ['d', 0],
    ]);
  });

  it('should nest a bullet under a numbered item', () => {
    expect(parseBullets('1. step\n   - detail\n2. next').map((item) => item.depth)).toEqual([0, 1, 0]);
  });

  it('should ignore lines that are not bullets', () => {
    expect(texts(parseBullets('# Heading\n\nSome prose.\n- a\n> quote\n- b\n\n---\n'))).toEqual(['a', 'b']);
  });

  it('should start a new top-level list after an unindented paragraph', () => {
    const items = parseBullets('- a\n  - b\nParagraph\n  - c');
    expect(items.map((item) => [item.text, item.depth])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 0],
    ]);
  });

  it('should append a continuation line indented under a bullet to its text with a space', () => {
    expect(parseBullets('- first line\n  goes on here\n- second')).toEqual([
      { text: 'first line goes on here', raw: '- first line', depth: 0 },
      { text: 'second', raw: '- second', depth: 0 },
    ]);
  });

  it('should not append a line after a blank line or an unindented line', () => {
    expect(texts(parseBullets('- a\n\n  later paragraph\n- b\nprose'))).toEqual(['a', 'b']);
  });

  it('should append a continuation to a nested item, not to its parent', () => {
    const items = parseBullets('- a\n  - b\n    more b');
    expect(texts(items)).toEqual(['a', 'b more b']);
  });

  it('should ignore lines inside fenced code blocks', () => {
    const text = '- a\n```md\n- not an item\n```\n- b\n~~~\n- nor this\n~~~~\n- c';
    expect(texts(parseBullets(text))).toEqual(['a', 'b', 'c']);
  });

  it('should not close a fence on a shorter or different fence', () => {
    expect(texts(parseBullets('````\n```\n- inside\n~~~\n````\n- after'))).toEqual(['after']);
  });

  it('should not take horizontal rules for bullets', () => {
    expect(parseBullets('- - -\n* * *\n---\n- real')).toEqual([{ text: 'real', raw: '- real', depth: 0 }]);
  });

  it('should skip empty bullets', () => {
    expect(texts(parseBullets('- a\n- \n-\n- [ ] \n- b'))).toEqual(['a', 'b']);
  });

  it('should read lists inside callouts and blockquotes, keeping raw as written', () => {
    const items = parseBullets('> [!todo] Ideas\n> - one\n>   - two\n> - [ ] three');
    expect(items).toEqual([
      { text: 'one', raw: '> - one', depth: 0 },
      { text: 'two', raw: '>   - two', depth: 1 },
      { text: 'three', raw: '> - [ ] three', depth: 0, checked: false },
    ]);
  });

  it('should keep unicode and emoji text as written', () => {
    expect(texts(parseBullets('- Café ☕\n- 日本語 ノート\n- 🚀 Launch'))).toEqual([
      'Café ☕',
      '日本語 ノート',
      '🚀 Launch',
    ]);
  });

  it('should trim trailing whitespace from the text but keep raw as written', () => {
    expect(parseBullets('-   spaced out   ')).toEqual([{ text: 'spaced out', raw: '-   spaced out   ', depth: 0 }]);
  });

  it('should return no items for empty text', () => {
    expect(parseBullets('')).toEqual([]);
  });

  it('should nest each item under the nearest less deep item above it', () => {
    const nested = nestBullets(parseBullets('- a\n  - b\n    - c\n  - d\n- e'));
    const shape = (items: typeof nested): unknown => items.map((item) => [item.text, item.depth, shape(item.children)]);
    expect(shape(nested)).toEqual([
      [
        'a',
        0,
        [
          ['b', 1, [['c', 2, []]]],
          ['d', 1, []],
        ],
      ],
      ['e', 0, []],
    ]);
  });

  it('should put an item whose parent bullet is empty under the item above that parent', () => {
    const nested = nestBullets(parseBullets('- a\n  -\n    - c'));
    // Its depth is its place in the tree (one returned ancestor), not its indentation under the empty bullet.
    expect(nested.map((item) => [item.text, item.children.map((child) => [child.text, child.depth])])).toEqual([
      ['a', [['c', 1]]],
    ]);
  });

  it('should never throw, and nest exactly the items it returns, top-level ones at the top', () => {
    const lines = fc.array(
      fc.oneof(
        fc.string(),
        fc.constantFrom('- a', '  - b', '\t* c', '1. d', '```', '~~~', '', '- [x] e', '    f', '\r'),
      ),
      { maxLength: 30 },
    );
    const flatten = (items: ReturnType<typeof nestBullets>): unknown[] =>
      items.flatMap(({ children, ...item }) => [item, ...flatten(children)]);
    fc.assert(
      fc.property(lines, fc.constantFrom('\n', '\r\n'), (parts, eol) => {
        const text = parts.join(eol);
        const flat = parseBullets(text);
        const nested = nestBullets(flat);
        expect(nested.every((item) => item.depth === 0)).toBe(true);
        expect(flatten(nested)).toEqual(flat);
        expect(
          flat.every(
            (item) => Number.isInteger(item.depth) && item.depth >= 0 && item.text !== '' && !item.raw.includes('\n'),
          ),
        ).toBe(true);
      }),
    );
  });
});

describe('an item under an empty bullet', () => {
  it('should be as deep as its returned ancestors, so it nests at the top (found by the property above, seed 1363109368)', () => {
    expect(parseBullets('0.\n  - b')).toEqual([{ text: 'b', raw: '  - b', depth: 0 }]);
  });
});
