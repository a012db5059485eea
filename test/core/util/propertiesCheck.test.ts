import { describe, expect, it } from 'vitest';
import { propertiesProblem } from '../../../src/core/util/propertiesCheck';
import { nodeYaml } from '../../../src/node/nodeYaml';

describe('propertiesProblem', () => {
  it('should take the line and reason from a js-yaml error too, and the message alone from any other error', () => {
    const jsYamlShaped = Object.assign(new Error('bad indentation (3:1)'), {
      mark: { line: 2 },
      reason: 'bad indentation',
    });
    const throwing = (error: unknown) => ({
      parse: () => {
        throw error;
      },
    });
    expect(propertiesProblem('---\na: 1\nb: 2\nc: 3\n---\n', throwing(jsYamlShaped))).toBe('line 4: bad indentation');
    expect(propertiesProblem('---\na: 1\n---\n', throwing(new Error('no parse\nmore')))).toBe('no parse');
  });

  it.each([
    ['an unclosed flow list', '---\ntags: [one, two\n---\nBody\n', /line 2/],
    ['a value that is itself a mapping on one line', '---\ntitle: a: b\n---\n', /line 2/],
    ['an unterminated quoted value', '---\ntitle: "half\nnext: x\n---\n', /line 3: Missing closing "quote/],
    ['a list item less indented than the one before it', '---\ntags:\n  - x\n- y\n---\n', /line 4/],
    // What Obsidian's properties make of it: the parser is the host's, so a key twice deeper down counts too.
    [
      'a key written twice inside a nested mapping',
      '---\na: 1\nb:\n  c: 1\n  c: 2\n---\n',
      /line 5: Map keys must be unique/,
    ],
  ])('should say where the YAML parser stops for %s', (_what, content, where) => {
    expect(propertiesProblem(content, nodeYaml)).toMatch(where);
  });

  it.each([
    ['plain properties', '---\ntitle: Plan\ntags: [one, two]\naliases:\n  - P\n---\nBody\n'],
    ['a block with CRLF endings after a byte order mark', '\ufeff---\r\ntitle: Plan\r\n---\r\nBody\r\n'],
    ['no properties at all', '# Plan\n\n- a: b: c\n'],
    ['an empty block', '---\n---\n'],
  ])('should find nothing wrong with %s', (_what, content) => {
    expect(propertiesProblem(content, nodeYaml)).toBeNull();
  });
});
