/**
 * `MarkdownRenderer.render` as far as what it loads: Obsidian turns `![alt](url)`, `![alt][ref]` and raw HTML into
 * live elements, and the app loads an `<img>`, `<iframe>`, `<video>`, … the moment it exists. The mock draws
 * nothing, so a test could never see an answer load a remote image. This renderer makes the elements Obsidian makes
 * (paragraphs, fenced and inline code, images, vault embeds as `.internal-embed`, raw HTML passed through) and
 * records every remote URL an element it inserted would load (`remoteLoads`).
 */
import { MarkdownRenderer } from 'obsidian-test-mocks/obsidian';

const loads: string[] = [];

/** Remote URLs the elements rendered since the last `clearRemoteLoads` would have loaded, in order. */
export function remoteLoads(): readonly string[] {
  return loads;
}

export function clearRemoteLoads(): void {
  loads.length = 0;
}

export function patchMarkdownRenderer(): void {
  MarkdownRenderer.render = async (_app, markdown, el) => {
    await Promise.resolve();
    // Parsed in a document of its own, as Obsidian's sanitizer parses raw HTML, then moved in.
    const parsed = new DOMParser().parseFromString(toHtml(markdown), 'text/html').body;
    recordLoads(parsed);
    el.append(...Array.from(parsed.childNodes));
  };
}

const REMOTE = /^\s*(?:https?:)?\/\//i;

function recordLoads(root: HTMLElement): void {
  for (const node of Array.from(root.querySelectorAll('*'))) {
    for (const name of ['src', 'data', 'poster', 'href', 'background']) {
      const value = node.getAttribute(name);
      if (name === 'href' && node.tagName !== 'LINK') continue;
      if (value !== null && REMOTE.test(value)) loads.push(value.trim());
    }
    for (const candidate of (node.getAttribute('srcset') ?? '').split(',')) {
      const url = candidate.trim().split(/\s+/)[0] ?? '';
      if (REMOTE.test(url)) loads.push(url);
    }
    const css = `${node.getAttribute('style') ?? ''} ${node.tagName === 'STYLE' ? (node.textContent ?? '') : ''}`;
    for (const match of css.matchAll(/url\(\s*['"]?([^'")\s]+)/gi))
      if (REMOTE.test(match[1] ?? '')) loads.push(match[1] ?? '');
  }
}

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function toHtml(markdown: string): string {
  const definitions = new Map<string, string>();
  const body = markdown.replace(/^ {0,3}\[([^\]]+)\]:[ \t]*<?([^\s>]+)>?.*$/gm, (_line, label: string, url: string) => {
    if (!definitions.has(label.toLowerCase())) definitions.set(label.toLowerCase(), url);
    return '';
  });
  const html: string[] = [];
  const fence = /^ {0,3}(`{3,}|~{3,})[^\n]*\n([\s\S]*?)(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm;
  let last = 0;
  for (const match of body.matchAll(fence)) {
    html.push(blocksToHtml(body.slice(last, match.index), definitions));
    html.push(`<pre><code>${escape(match[2] ?? '')}</code></pre>`);
    last = match.index + match[0].length;
  }
  html.push(blocksToHtml(body.slice(last), definitions));
  return html.join('');
}

function blocksToHtml(text: string, definitions: Map<string, string>): string {
  return text
    .split(/\n[ \t]*\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => `<p>${inline(block.trim(), definitions)}</p>`)
    .join('');
}

function inline(text: string, definitions: Map<string, string>): string {
  return text.replace(
    /(`+)([^`]+?)\1|\\([!-/:-@[-`{-~])|!\[\[([^\]]+)\]\]|!\[([^\]]*)\]\(\s*<?([^\s)>]+)>?(?:\s+"[^"]*")?\s*\)|!\[([^\]]*)\](?:\[([^\]]*)\])?/g,
    (
      whole,
      _ticks,
      code?: string,
      escaped?: string,
      embed?: string,
      alt?: string,
      src?: string,
      refAlt?: string,
      label?: string,
    ) => {
      if (code !== undefined) return `<code>${escape(code)}</code>`;
      if (escaped !== undefined) return escape(escaped);
      if (embed !== undefined) return `<span class="internal-embed" src="${escape(embed)}"></span>`;
      if (src !== undefined) return `<img alt="${escape(alt ?? '')}" src="${escape(src)}">`;
      const url = definitions.get((label === undefined || label === '' ? (refAlt ?? '') : label).toLowerCase());
      return url === undefined ? whole : `<img alt="${escape(refAlt ?? '')}" src="${escape(url)}">`;
    },
  );
}
