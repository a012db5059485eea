import { controlMarker, visibleText } from '../core/tool-execution/changePreview/visibleText';

// The SGR codes `createStyle` writes, and only those: a model's own "\x1b[8m" (conceal) is shown, not obeyed.
const OWN_CODE_OR_CONTROL =
  // eslint-disable-next-line no-control-regex -- ANSI codes start with the ESC control character.
  /\u001b\[(?:1|2|22|31|32|33|36|39|1;41|1;42|22;49)m|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text a model or a note wrote, as the terminal may print it (see `visibleText`, shared with the MCP server). */
export const terminalText = visibleText;

/**
 * What goes to the terminal at all: every control shown as in `terminalText`, except the color codes the runner
 * itself writes. The runner's output passes through it, so text that reaches the screen without `terminalText`
 * (an error naming a file, a path in a revert) still cannot move the cursor or hide what follows. Each write is
 * checked whole, so an escape code split over two writes is shown.
 */
export function terminalOutput(text: string): string {
  return text.replace(OWN_CODE_OR_CONTROL, (match) => (match.length === 1 ? controlMarker(match) : match));
}
