/**
 * Rewrites a model's Markdown so that rendering it loads nothing from the network. Obsidian's renderer turns
 * `![x](https://…)` and raw `<img>`, `<iframe>`, … into live elements, and the app loads them the moment they exist,
 * so a prompt-injected model could put note text into a URL. Removing elements after rendering is too late: each
 * remote image, frame, video or audio becomes a token here, and `placeRemotes` turns tokens into buttons.
 *
 * The rule that keeps this sound without a full Markdown parser: everything dangerous is rewritten into a form
 * that is inert wherever the renderer puts it (a private-use token, `&lt;`, `\!`), and only what is harmless even
 * if read as plain text is left alone. A mistake about context therefore costs looks, never a request. A fenced
 * block in a language some code block processor handles keeps its code as text (see `fenceLanguages.ts`).
 */

import { safeFenceInfo } from './fenceLanguages';

export type RemoteKind = 'image' | 'frame' | 'video' | 'audio';

export interface RemoteResource {
  kind: RemoteKind;
  url: string;
  host: string;
  /** The image's alternative text, if it had one. */
  alt: string;
}

export interface NeutralizedMarkdown {
  markdown: string;
  remotes: RemoteResource[];
}

/** One placeholder in the rewritten Markdown: its index into `remotes` between two private-use characters. */
export const REMOTE_TOKEN = /\uE000(\d+)\uE001/g;

/** Raw HTML kept, without its attributes: formatting that can load nothing. */
const KEPT_TAGS = new Set(
  'b i em strong u s del ins mark sub sup kbd small br hr abbr cite q span div p details summary code ul ol li dl dt dd table thead tbody tfoot tr th td h1 h2 h3 h4 h5 h6 blockquote'.split(
    ' ',
  ),
);
/** Tags dropped when they name nothing remote (wrappers around sources, closing tags). */
const MEDIA_TAGS = new Set('img image picture source video audio iframe frame object embed track input'.split(' '));
/** Per tag, the attributes that load something, in the order a placeholder prefers them. */
const LOADING_ATTRIBUTES: Record<string, string[]> = {
  img: ['src', 'srcset'],
  image: ['src', 'srcset'],
  input: ['src'],
  source: ['src', 'srcset'],
  track: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  iframe: ['src'],
  frame: ['src'],
  object: ['data'],
  embed: ['src'],
};
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  sol: '/',
  period: '.',
  tab: '\t',
  newline: '\n',
  num: '#',
  lpar: '(',
  rpar: ')',
  equals: '=',
};

export function neutralizeRemote(markdown: string): NeutralizedMarkdown {
  const remotes: RemoteResource[] = [];
  const scanner = new InlineScanner(remotes, referenceDefinitions(markdown));
  const out: string[] = [];
  let fence: { char: string; length: number; indent: number } | null = null;
  let inHtmlBlock = false;
  for (const line of markdown.replace(/[\uE000\uE001]/g, '').split(/(?<=\n)/)) {
    if (fence) {
      const close = /^[ \t]*(`+|~+)[ \t]*\r?\n?$/.exec(line)?.[1];
      if (close?.startsWith(fence.char) && close.length >= fence.length) fence = null;
      // A line indented less than the fence may end the list item holding it, and the fence with it.
      if (!fence || isBlank(line) || indentOf(line) >= fence.indent) {
        out.push(line);
        continue;
      }
      fence = null;
    }
    // Inside an HTML block (one of the kept tags starts one) a fence line is HTML, not code.
    const opener = inHtmlBlock ? null : fenceOpener(line);
    if (opener) {
      fence = opener;
      out.push(line.slice(0, opener.infoAt) + safeFenceInfo(line.slice(opener.infoAt)));
      continue;
    }
    const { text, keptTag } = scanner.scan(line);
    out.push(text);
    if (keptTag) inHtmlBlock = true;
    if (isBlank(line)) inHtmlBlock = false;
  }
  return { markdown: out.join(''), remotes };
}

const isBlank = (line: string): boolean => line.trim() === '';

function indentOf(line: string): number {
  let column = 0;
  for (const char of line) {
    if (char === ' ') column++;
    else if (char === '\t') column += 4 - (column % 4);
    else break;
  }
  return column;
}

/** A fence the renderer surely reads as one: at most three spaces in, or right after a bullet. */
function fenceOpener(line: string): { char: string; length: number; indent: number; infoAt: number } | null {
  const match = /^( {0,3}(?:[-*+][ \t]+)?)(`{3,}|~{3,})(.*)$/s.exec(line);
  if (!match) return null;
  const [, prefix = '', run = '', info = ''] = match;
  if (run.startsWith('`') && info.includes('`')) return null;
  return {
    char: run.charAt(0),
    length: run.length,
    indent: indentOf(prefix.replace(/[-*+]/, ' ')),
    infoAt: prefix.length + run.length,
  };
}

interface Definition {
  local: boolean;
  url: string;
}

const normalizeLabel = (label: string): string => label.trim().replace(/\s+/g, ' ').toLowerCase().toUpperCase();

/** Every `[label]: destination` anywhere (also in quotes and lists): a label is local only if all its definitions are. */
function referenceDefinitions(markdown: string): Map<string, Definition> {
  const definitions = new Map<string, Definition>();
  for (const match of markdown.matchAll(/\[((?:[^[\]\\]|\\.){1,999})\]:[ \t]*\r?\n?[ \t]*(<[^>\n]*>|\S+)/g)) {
    const label = normalizeLabel(match[1] ?? '');
    const raw = match[2] ?? '';
    const local = isLocalDestination(raw) && (definitions.get(label)?.local ?? true);
    definitions.set(label, { local, url: definitions.get(label)?.url ?? decodeDestination(raw) });
  }
  return definitions;
}

/** A vault path the renderer cannot read as anything else: no scheme, no `//`, nothing escaped or encoded. */
const isLocalDestination = (raw: string): boolean => /^[^\s()<>`\\&:!]+$/.test(raw) && !/^[\\/]{2}/.test(raw);

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** The URL a browser would fetch: entities decoded, tabs and newlines dropped, as the URL parser does. */
const cleanUrl = (text: string): string =>
  decodeEntities(text)
    .replace(/[\t\n\r]/g, '')
    .trim();

const decodeDestination = (raw: string): string =>
  cleanUrl(raw.replace(/^<(.*)>$/s, '$1').replace(/\\([!-/:-@[-`{-~])/g, '$1'));

function httpHost(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

/** Code shown as code whatever the renderer makes of it: every punctuation mark as a character reference. */
const inertCode = (content: string): string =>
  `<code>${Array.from(content.replace(/^ (.*[^ ].*) $/s, '$1'), (char) => (/[!-/:-@[-`{-~]/.test(char) ? `&#${char.charCodeAt(0)};` : char)).join('')}</code>`;

class InlineScanner {
  private mediaKind: RemoteKind = 'image';

  constructor(
    private readonly remotes: RemoteResource[],
    private readonly definitions: Map<string, Definition>,
  ) {}

  scan(line: string): { text: string; keptTag: boolean } {
    let out = '';
    let keptTag = false;
    let index = 0;
    while (index < line.length) {
      const char = line.charAt(index);
      const rest = line.slice(index);
      if (char === '\\') {
        // `\<` is a "<" in text but a tag in an HTML block, where backslashes mean nothing.
        out += rest.startsWith('\\<') ? '&lt;' : rest.slice(0, 2);
        index += 2;
      } else if (char === '`') {
        const [text, length] = this.codeSpan(rest);
        out += text;
        index += length;
      } else if (rest.startsWith('![')) {
        const [text, length] = this.image(rest);
        out += text;
        index += length;
      } else if (char === '<') {
        const autolink = /^<[a-z][a-z0-9+.-]{1,31}:[^<>\s`]*>/i.exec(rest)?.[0];
        const tag = autolink ? null : parseTag(rest);
        if (autolink) out += autolink;
        else if (!tag) out += '&lt;';
        else if (KEPT_TAGS.has(tag.name)) {
          out += `<${tag.closing ? '/' : ''}${tag.name}>${this.styleImages(tag.attributes)}`;
          keptTag = true;
        } else out += this.mediaTag(tag);
        index += autolink?.length ?? tag?.length ?? 1;
      } else {
        out += char;
        index++;
      }
    }
    return { text: out, keptTag };
  }

  private token(kind: RemoteKind, url: string, alt: string): string | null {
    const host = httpHost(url);
    if (host === null) return null;
    this.remotes.push({ kind, url, host, alt });
    return `\uE000${this.remotes.length - 1}\uE001`;
  }

  /** A code span closed on its line stays as written when its text is harmless as plain text too. */
  private codeSpan(rest: string): [string, number] {
    const run = /^`+/.exec(rest)?.[0] ?? '`';
    const closer = new RegExp(`(?<!\`)${run}(?!\`)`, 'g');
    closer.lastIndex = run.length;
    const found = closer.exec(rest.split('\n')[0] ?? '');
    if (!found) return [run, run.length];
    const content = rest.slice(run.length, found.index);
    const end = found.index + run.length;
    return [/[<!\\&]/.test(content) ? inertCode(content) : rest.slice(0, end), end];
  }

  private image(rest: string): [string, number] {
    if (rest.startsWith('![[')) {
      const target = /^!\[\[([^\]\n]*)\]\]/.exec(rest)?.[1];
      // A vault embed renders; one that names an address is left as text.
      return target !== undefined && !/^[a-z][a-z0-9+.-]*:|^[\\/]{2}/i.test(target.trim()) ? ['![[', 3] : ['\\!', 1];
    }
    const inline = /^!\[([^\]\n]*)\]\(([^)\n]*)\)/.exec(rest);
    if (inline) {
      const [whole, alt = '', inside = ''] = inline;
      if (
        /^[^`<\\[!]*$/.test(alt) &&
        /^\s*[^\s()<>`\\&:!]+(\s+"[^"\n`<>\\&]*")?\s*$/.test(inside) &&
        !/^\s*[\\/]{2}/.test(inside)
      )
        return ['!', 1];
      const destination = /^\s*(<[^>\n]*>|\S+)/.exec(inside)?.[1] ?? '';
      const token = this.token('image', decodeDestination(destination), alt);
      return token === null ? ['\\!', 1] : [token, whole.length];
    }
    const reference = /^!\[([^\]\n]*)\](?:\[([^\]\n]*)\])?/.exec(rest);
    if (reference) {
      const [whole, alt = '', label] = reference;
      const definition = this.definitions.get(normalizeLabel(label || alt));
      if (definition?.local && /^[^`<\\[!]*$/.test(alt + (label ?? ''))) return ['!', 1];
      const token = definition ? this.token('image', definition.url, alt) : null;
      if (token !== null) return [token, whole.length];
    }
    return ['\\!', 1];
  }

  private mediaTag(tag: Tag): string {
    if (['video', 'audio', 'picture'].includes(tag.name) && !tag.closing)
      this.mediaKind = tag.name === 'picture' ? 'image' : (tag.name as RemoteKind);
    const kind: RemoteKind = ['iframe', 'frame', 'object', 'embed'].includes(tag.name)
      ? 'frame'
      : tag.name === 'source'
        ? this.mediaKind
        : tag.name === 'video' || tag.name === 'audio'
          ? tag.name
          : 'image';
    for (const name of LOADING_ATTRIBUTES[tag.name] ?? []) {
      const value = tag.attributes.get(name);
      if (value === undefined) continue;
      const url = name === 'srcset' ? (cleanUrl(value).split(',')[0]?.trim().split(/\s+/)[0] ?? '') : cleanUrl(value);
      const token = this.token(name === 'poster' ? 'image' : kind, url, cleanUrl(tag.attributes.get('alt') ?? ''));
      if (token !== null) return token + this.styleImages(tag.attributes);
    }
    const styled = this.styleImages(tag.attributes);
    return MEDIA_TAGS.has(tag.name) ? styled : `&lt;${tag.source.slice(1)}`;
  }

  /** Images a dropped `style` or `background` attribute would have loaded, as placeholders. */
  private styleImages(attributes: Map<string, string>): string {
    const urls = [...cleanUrl(attributes.get('style') ?? '').matchAll(/url\(\s*['"]?([^'")\s]+)/gi)].map(
      (match) => match[1] ?? '',
    );
    urls.push(cleanUrl(attributes.get('background') ?? ''));
    return urls.map((url) => this.token('image', url, '') ?? '').join('');
  }
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: Map<string, string>;
  length: number;
  source: string;
}

/** An HTML tag that ends on this line, read as a browser reads it (quoted values may hold `>`). */
function parseTag(rest: string): Tag | null {
  const head = /^<(\/?)([a-z][a-z0-9-]*)/i.exec(rest);
  if (!head) return null;
  const attributes = new Map<string, string>();
  const attribute = /\s*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?|\s*\//y;
  let index = head[0].length;
  while (index < rest.length) {
    if (rest.charAt(index) === '>') {
      const source = rest.slice(0, index + 1);
      return { name: (head[2] ?? '').toLowerCase(), closing: head[1] === '/', attributes, length: index + 1, source };
    }
    attribute.lastIndex = index;
    const match = attribute.exec(rest);
    if (!match || match[0].length === 0) {
      if (!/\s/.test(rest.charAt(index))) return null;
      index++;
      continue;
    }
    const name = match[1]?.toLowerCase();
    if (name !== undefined && !attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
    index += match[0].length;
  }
  return null;
}
