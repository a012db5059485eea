import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { ParseMarkdownBulletsTool } from '../../../../src/core/tools/util/parseMarkdownBullets';
import { buildToolContext } from '../../../builders/toolContext';

const run = (input: unknown) =>
  new ToolRegistry([new ParseMarkdownBulletsTool()]).execute('util.parseMarkdownBullets', input, buildToolContext());
const example = '- First item\n- Second item\n  - Nested item\n- Third item\n';

describe('util.parseMarkdownBullets', () => {
  it("should give the tool reference's example output, nested bullet included, with default arguments", async () => {
    expect(await run({ text: example })).toEqual({
      ok: true,
      output: {
        items: [
          { text: 'First item', raw: '- First item', depth: 0 },
          { text: 'Second item', raw: '- Second item', depth: 0 },
          { text: 'Nested item', raw: '  - Nested item', depth: 1 },
          { text: 'Third item', raw: '- Third item', depth: 0 },
        ],
        count: 4,
      },
    });
  });

  it('should give the top-level bullets with their nested ones as children when allowNested is true', async () => {
    expect(await run({ text: example, allowNested: true })).toEqual({
      ok: true,
      output: {
        items: [
          { text: 'First item', raw: '- First item', depth: 0, children: [] },
          {
            text: 'Second item',
            raw: '- Second item',
            depth: 0,
            children: [{ text: 'Nested item', raw: '  - Nested item', depth: 1, children: [] }],
          },
          { text: 'Third item', raw: '- Third item', depth: 0, children: [] },
        ],
        count: 3,
      },
    });
  });

  it('should parse a selection copied with CRLF line breaks, numbered items and checkboxes', async () => {
    expect(await run({ text: '1. [x] Done\r\n2. [ ] Open\r\n' })).toEqual({
      ok: true,
      output: {
        items: [
          { text: 'Done', raw: '1. [x] Done', depth: 0, checked: true },
          { text: 'Open', raw: '2. [ ] Open', depth: 0, checked: false },
        ],
        count: 2,
      },
    });
  });

  it('should return no items for text without bullets', async () => {
    expect(await run({ text: 'Just a paragraph.' })).toEqual({ ok: true, output: { items: [], count: 0 } });
  });

  it('should require text', async () => {
    expect(await run({ allowNested: true })).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'util.parseMarkdownBullets: `text` is required' },
    });
  });
});
