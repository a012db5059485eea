import { describe, expect, it } from 'vitest';
import { LinkResolver } from '../../../src/core/links/LinkResolver';
import { linkFormatOf, linkPathFor } from '../../../src/core/links/linkText';

const FILES = ['Note.md', 'A/Note.md', 'A/B/Deep.md', 'C/Deep.md', 'C/img.png', 'Café.md'];
const resolver = new LinkResolver(FILES);

describe('LinkResolver', () => {
  it('should resolve a vault path first, with or without ".md" and a leading "/", in any case', () => {
    expect(resolver.resolve('A/Note', 'X.md')).toBe('A/Note.md');
    expect(resolver.resolve('/a/note.md', 'X.md')).toBe('A/Note.md');
    expect(resolver.resolve('Note', 'A/B/Deep.md')).toBe('Note.md');
  });

  it("should resolve a bare name to the note in the linking note's folder, else to the shortest path", () => {
    expect(resolver.resolve('Deep', 'C/Other.md')).toBe('C/Deep.md');
    expect(resolver.resolve('Deep', 'A/B/Other.md')).toBe('A/B/Deep.md');
    expect(resolver.resolve('Deep', 'Top.md')).toBe('C/Deep.md');
    expect(resolver.resolve('B/Deep', 'Top.md')).toBe('A/B/Deep.md');
  });

  it('should resolve "./" and "../" from the linking note\'s folder only', () => {
    expect(resolver.resolve('../Note.md', 'A/B/Deep.md')).toBe('A/Note.md');
    expect(resolver.resolve('./img.png', 'C/Deep.md')).toBe('C/img.png');
    expect(resolver.resolve('./Note', 'C/Deep.md')).toBeNull();
  });

  it('should match a name in another Unicode form, and attachments by their full name', () => {
    expect(resolver.resolve('Cafe\u0301', 'X.md')).toBe('Café.md');
    expect(resolver.resolve('img.png', 'X.md')).toBe('C/img.png');
    expect(resolver.resolve('img', 'X.md')).toBeNull();
  });
});

describe('linkPathFor', () => {
  it('should write the bare name for "shortest" when no other file has it, the vault path when one does', () => {
    expect(linkPathFor('A/B/Deep.md', 'X.md', false, 'shortest', new LinkResolver(['A/B/Deep.md']))).toBe('Deep');
    expect(linkPathFor('A/B/Deep.md', 'X.md', true, 'shortest', resolver)).toBe('A/B/Deep.md');
  });

  it('should write "relative" from the linking note\'s folder and "absolute" from the root', () => {
    expect(linkPathFor('A/B/Deep.md', 'A/C/X.md', true, 'relative', resolver)).toBe('../B/Deep.md');
    expect(linkPathFor('A/B/Deep.md', 'A/X.md', false, 'relative', resolver)).toBe('B/Deep');
    expect(linkPathFor('A/B/Deep.md', 'A/X.md', false, 'absolute', resolver)).toBe('A/B/Deep');
  });

  it('should read the format from app.json, falling back to "shortest" for anything else', () => {
    expect(linkFormatOf('{"newLinkFormat":"relative","useMarkdownLinks":true}')).toBe('relative');
    expect(linkFormatOf('{"newLinkFormat":"weird"}')).toBe('shortest');
    expect(linkFormatOf('not json')).toBe('shortest');
    expect(linkFormatOf(null)).toBe('shortest');
  });
});
