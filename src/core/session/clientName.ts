import type { RunAuthor } from '../checkpoints/types';
import { codePoint, revealInvisible } from '../tool-execution/changePreview/contentWarnings';

/** At most this many characters of a name a client reports for itself are shown; a longer one ends with "…". */
export const REPORTED_NAME_MAX = 60;

/**
 * Who an outside client is, in the words every place shows (the approval card and its notice, the live region,
 * refusals and the audit): the connection, and the name the client reports for itself only as "reports itself
 * as …", since any program can report any name ("Embedded Agent (your own agent)"). That name is bounded to
 * `REPORTED_NAME_MAX` characters, and each control, bidi or invisible character in it is shown as a marker
 * ("⟦U+202E⟧"), as the approval card shows them in paths.
 */
export function outsideClientName(reported: string | undefined, connection = 'An MCP client'): string {
  const name = (reported ?? '').trim();
  if (name === '') return `${connection} (reports no name)`;
  return `${connection} (reports itself as “${boundedName(name)}”)`;
}

/**
 * Who an outside client's runs are made by in the Changes view: the name it reports (bounded, hidden characters
 * shown) leads, as the view's list names each run by its maker; the detail says that name is only what the client
 * says of itself. ([19] gives each client a token whose name the user chose.)
 */
export function outsideClientAuthor(reported: string | undefined): RunAuthor {
  const name = (reported ?? '').trim();
  if (name === '') return { kind: 'mcp', label: 'MCP client', detail: 'reports no name' };
  return { kind: 'mcp', label: boundedName(name), detail: 'an MCP client, by the name it reports' };
}

/** `name` with hidden characters as markers, cut at `REPORTED_NAME_MAX` characters (never inside a marker). */
function boundedName(name: string): string {
  let shown = '';
  for (const char of name) {
    const part = revealChar(char);
    if (shown.length + part.length > REPORTED_NAME_MAX) return `${shown.trimEnd()}…`;
    shown += part;
  }
  return shown;
}

function revealChar(char: string): string {
  return isControl(char) ? `⟦${codePoint(char)}⟧` : revealInvisible(char);
}

/**
 * C0 and C1 controls (a line break, an escape sequence) and the line and paragraph separators: in a name they only
 * break the line that shows it, or drive the terminal that prints it.
 */
function isControl(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}
