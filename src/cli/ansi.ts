import type { PreviewStyle } from '../core/tool-execution/changePreview/previewText';

/**
 * The terminal's marks for text, the shape the change preview is written in: plain ANSI SGR codes, colors only
 * when the output is a terminal, so piped output and logs stay clean.
 */
export type Style = PreviewStyle;

const sgr =
  (open: number | string, close: number | string) =>
  (text: string): string =>
    text === '' ? '' : `\u001b[${open}m${text}\u001b[${close}m`;

export function createStyle(color: boolean): Style {
  if (!color) {
    const plain = (text: string): string => text;
    return {
      color,
      bold: plain,
      dim: plain,
      red: plain,
      green: plain,
      yellow: plain,
      cyan: plain,
      removedWord: plain,
      addedWord: plain,
    };
  }
  return {
    color,
    bold: sgr(1, 22),
    dim: sgr(2, 22),
    red: sgr(31, 39),
    green: sgr(32, 39),
    yellow: sgr(33, 39),
    cyan: sgr(36, 39),
    // Background plus bold: the word stands out inside a line that is already red or green.
    removedWord: sgr('1;41', '22;49'),
    addedWord: sgr('1;42', '22;49'),
  };
}

/** The text without ANSI codes: what a test or a plain log compares. */
export function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex -- ANSI codes start with the ESC control character.
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
