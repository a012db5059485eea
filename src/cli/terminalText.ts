import { codePoint, revealInvisible } from '../core/tool-execution/changePreview/contentWarnings';

// C0 controls but new line and tab, DEL and C1 controls: a terminal obeys them (move the cursor, erase a line,
// conceal what follows), so text from a model or a note that holds them could rewrite what the person reads.
// eslint-disable-next-line no-control-regex -- these control characters are what the pattern is for.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// The SGR codes `createStyle` writes, and only those: a model's own "\x1b[8m" (conceal) is shown, not obeyed.
// eslint-disable-next-line no-control-regex -- ANSI codes start with the ESC control character.
const OWN_CODE_OR_CONTROL = /\u001b\[(?:1|2|22|31|32|33|36|39|1;41|1;42|22;49)m|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

const NAMES: Record<number, string> = { 0x00: 'NUL', 0x07: 'BEL', 0x08: 'BS', 0x0b: 'VT', 0x0c: 'FF', 0x0d: 'CR', 0x1b: 'ESC', 0x7f: 'DEL' };

function marker(char: string): string {
  const code = char.charCodeAt(0);
  return `⟦${NAMES[code] ?? codePoint(char)}⟧`;
}

/**
 * Text a model or a note wrote, as the terminal may print it: controls shown as `⟦ESC⟧`, `⟦CR⟧`, `⟦U+009B⟧`, and
 * invisible and bidi characters as `⟦U+202E⟧`, as the panel shows them. New lines and tabs stay.
 */
export function terminalText(text: string): string {
  return revealInvisible(text).replace(CONTROL, marker);
}

/**
 * What goes to the terminal at all: every control shown as in `terminalText`, except the color codes the runner
 * itself writes. The runner's output passes through it, so text that reaches the screen without `terminalText`
 * (an error naming a file, a path in a revert) still cannot move the cursor or hide what follows. Each write is
 * checked whole, so an escape code split over two writes is shown.
 */
export function terminalOutput(text: string): string {
  return text.replace(OWN_CODE_OR_CONTROL, (match) => (match.length === 1 ? marker(match) : match));
}
