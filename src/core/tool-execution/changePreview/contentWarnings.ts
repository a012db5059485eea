import type { ContentWarning } from '../../ports/changePreview';

// Characters that change how text reads without being seen: a reviewer must be shown them.
const INVISIBLE: Record<number, string> = {
  0x00ad: 'SOFT HYPHEN',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};
// Bidirectional controls can make text display in a different order than it is stored ("Trojan Source").
const BIDI: Record<number, string> = {
  0x061c: 'ARABIC LETTER MARK',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
};
const SPECIAL = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const URL = /\bhttps?:\/\/[^\s<>()"'`\]]+[^\s<>()"'`\].,;:!?]/gi;

export const codePoint = (char: string): string =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Invisible and bidi characters and external URLs in `text`, with 1-based line numbers, in reading order. With
 * `before` (the text a change replaces), only lines the change brings are looked at: a line of `text` that also
 * is a line of `before` (each old line counted once) was there already, and the person approves what is new.
 */
export function contentWarnings(text: string, before?: string, maxWarnings = 50): ContentWarning[] {
  const warnings: ContentWarning[] = [];
  const lines = text.split('\n');
  const old = new Map<string, number>();
  for (const line of before === undefined ? [] : before.split('\n')) old.set(line, (old.get(line) ?? 0) + 1);
  for (let index = 0; index < lines.length && warnings.length < maxWarnings; index++) {
    const line = lines[index] as string;
    const kept = old.get(line) ?? 0;
    if (kept > 0) {
      old.set(line, kept - 1);
      continue;
    }
    for (const match of line.matchAll(SPECIAL)) {
      const code = match[0].codePointAt(0) ?? 0;
      const bidi = BIDI[code];
      warnings.push({
        kind: bidi ? 'bidi-control' : 'invisible-character',
        value: codePoint(match[0]),
        line: index + 1,
        label: bidi ?? INVISIBLE[code] ?? 'INVISIBLE CHARACTER',
      });
    }
    for (const match of line.matchAll(URL))
      warnings.push({ kind: 'external-url', value: match[0], line: index + 1, label: 'external link' });
  }
  return warnings.slice(0, maxWarnings);
}

/** The text with every invisible or bidi character replaced by a visible marker like "⟦U+202E⟧". */
export function revealInvisible(text: string): string {
  return text.replace(SPECIAL, (char) => `⟦${codePoint(char)}⟧`);
}
