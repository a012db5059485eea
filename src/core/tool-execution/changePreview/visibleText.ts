import { codePoint, revealInvisible } from './contentWarnings';

// C0 controls but new line and tab, DEL and C1 controls: a terminal obeys them (move the cursor, erase a line,
// conceal what follows), and a terminal is where the terminal runner and most MCP clients show text, so text from
// a model or a note that holds them could rewrite what the person reads.
// eslint-disable-next-line no-control-regex -- these control characters are what the pattern is for.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

const NAMES: Record<number, string> = {
  0x00: 'NUL',
  0x07: 'BEL',
  0x08: 'BS',
  0x0b: 'VT',
  0x0c: 'FF',
  0x0d: 'CR',
  0x1b: 'ESC',
  0x7f: 'DEL',
};

/** One control character as it is shown: `⟦ESC⟧`, `⟦CR⟧`, `⟦U+009B⟧`. */
export function controlMarker(char: string): string {
  const code = char.charCodeAt(0);
  return `⟦${NAMES[code] ?? codePoint(char)}⟧`;
}

/**
 * Text a model or a note wrote, as a terminal may print it: controls shown as `⟦ESC⟧`, `⟦CR⟧`, `⟦U+009B⟧`, and
 * invisible and bidi characters as `⟦U+202E⟧`, as the panel shows them. New lines and tabs stay.
 */
export function visibleText(text: string): string {
  return revealInvisible(text).replace(CONTROL, controlMarker);
}
