import fc from 'fast-check';
import { parseYaml } from 'obsidian-test-mocks/obsidian';
import { describe, expect, it } from 'vitest';
import { toYaml, topLevelKey, withFrontmatter, yamlString } from '../../../src/core/util/frontmatter';

/** What JSON keeps of a value: -0 becomes 0, undefined entries disappear. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/** Strings without lone surrogates: a note is UTF-8 on disk and cannot hold one. */
const text = fc.string({ unit: 'grapheme', maxLength: 12 });
const trickyText = fc.oneof(
  text,
  fc.constantFrom(
    'yes',
    'No',
    'on',
    'OFF',
    'y',
    'null',
    'Null',
    '~',
    'true',
    '1_000',
    '0x1F',
    '0o17',
    '1e5',
    '.inf',
    '.NaN',
    '-5',
    '12:30',
    '2025-01-01',
    '2025-01-01T10:00:00Z',
    '[[Link]]',
    '#tag',
    'a: b',
    'a #b',
    '- item',
    '? q',
    '& anchor',
    '* alias',
    '!tag',
    '|',
    '>',
    '%',
    '@',
    '`',
    '"q"',
    "'q'",
    ' lead',
    'trail ',
    'line\nbreak',
    'tab\there',
    'nel\u0085x',
    'ls\u2028x',
    'bom\ufeffx',
    'del\u007fx',
    'emoji 🚀',
    'Café',
    '',
    ':',
    '{a}',
    '<<',
  ),
);
const key = fc
  .oneof(fc.string({ unit: 'grapheme', minLength: 0, maxLength: 8 }), trickyText)
  .filter((k) => k !== '__proto__');
const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    trickyText,
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value;
const record = fc.dictionary(key, json, { maxKeys: 6 });

describe('toYaml', () => {
  it('should write block keys, plain strings, numbers, booleans and null', () => {
    expect(toYaml({ title: 'My note', count: 3, ratio: 0.5, done: false, due: null })).toBe(
      'title: My note\ncount: 3\nratio: 0.5\ndone: false\ndue: null',
    );
  });

  it('should write arrays as block lists under their key, as Obsidian does', () => {
    expect(toYaml({ tags: ['daily', 'auto'] })).toBe('tags:\n  - daily\n  - auto');
  });

  it('should write nested objects and arrays as indented blocks, and empty ones as [] and {}', () => {
    expect(toYaml({ a: { b: [1, [2, 3], { c: 'd', e: [] }] }, f: {} })).toBe(
      ['a:', '  b:', '    - 1', '    - - 2', '      - 3', '    - c: d', '      e: []', 'f: {}'].join('\n'),
    );
  });

  it('should quote strings that YAML would read as something else', () => {
    for (const value of [
      'yes',
      'NO',
      'on',
      'null',
      '~',
      '123',
      '1e5',
      '0x1F',
      '2025-01-01',
      '12:30',
      '[[Link]]',
      '#tag',
      'a: b',
      '- x',
      '',
      ' x',
      'x ',
    ]) {
      expect(yamlString(value)).toBe(JSON.stringify(value));
    }
  });

  it('should leave ordinary words, sentences, unicode and numbers with spaces plain', () => {
    for (const value of ['My note', "it's fine", 'Café', 'Grüße', '3 things to do', 'a/b', 'v1.2', 'Q&A?'])
      expect(yamlString(value)).toBe(value);
  });

  it('should escape characters YAML does not print as themselves', () => {
    expect(yamlString('a\u2028b\u0085c\ufeff')).toBe('"a\\u2028b\\u0085c\\ufeff"');
  });

  it('should skip undefined values as JSON does', () => {
    expect(toYaml({ a: undefined, b: 1 })).toBe('b: 1');
  });

  it('should read back as the same value for any JSON object', () => {
    fc.assert(
      fc.property(record, (data) => {
        const yaml = toYaml(data);
        const parsed = yaml === '' ? {} : parseYaml(yaml);
        expect(parsed).toEqual(asJson(data));
      }),
      { numRuns: 500 },
    );
  });
});

describe('withFrontmatter', () => {
  it('should put a frontmatter block at the top of a note without one', () => {
    expect(withFrontmatter('# Title\n', { tags: ['a'] })).toBe('---\ntags:\n  - a\n---\n# Title\n');
  });

  it('should leave the note unchanged for an empty object', () => {
    expect(withFrontmatter('# Title\n', {})).toBe('# Title\n');
  });

  it('should add new keys to an existing block instead of adding a second block', () => {
    expect(withFrontmatter('---\ntitle: Old\n---\nBody', { tags: ['x'] })).toBe(
      '---\ntitle: Old\ntags:\n  - x\n---\nBody',
    );
  });

  it('should replace a key the block already has, with its list items, where it stands', () => {
    const note = '---\ntags:\n- old\n- older\ntitle: Keep\n---\nBody';
    expect(withFrontmatter(note, { tags: ['new'] })).toBe('---\ntags:\n  - new\ntitle: Keep\n---\nBody');
  });

  it('should recognize quoted keys in the existing block', () => {
    expect(withFrontmatter('---\n"my key": 1\n\'other\': 2\n---\n', { 'my key': 3, other: 4 })).toBe(
      '---\nmy key: 3\nother: 4\n---\n',
    );
  });

  it('should keep comments, blank lines and unrelated keys of the existing block', () => {
    const note = '---\n# comment\na: 1\n\nb: 2\n\n---\nBody';
    expect(withFrontmatter(note, { a: 5, c: 3 })).toBe('---\n# comment\na: 5\n\nb: 2\nc: 3\n\n---\nBody');
  });

  it('should keep CRLF line endings in a CRLF note', () => {
    expect(withFrontmatter('---\r\ntitle: Old\r\n---\r\nBody\r\n', { tags: ['x'], title: 'New' })).toBe(
      '---\r\ntitle: New\r\ntags:\r\n  - x\r\n---\r\nBody\r\n',
    );
  });

  it('should merge into an empty block', () => {
    expect(withFrontmatter('---\n---\nBody', { a: 1 })).toBe('---\na: 1\n---\nBody');
  });

  it('should treat an unclosed "---" as text, not frontmatter', () => {
    expect(withFrontmatter('---\nnot closed', { a: 1 })).toBe('---\na: 1\n---\n---\nnot closed');
  });

  it('should produce a block that reads back as the old keys merged with the new ones', () => {
    fc.assert(
      fc.property(record, record, (before, added) => {
        const note = withFrontmatter('---\n---\nBody', before);
        const merged = withFrontmatter(note, added);
        const match = /^---\n([\s\S]*?)\n?---\nBody$/.exec(merged);
        expect(match).not.toBeNull();
        const parsed = parseYaml(match![1] ?? '') ?? {};
        expect(parsed).toEqual(asJson({ ...before, ...added }));
      }),
      { numRuns: 300 },
    );
  });
});

describe('topLevelKey', () => {
  it('should read plain, double- and single-quoted keys and ignore other lines', () => {
    expect(topLevelKey('title: x')).toBe('title');
    expect(topLevelKey('C#: lang')).toBe('C#');
    expect(topLevelKey('a:b: c')).toBe('a:b');
    expect(topLevelKey('"a \\"b\\"": 1')).toBe('a "b"');
    expect(topLevelKey("'it''s': 1")).toBe("it's");
    expect(topLevelKey('empty:')).toBe('empty');
    expect(topLevelKey('  nested: 1')).toBeNull();
    expect(topLevelKey('- item')).toBeNull();
    expect(topLevelKey('# comment: no')).toBeNull();
    expect(topLevelKey('no colon')).toBeNull();
  });
});
