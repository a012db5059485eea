import { codeZones, frontmatterEnd } from './codeZones';

/**
 * One internal link in a note, as Obsidian's link updater sees it. The path is the only part a rename rewrites:
 * `pathStart`/`pathEnd` cover it exactly as written (encoded, without "#subpath", "|alias", "<>" or a title), so
 * everything else in the link stays byte for byte.
 */
export interface LinkOccurrence {
  kind: 'wiki' | 'markdown';
  embed: boolean;
  /** A wiki link in a frontmatter property value (`related: "[[Note]]"`). */
  inFrontmatter: boolean;
  /** In a single-quoted YAML string, where "'" is written "''" (`'[[Bob''s notes]]'`). */
  singleQuoted?: true;
  pathStart: number;
  pathEnd: number;
  /** The path as Obsidian resolves it: decoded, trimmed, without subpath. */
  linkpath: string;
  /** A markdown link's target written in angle brackets, `[x](<My Note.md>)`: spaces stay unencoded. */
  angle: boolean;
}

// `\|` is a wiki link's pipe escaped inside a table cell; the backslash is not part of the path.
const WIKI = /(!?)\[\[([^[\]|#\n]*?)(\\?)(?=[|#\]])[^[\]\n]*?\]\]/g;
// A destination may hold one level of balanced parentheses ("Note (2).md"), as CommonMark allows.
const MARKDOWN =
  /(!?)\[([^\]\n]*)\]\(([ \t]*)(<[^<>\n]+>|(?:[^()\s<>]|\([^()\s<>]*\))+)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'))?[ \t]*\)/g;
// Frontmatter links are property values that are one wiki link, quoted so YAML reads them as a string.
const FRONTMATTER_WIKI = /(["'])(!?)\[\[([^[\]|#\n]*)[^[\]\n]*\]\]\1/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function wikiLinks(content: string, from: number, inCode: (offset: number) => boolean): LinkOccurrence[] {
  const found: LinkOccurrence[] = [];
  WIKI.lastIndex = from;
  for (let match = WIKI.exec(content); match; match = WIKI.exec(content)) {
    if (inCode(match.index)) continue;
    const [, bang = '', rawPath = ''] = match;
    const pathStart = match.index + bang.length + 2;
    found.push({
      kind: 'wiki',
      embed: bang === '!',
      inFrontmatter: false,
      pathStart,
      pathEnd: pathStart + rawPath.length,
      linkpath: rawPath.trim(),
      angle: false,
    });
  }
  return found;
}

function markdownLinks(content: string, from: number, inCode: (offset: number) => boolean): LinkOccurrence[] {
  const found: LinkOccurrence[] = [];
  MARKDOWN.lastIndex = from;
  for (let match = MARKDOWN.exec(content); match; match = MARKDOWN.exec(content)) {
    if (inCode(match.index)) continue;
    const [, bang = '', text = '', space = '', destination = ''] = match;
    const angle = destination.startsWith('<');
    const target = angle ? destination.slice(1, -1) : destination;
    if (SCHEME.test(target)) continue;
    const hash = target.indexOf('#');
    const path = hash === -1 ? target : target.slice(0, hash);
    if (path === '') continue;
    const pathStart = match.index + bang.length + text.length + space.length + 3 + (angle ? 1 : 0);
    found.push({
      kind: 'markdown',
      embed: bang === '!',
      inFrontmatter: false,
      pathStart,
      pathEnd: pathStart + path.length,
      linkpath: angle ? path : safeDecode(path),
      angle,
    });
  }
  return found;
}

function frontmatterLinks(content: string, end: number): LinkOccurrence[] {
  const found: LinkOccurrence[] = [];
  for (const match of content.slice(0, end).matchAll(FRONTMATTER_WIKI)) {
    const [, quote = '', bang = '', rawPath = ''] = match;
    const pathStart = match.index + 1 + bang.length + 2;
    const link: LinkOccurrence = {
      kind: 'wiki',
      embed: bang === '!',
      inFrontmatter: true,
      pathStart,
      pathEnd: pathStart + rawPath.length,
      linkpath: rawPath.trim(),
      angle: false,
    };
    if (quote === "'") found.push({ ...link, linkpath: link.linkpath.replace(/''/g, "'"), singleQuoted: true });
    else found.push(link);
  }
  return found;
}

/**
 * The internal links of a Markdown note in document order: wiki links and embeds, Markdown links (external URLs
 * and pure "#heading" links left out) and wiki links in frontmatter properties. Links in code (fenced blocks,
 * inline code) are text, as in Obsidian's metadata cache.
 */
export function scanLinks(content: string): LinkOccurrence[] {
  const bodyStart = frontmatterEnd(content);
  const zones = codeZones(content, bodyStart);
  let zone = 0;
  // Offsets are asked in increasing order within each pass, so one cursor per pass walks the zones once.
  const inCodeFrom = (): ((offset: number) => boolean) => {
    zone = 0;
    return (offset) => {
      while (zone < zones.length && zones[zone]![1] <= offset) zone++;
      const current = zones[zone];
      return current !== undefined && offset >= current[0];
    };
  };
  const found = [
    ...frontmatterLinks(content, bodyStart),
    ...wikiLinks(content, bodyStart, inCodeFrom()),
    ...markdownLinks(content, bodyStart, inCodeFrom()),
  ];
  return found.filter((link) => link.linkpath !== '').sort((a, b) => a.pathStart - b.pathStart);
}
