/**
 * A small YAML emitter for note frontmatter, correct for JSON-like values (what a tool call can carry), and
 * a merge that puts keys into a note's existing frontmatter block instead of adding a second one.
 *
 * Strings stay plain (`title: My note`) only when every YAML reader reads them back as the same string; all
 * others are written as JSON double-quoted strings, which are valid YAML. That covers YAML 1.1 readers too,
 * which take `yes`, `on`, `1_000`, `12:30` or `2025-01-01` for booleans, numbers and dates.
 */

/** Letters, digits, marks and a few punctuation characters that never mean anything to YAML inside a scalar. */
const PLAIN_SAFE = /^[\p{L}\p{N}][\p{L}\p{N}\p{M} _\-.,/()'&+!?]*$/u;
/** Starts with a digit and has no space: could be an int, float, hex, octal, date or time to some reader. */
const NUMBER_LIKE = /^\d\S*$/;
/** YAML 1.1 booleans and nulls (1.2 keeps only true/false/null, in three spellings). */
const RESERVED = new Set(['y', 'n', 'yes', 'no', 'true', 'false', 'on', 'off', 'null']);
/**
 * Characters JSON.stringify leaves raw but YAML does not print as themselves: DEL and C1 controls, NEL, line
 * and paragraph separators (line breaks in YAML 1.1), the BOM, and the non-characters U+FFFE/U+FFFF.
 */
const YAML_UNPRINTABLE = /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g;

function isPlainSafe(text: string): boolean {
  return PLAIN_SAFE.test(text) && !text.endsWith(' ') && !NUMBER_LIKE.test(text) && !RESERVED.has(text.toLowerCase());
}

function quote(text: string): string {
  return JSON.stringify(text).replace(YAML_UNPRINTABLE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A key or string value: plain when safe, JSON-quoted otherwise. */
export function yamlString(text: string): string {
  return isPlainSafe(text) ? text : quote(text);
}

type Container = unknown[] | Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Entries that JSON would keep: undefined (and functions) drop out, as in JSON.stringify. */
function entriesOf(record: Record<string, unknown>): [string, unknown][] {
  return Object.entries(record).filter(([, value]) => value !== undefined && typeof value !== 'function');
}

/** A non-empty array or object, written as a block; empty ones are written inline as [] and {}. */
function isBlock(value: unknown): value is Container {
  if (Array.isArray(value)) return value.length > 0;
  return isRecord(value) && entriesOf(value).length > 0;
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return yamlString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return '[]';
  if (isRecord(value)) return '{}';
  if (typeof value === 'bigint') return value.toString();
  // Not a JSON value (a symbol): written as JSON would leave it, empty.
  return 'null';
}

function block(value: Container, indent: number): string[] {
  return Array.isArray(value) ? sequence(value, indent) : mapping(value, indent);
}

function mapping(record: Record<string, unknown>, indent: number): string[] {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  for (const [key, value] of entriesOf(record)) {
    if (isBlock(value)) lines.push(`${pad}${yamlString(key)}:`, ...block(value, indent + 2));
    else lines.push(`${pad}${yamlString(key)}: ${scalar(value)}`);
  }
  return lines;
}

function sequence(items: unknown[], indent: number): string[] {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  for (const item of items) {
    if (isBlock(item)) {
      // A nested block starts on the dash's line ("- - a", "- key: v"), its other lines indented to match.
      const nested = block(item, indent + 2);
      lines.push(`${pad}- ${(nested[0] ?? '').slice(indent + 2)}`, ...nested.slice(1));
    } else {
      lines.push(`${pad}- ${scalar(item)}`);
    }
  }
  return lines;
}

/** The YAML block mapping for `data`, one string per line, without the `---` fences. */
export function toYamlLines(data: Record<string, unknown>): string[] {
  return mapping(data, 0);
}

/** The YAML block mapping for `data`, lines joined with "\n"; "" for an empty object. */
export function toYaml(data: Record<string, unknown>): string {
  return toYamlLines(data).join('\n');
}

interface FrontmatterBlock {
  /** The note after its BOM, split into lines, each still carrying its "\r" when the note uses CRLF. */
  lines: string[];
  /** Index of the closing `---` line; the body is lines 1 .. close-1. */
  close: number;
  eol: '\n' | '\r\n';
}

/** A byte order mark the text starts with: Obsidian reads the frontmatter after it, so a merge must too. */
const BOM = '\ufeff';

/**
 * The frontmatter block at the very top of `content` (after a BOM), as Obsidian recognizes it: `---` lines
 * around YAML, trailing spaces on either fence allowed.
 */
function findBlock(content: string): FrontmatterBlock | null {
  const lines = content.split('\n');
  if (lines.length < 2 || (lines[0] ?? '').trimEnd() !== '---') return null;
  for (let i = 1; i < lines.length; i++) {
    if ((lines[i] ?? '').trimEnd() === '---') {
      return { lines, close: i, eol: (lines[0] ?? '').endsWith('\r') ? '\r\n' : '\n' };
    }
  }
  return null;
}

/**
 * The 0-based line of the `---` that closes the note's properties, or null when it has none: lines up to it are
 * the properties block, where inserted text would break them.
 */
export function propertiesEnd(content: string): number | null {
  return findBlock(content.startsWith(BOM) ? content.slice(BOM.length) : content)?.close ?? null;
}

/** The lines between the fences of the note's properties, without their "\r", or null when it has none. */
export function propertiesLines(content: string): string[] | null {
  const found = findBlock(content.startsWith(BOM) ? content.slice(BOM.length) : content);
  return found ? found.lines.slice(1, found.close).map((line) => line.replace(/\r$/, '')) : null;
}

const DOUBLE_QUOTED_KEY = /^"((?:[^"\\]|\\.)*)"\s*:(?:\s|$)/;
const SINGLE_QUOTED_KEY = /^'((?:[^']|'')*)'\s*:(?:\s|$)/;
const PLAIN_KEY = /^([^\s#'"\-?:,[\]{}&*!|>%@`](?:(?![ \t]#).)*?)[ \t]*:(?:\s|$)/;

/** The key of a top-level mapping line (`title: x`, `"a b": x`, `'c': x`), or null for any other line. */
export function topLevelKey(line: string): string | null {
  const text = line.replace(/\r$/, '');
  const double = DOUBLE_QUOTED_KEY.exec(text);
  if (double) {
    try {
      return JSON.parse(`"${double[1] ?? ''}"`) as string;
    } catch {
      // A YAML-only escape (\x41, \e, …): the raw text is the best name for it.
      return double[1] ?? '';
    }
  }
  const single = SINGLE_QUOTED_KEY.exec(text);
  if (single) return (single[1] ?? '').replace(/''/g, "'");
  const plain = PLAIN_KEY.exec(text);
  return plain ? (plain[1] ?? '') : null;
}

/**
 * Where each top-level key's entry sits in the body: its own line plus the indented lines, blank lines and
 * column-0 "- " items (a block sequence may sit at its key's indentation) that follow it.
 */
function entryRanges(body: string[]): Map<string, { start: number; end: number }[]> {
  const ranges = new Map<string, { start: number; end: number }[]>();
  let current: { key: string; start: number } | null = null;
  const close = (end: number): void => {
    if (!current) return;
    // Blank lines after an entry separate it from the next one; they are not part of it.
    while (end > current.start + 1 && (body[end - 1] ?? '').trim() === '') end--;
    const list = ranges.get(current.key) ?? [];
    list.push({ start: current.start, end });
    ranges.set(current.key, list);
    current = null;
  };
  body.forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    const continues = line.trim() === '' || /^[ \t]/.test(line) || /^-(\s|$)/.test(line);
    if (continues) return;
    close(index);
    const key = topLevelKey(line);
    if (key !== null) current = { key, start: index };
  });
  close(body.length);
  return ranges;
}

/**
 * `content` with `data` as its frontmatter. A note without a block gets one at the top. A note with one keeps
 * it, and every line of it that `data` does not name: a key in `data` replaces that key's entry where it
 * stands (the caller's value is the newer intent), new keys are added at the end. Line endings follow the note.
 */
export function withFrontmatter(content: string, data: Record<string, unknown>): string {
  if (entriesOf(data).length === 0) return content;
  const bom = content.startsWith(BOM) ? BOM : '';
  return bom + mergeInto(content.slice(bom.length), data);
}

function mergeInto(content: string, data: Record<string, unknown>): string {
  const found = findBlock(content);
  if (!found) return `---\n${toYaml(data)}\n---\n${content}`;

  const { lines, close, eol } = found;
  const cr = eol === '\r\n' ? '\r' : '';
  const body = lines.slice(1, close);
  const ranges = entryRanges(body);
  const replaced = new Map<number, string[]>();
  const dropped = new Set<number>();
  const appended: string[] = [];
  for (const [key, value] of entriesOf(data)) {
    const emitted = toYamlLines({ [key]: value }).map((line) => line + cr);
    const [first, ...duplicates] = ranges.get(key) ?? [];
    if (!first) {
      appended.push(...emitted);
      continue;
    }
    replaced.set(first.start, emitted);
    // A key written twice is invalid YAML; keeping only the new value repairs it.
    for (const range of [first, ...duplicates]) for (let i = range.start; i < range.end; i++) dropped.add(i);
  }
  const merged: string[] = [];
  body.forEach((line, index) => {
    const replacement = replaced.get(index);
    if (replacement) merged.push(...replacement);
    else if (!dropped.has(index)) merged.push(line);
  });
  // New keys go after the last non-blank line, so blank lines before the fence stay where they were.
  let insertAt = merged.length;
  while (insertAt > 0 && (merged[insertAt - 1] ?? '').trim() === '') insertAt--;
  merged.splice(insertAt, 0, ...appended);
  return [lines[0], ...merged, ...lines.slice(close)].join('\n');
}
