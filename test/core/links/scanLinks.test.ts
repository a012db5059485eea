import { describe, expect, it } from 'vitest';
import { scanLinks } from '../../../src/core/links/scanLinks';

/** Each link as "kind:path as written" (embeds with "!", frontmatter links with "fm:"), for compact assertions. */
function written(content: string): string[] {
  return scanLinks(content).map(
    (link) =>
      `${link.inFrontmatter ? 'fm:' : ''}${link.embed ? '!' : ''}${link.kind}:${content.slice(link.pathStart, link.pathEnd)}`,
  );
}

describe('scanLinks', () => {
  it('should give the span of the path alone, without subpath, alias, brackets or title', () => {
    const content = '[[A#h|x]] ![[B#^id]] [t](C%20D.md#h "title") [u](<E F.md>) [[G\\|cell]]';
    expect(written(content)).toEqual(['wiki:A', '!wiki:B', 'markdown:C%20D.md', 'markdown:E F.md', 'wiki:G']);
    expect(scanLinks(content).map((link) => link.linkpath)).toEqual(['A', 'B', 'C D.md', 'E F.md', 'G']);
  });

  it('should read a Markdown destination with parentheses in the name, as "create-unique" names notes', () => {
    expect(scanLinks('[n](Note%20(2).md) and [m](Note (3).md)').map((link) => link.linkpath)).toEqual(['Note (2).md']);
  });

  it('should skip external links, links to a heading of the same note, and empty wiki links', () => {
    expect(
      written(
        '[w](https://a.example/x.md) [m](mailto:a@b.c) [h](#Heading) [[#Heading]] [[]] [f](obsidian://open?file=x)',
      ),
    ).toEqual([]);
  });

  it('should skip links in fenced code (backticks or tildes, indented, unclosed) and in inline code of any length', () => {
    const content = [
      '[[Out1]]',
      '- item',
      '  ```',
      '  [[In1]]',
      '  ```',
      '````md',
      '```',
      '[[In2]]',
      '````',
      '`[[In3]]` ``a `[[In4]]` b`` [[Out2]]',
      '~~~',
      '[[In5]]',
    ].join('\n');
    expect(written(content)).toEqual(['wiki:Out1', 'wiki:Out2']);
  });

  it('should take from frontmatter only quoted property values that are a wiki link, as Obsidian does', () => {
    const content =
      '---\na: "[[One]]"\nb: [[Two]]\nc: \'![[Three|x]]\'\nd: "see [[Four]]"\ne: "[five](Five.md)"\n---\n[[Body]]\n';
    expect(written(content)).toEqual(['fm:wiki:One', 'fm:!wiki:Three', 'wiki:Body']);
  });

  it('should read a note without frontmatter, whose first line is a rule, as body', () => {
    expect(written('---\n[[A]]\n')).toEqual(['wiki:A']);
  });
});
