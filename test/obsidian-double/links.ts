import type { TFile } from 'obsidian-test-mocks/obsidian';

/** One internal link in a note, as Obsidian's link updater sees it. */
export interface LinkOccurrence {
  /** Offsets of the whole link in the note, including the "!" of an embed. */
  start: number;
  end: number;
  kind: 'wiki' | 'markdown';
  embed: boolean;
  /** The target path as Obsidian resolves it: decoded, without "#subpath" or "<>". */
  linkpath: string;
  /** "#Heading" or "#^block" exactly as written, or "". */
  subpath: string;
  /** The wiki alias after "|" (undefined when there is none) or the markdown link's text. */
  display: string | undefined;
  /** A markdown link whose target was written in angle brackets, `[x](<My Note.md>)`. */
  angle: boolean;
}

const WIKI = /(!?)\[\[([^[\]|#\n]*)((?:#[^[\]|\n]*)?)(?:\|([^[\]\n]*))?\]\]/g;
const MARKDOWN = /(!?)\[([^[\]\n]*)\]\(\s*(<[^<>\n]+>|[^()\s<>]+)(?:\s+"[^"\n]*")?\s*\)/g;
const FENCE = /^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm;
const INLINE_CODE = /`[^`\n]+`/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function codeZones(content: string): [number, number][] {
  const zones: [number, number][] = [];
  for (const regex of [FENCE, INLINE_CODE]) {
    for (const match of content.matchAll(regex)) zones.push([match.index, match.index + match[0].length]);
  }
  return zones;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Wiki links, markdown links and their embeds outside code, in document order; external URLs are skipped. */
export function scanLinks(content: string): LinkOccurrence[] {
  const zones = codeZones(content);
  const inCode = (offset: number): boolean => zones.some(([from, to]) => offset >= from && offset < to);
  const found: LinkOccurrence[] = [];
  for (const match of content.matchAll(WIKI)) {
    if (inCode(match.index)) continue;
    const [whole, bang = '', linkpath = '', subpath = '', alias] = match;
    found.push({
      start: match.index,
      end: match.index + whole.length,
      kind: 'wiki',
      embed: bang === '!',
      linkpath: linkpath.trim(),
      subpath,
      display: alias,
      angle: false,
    });
  }
  for (const match of content.matchAll(MARKDOWN)) {
    if (inCode(match.index)) continue;
    const [whole, bang = '', text = '', rawTarget = ''] = match;
    const angle = rawTarget.startsWith('<');
    const target = angle ? rawTarget.slice(1, -1) : rawTarget;
    if (SCHEME.test(target)) continue;
    const hash = target.indexOf('#');
    const path = hash === -1 ? target : target.slice(0, hash);
    found.push({
      start: match.index,
      end: match.index + whole.length,
      kind: 'markdown',
      embed: bang === '!',
      linkpath: angle ? path : safeDecode(path),
      subpath: hash === -1 ? '' : target.slice(hash),
      display: text,
      angle,
    });
  }
  return found.sort((a, b) => a.start - b.start);
}

function folderOf(path: string): string {
  const index = path.lastIndexOf('/');
  return index <= 0 ? '' : path.slice(0, index);
}

/** Joins `relative` ("./x", "../x") onto `folder`, resolving dot segments. */
function joinRelative(folder: string, relative: string): string {
  const parts = folder === '' ? [] : folder.split('/');
  for (const segment of relative.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

/**
 * Obsidian's link resolution over a snapshot of the vault's files: a relative path from the note's folder, then
 * the exact vault path, then any file whose path ends with the link (case-insensitive), preferring one in the
 * note's own folder, then the shortest path. ".md" may be left out.
 */
export class LinkResolver {
  private readonly byPath = new Map<string, TFile>();
  private readonly byName = new Map<string, TFile[]>();

  constructor(files: TFile[]) {
    for (const file of files) {
      this.byPath.set(file.path.toLowerCase(), file);
      const name = file.name.toLowerCase();
      this.byName.set(name, [...(this.byName.get(name) ?? []), file]);
    }
  }

  resolve(linkpath: string, sourcePath: string): TFile | null {
    if (linkpath === '') return null;
    const wanted = linkpath.replace(/^\/+/, '');
    const sourceFolder = folderOf(sourcePath);
    const exact = (path: string): TFile | null =>
      this.byPath.get(path.toLowerCase()) ?? this.byPath.get(`${path}.md`.toLowerCase()) ?? null;
    if (wanted.startsWith('./') || wanted.startsWith('../')) return exact(joinRelative(sourceFolder, wanted));
    const direct = exact(wanted);
    if (direct) return direct;
    const lastSegment = wanted.slice(wanted.lastIndexOf('/') + 1).toLowerCase();
    const suffixes = [`/${wanted}`.toLowerCase(), `/${wanted}.md`.toLowerCase()];
    const candidates = [
      ...(this.byName.get(lastSegment) ?? []),
      ...(this.byName.get(`${lastSegment}.md`) ?? []),
    ].filter((file) => suffixes.some((suffix) => `/${file.path}`.toLowerCase().endsWith(suffix)));
    candidates.sort(
      (a, b) =>
        Number(folderOf(b.path) === sourceFolder) - Number(folderOf(a.path) === sourceFolder) ||
        a.path.length - b.path.length ||
        (a.path < b.path ? -1 : 1),
    );
    return candidates[0] ?? null;
  }

  /** How many files carry this name (case-insensitive). */
  countNamed(name: string): number {
    return this.byName.get(name.toLowerCase())?.length ?? 0;
  }
}

export type LinkFormat = 'shortest' | 'relative' | 'absolute';

/**
 * The link text Obsidian writes for `file` in a note at `sourcePath` (`MetadataCache.fileToLinktext`): with the
 * default "shortest" format the bare name when no other file has it, otherwise the vault path.
 */
export function linktextFor(
  file: TFile,
  sourcePath: string,
  omitMdExtension: boolean,
  format: LinkFormat,
  resolver: LinkResolver,
): string {
  const dropExtension = omitMdExtension && file.extension === 'md';
  const full = dropExtension ? file.path.slice(0, -'.md'.length) : file.path;
  if (format === 'absolute') return full;
  if (format === 'relative') {
    const from = folderOf(sourcePath).split('/').filter(Boolean);
    const to = full.split('/');
    let common = 0;
    while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
    return [...from.slice(common).map(() => '..'), ...to.slice(common)].join('/');
  }
  return resolver.countNamed(file.name) === 1 ? (dropExtension ? file.basename : file.name) : full;
}

/** Percent-encodes a markdown link target the way Obsidian writes it ("My Note.md" → "My%20Note.md"). */
export function encodeMarkdownTarget(path: string): string {
  return encodeURI(path).replace(/\(/g, '%28').replace(/\)/g, '%29');
}

/** The text of `link` re-pointed at `target`, keeping its kind, embed mark, subpath and alias or text. */
export function rewriteLink(
  link: LinkOccurrence,
  target: TFile,
  sourcePath: string,
  format: LinkFormat,
  resolver: LinkResolver,
): string {
  const bang = link.embed ? '!' : '';
  if (link.kind === 'wiki') {
    const alias = link.display === undefined ? '' : `|${link.display}`;
    return `${bang}[[${linktextFor(target, sourcePath, true, format, resolver)}${link.subpath}${alias}]]`;
  }
  const path = linktextFor(target, sourcePath, false, format, resolver);
  const destination = link.angle ? `<${path}${link.subpath}>` : `${encodeMarkdownTarget(path)}${link.subpath}`;
  return `${bang}[${link.display ?? ''}](${destination})`;
}

/** Applies non-overlapping replacements given by offsets into `content`. */
export function applyReplacements(
  content: string,
  replacements: { start: number; end: number; text: string }[],
): string {
  let result = content;
  for (const { start, end, text } of [...replacements].sort((a, b) => b.start - a.start))
    result = result.slice(0, start) + text + result.slice(end);
  return result;
}
