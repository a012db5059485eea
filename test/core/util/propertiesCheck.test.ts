import { describe, expect, it } from 'vitest';
import { propertiesProblem } from '../../../src/core/util/propertiesCheck';

describe('propertiesProblem', () => {
  it.each([
    ['an unclosed flow list', '---\ntags: [one, two\n---\nBody\n', /line 2/],
    ['a value that is itself a mapping on one line', '---\ntitle: a: b\n---\n', /line 2/],
    [
      'an unterminated quoted value',
      '---\ntitle: "half\nnext: x\n---\n',
      /line 3: unexpected end of the stream within a double quoted scalar/,
    ],
    ['a list item less indented than the one before it', '---\ntags:\n  - x\n- y\n---\n', /line 4/],
  ])('should say where the YAML parser stops for %s', (_what, content, where) => {
    expect(propertiesProblem(content)).toMatch(where);
  });

  it.each([
    ['plain properties', '---\ntitle: Plan\ntags: [one, two]\naliases:\n  - P\n---\nBody\n'],
    ['a block with CRLF endings after a byte order mark', '\ufeff---\r\ntitle: Plan\r\n---\r\nBody\r\n'],
    ['no properties at all', '# Plan\n\n- a: b: c\n'],
    ['an empty block', '---\n---\n'],
  ])('should find nothing wrong with %s', (_what, content) => {
    expect(propertiesProblem(content)).toBeNull();
  });
});
