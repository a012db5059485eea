import { fileNameFromTitle, NAME_BREAKING } from '../../paths/fileNameFromTitle';
import { propertiesEnd } from '../../util/frontmatter';

/**
 * The title a typed Markdown path stood for when the file-name rule had to change its name ("Ideas/Q3: budget.md"
 * → "Q3: budget"), or null when the name is kept as typed or the file is not a note.
 */
export function titleLostFromName(typed: string): string | null {
  const name =
    typed
      .split(/[\\/]+/)
      .filter((part) => part !== '')
      .at(-1) ?? '';
  if (!NAME_BREAKING.test(name) || !/\.md$/i.test(name)) return null;
  const title = name.slice(0, -3).trim();
  return title === '' ? null : title;
}

/**
 * `content` starting with "# title" unless it already starts with a heading (after its properties): the name no
 * longer holds the exact title, so the note does.
 */
export function withTitleHeading(content: string, title: string): string {
  if (firstHeading(content) !== null) return content;
  const lines = content.split('\n');
  const end = propertiesEnd(content);
  const bodyStart = end === null ? 0 : end + 1;
  const heading = `# ${title}`;
  const body = lines.slice(bodyStart).join('\n');
  return [...lines.slice(0, bodyStart), body.trim() === '' ? `${heading}\n` : `${heading}\n\n${body}`].join('\n');
}

/**
 * The path a model meant when it put a title holding "/" into it as it is: "Ideas/Read/Write notes.md" with a
 * note starting "# Read/Write notes" is the note "Ideas/Read-Write notes.md", not "Write notes.md" in a folder
 * "Read". Null when the path does not end with the note's own heading.
 */
export function pathOfHeadedTitle(typed: string, content: string): string | null {
  const heading = firstHeading(content);
  if (heading === null || !/[\\/]/.test(heading) || !/\.md$/i.test(typed)) return null;
  const path = typed.replace(/\\/g, '/');
  const tail = `${heading.replace(/\\/g, '/')}.md`;
  if (path !== tail && !path.endsWith(`/${tail}`)) return null;
  return `${path.slice(0, path.length - tail.length)}${fileNameFromTitle(heading)}.md`;
}

/** The text of the note's first line when it is a heading (after its properties), else null. */
function firstHeading(content: string): string | null {
  const end = propertiesEnd(content);
  const first = content
    .split('\n')
    .slice(end === null ? 0 : end + 1)
    .find((line) => line.trim() !== '');
  const match = first === undefined ? null : /^#{1,6}\s+(.*\S)\s*$/.exec(first.replace(/\r$/, ''));
  return match ? (match[1] as string) : null;
}
