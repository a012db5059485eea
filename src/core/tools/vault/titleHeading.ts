import { NAME_BREAKING } from '../../paths/fileNameFromTitle';
import { propertiesEnd } from '../../util/frontmatter';

/**
 * The title a typed Markdown path stood for when the file-name rule had to change its name ("Ideas/Q3: budget.md"
 * → "Q3: budget"), or null when the name is kept as typed or the file is not a note.
 */
export function titleLostFromName(typed: string): string | null {
  const name = typed.split(/[\\/]+/).filter((part) => part !== '').at(-1) ?? '';
  if (!NAME_BREAKING.test(name) || !/\.md$/i.test(name)) return null;
  const title = name.slice(0, -3).trim();
  return title === '' ? null : title;
}

/**
 * `content` starting with "# title" unless it already starts with a heading (after its properties): the name no
 * longer holds the exact title, so the note does.
 */
export function withTitleHeading(content: string, title: string): string {
  const lines = content.split('\n');
  const end = propertiesEnd(content);
  const bodyStart = end === null ? 0 : end + 1;
  const first = lines.slice(bodyStart).find((line) => line.trim() !== '');
  if (first !== undefined && /^#{1,6}\s/.test(first)) return content;
  const heading = `# ${title}`;
  const body = lines.slice(bodyStart).join('\n');
  return [...lines.slice(0, bodyStart), body.trim() === '' ? `${heading}\n` : `${heading}\n\n${body}`].join('\n');
}
