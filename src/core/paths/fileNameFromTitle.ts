import { truncateUtf8 } from '../util/truncateUtf8';
import { INVISIBLE_IN_NAME } from './invisibleInName';

/**
 * One rule turns a title into a file name, for the agent's paths, plans, recipes and saved actions alike. It keeps
 * the title readable (not a slug) and is deterministic and idempotent. Characters that Obsidian refuses in a
 * name, or that break a link to it, are handled this way:
 * - `"` becomes `'`;
 * - `: / \ |` separate words: between two words they become "-" ("Read/Write" → "Read-Write"), next to a space
 *   " - " ("Q3: budget" → "Q3 - budget");
 * - `? * # ^ [ ] < >` are markup or punctuation and are dropped ("Mondays?" → "Mondays", "[[Link]]" → "Link"),
 *   except that one standing alone between spaces is a separator too ("Pros * cons" → "Pros - cons");
 * - any of them at the start or end of the title is dropped;
 * - several with only spaces between them count as one (": /" is one separator, "]] [[" one space).
 */
const SEPARATORS = ':/\\|';
const DROPPED = '?*#^[]<>';
const ALL = `"${SEPARATORS}${DROPPED}`;
/** The characters the rule replaces; the sandbox refuses some of them and links break on the others. */
export const NAME_BREAKING = /["*\\/<>:|?#^[\]]/;
/** Those a name can never hold in any vault (Obsidian refuses them), so no existing folder can be meant by them. */
const REFUSED = /["*<>:|?]/;

/** Room for " (99)", ".md" and the longest name a file system takes (255 bytes). */
const MAX_NAME_BYTES = 200;
/** Far more text than 200 bytes of name can show, however many spaces it collapses. */
const MAX_TITLE_CHARS = 4_000;
// Windows reads these as a device or as the short name of another entry (see sandbox.ts).
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(?=\s*(\.|$))/i;

/**
 * The file name (without extension) a title becomes: the rule above, then whitespace (line breaks included)
 * collapsed, invisible characters removed, leading dots and "~" and trailing dots removed (a hidden file, a
 * name Windows shortens), a Windows device name followed by "_", at most 200 UTF-8 bytes; "Untitled" when
 * nothing is left.
 */
export function fileNameFromTitle(title: string): string {
  // A name keeps at most 200 bytes, so a long selection is cut first rather than cleaned whole.
  const visible = title
    .slice(0, MAX_TITLE_CHARS)
    .normalize('NFC')
    .replace(/\p{Cs}/gu, '')
    .replace(new RegExp(INVISIBLE_IN_NAME.source, 'g'), '')
    // eslint-disable-next-line no-control-regex -- control characters (line breaks, tabs) are spaces in a name
    .replace(/[\u0000-\u001F\u007F\u00A0\u202F]/g, ' ');
  let name = tidy(replaceRuns(visible, ALL));
  name = truncateUtf8(name, MAX_NAME_BYTES).text;
  name = name.replace(/^[\s.~\uFF0E]+/, '').replace(/[\s.]+$/, '');
  name = name.replace(/~(?=\d)/g, '-').replace(WINDOWS_DEVICE, '$1_');
  return name === '' ? 'Untitled' : name;
}

/**
 * A path the model typed, with the rule applied where a name holds such a character; "/" and "\\" stay folder
 * separators. With `lastName` "file", the last name (the one the call creates) is cleaned of every character of
 * the rule, its extension kept; every other name, and with "folder" the last one too, only of those no vault can
 * hold, since a folder named "C#" may already exist. Everything else is left for the sandbox to judge, so a path
 * without such characters comes back unchanged.
 */
export function cleanTypedPath(raw: string, lastName: 'file' | 'folder'): string {
  const parts = raw.split(/([\\/]+)/);
  const named = parts.map((part, index) => (/^[\\/]*$/.test(part) ? -1 : index)).filter((index) => index >= 0);
  const last = named.at(-1);
  return parts
    .map((part, index) => {
      if (index === last && lastName === 'file') return NAME_BREAKING.test(part) ? cleanFileName(part) : part;
      return REFUSED.test(part) ? tidy(replaceRuns(part, ALL.replace(/[#^[\]]/g, ''))) || 'Untitled' : part;
    })
    .join('');
}

/** "Q3: budget review.md" → "Q3 - budget review.md": the rule on the stem, the extension kept. */
function cleanFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && /^[A-Za-z0-9]{1,10}$/.test(name.slice(dot + 1)) ? name.slice(dot) : '';
  const stem = tidy(replaceRuns(extension ? name.slice(0, dot) : name, ALL));
  return `${stem === '' ? 'Untitled' : stem}${extension}`;
}

/** Each run of the rule's characters replaced as the rule says; `set` is which characters count. Linear in the text. */
function replaceRuns(text: string, set: string): string {
  const quoted = set.includes('"') ? text.replace(/"/g, "'") : text;
  const chars = set.replace('"', '');
  const firstText = quoted.search(/\S/);
  let lastText = quoted.length - 1;
  while (lastText >= 0 && /\s/.test(quoted[lastText] as string)) lastText--;
  let out = '';
  let i = 0;
  while (i < quoted.length) {
    if (!chars.includes(quoted[i] as string)) {
      out += quoted[i];
      i++;
      continue;
    }
    // One run takes the rule's characters with only spaces between them (": /" is one separator, not two).
    let end = i;
    for (let next = i; next < quoted.length;) {
      while (next < quoted.length && /\s/.test(quoted[next] as string)) next++;
      if (next >= quoted.length || !chars.includes(quoted[next] as string)) break;
      while (next < quoted.length && chars.includes(quoted[next] as string)) next++;
      end = next;
    }
    const run = quoted.slice(i, end);
    // At the start or the end of the title (spaces aside), a run is dropped.
    const edge = firstText >= i || lastText < end;
    out += edge ? ' ' : replacement(run, /\s/.test(quoted[i - 1] ?? ''), /\s/.test(quoted[end] ?? ''));
    i = end;
  }
  return out;
}

function replacement(run: string, spaceBefore: boolean, spaceAfter: boolean): string {
  const separates = [...run].some((char) => SEPARATORS.includes(char));
  if (/\s/.test(run)) return separates ? ' - ' : ' ';
  if (spaceBefore && spaceAfter) return '-';
  if (!separates) return '';
  if (spaceAfter) return ' -';
  if (spaceBefore) return '- ';
  return '-';
}

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
