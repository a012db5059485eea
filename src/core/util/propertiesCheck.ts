import { load, YAMLException } from 'js-yaml';
import { propertiesLines, topLevelKey } from './frontmatter';

/**
 * Why the note's properties block would not parse as YAML, or null when it parses. The common breakages (a line
 * of prose inside the block, a key written twice, a tab used to indent) are named in words first; the rest is
 * what a YAML parser (js-yaml) says, with its line. Obsidian shows a block that does not parse as
 * text. Lines are numbered in the note, the opening `---` being 1.
 */
export function propertiesProblem(content: string): string | null {
  const lines = propertiesLines(content);
  if (!lines) return null;
  const seen = new Map<string, number>();
  for (const [index, line] of lines.entries()) {
    const number = index + 2;
    if (/^[ ]*\t/.test(line)) return `line ${number} is indented with a tab, which YAML does not allow`;
    if (line.trim() === '' || /^[ #-]/.test(line)) continue;
    const key = topLevelKey(line);
    if (key === null) return `line ${number} "${line}" is not "key: value"`;
    const first = seen.get(key);
    if (first !== undefined) return `the key "${key}" is written twice (lines ${first} and ${number})`;
    seen.set(key, number);
  }
  return yamlProblem(lines);
}

function yamlProblem(lines: string[]): string | null {
  try {
    // json: a key written twice deeper down is not an error here (the top-level ones were named above).
    load(lines.join('\n'), { json: true });
    return null;
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    // The parser reports "end of the stream" one line past the block; the block's first line is line 2 of the note.
    const line = Math.min(error.mark.line, lines.length - 1) + 2;
    return `line ${line}: ${error.reason}`;
  }
}

/** The warning a card shows for `content`'s properties, or null. */
export function propertiesWarning(path: string, content: string): string | null {
  const problem = propertiesProblem(content);
  if (problem === null) return null;
  const close = (propertiesLines(content)?.length ?? 0) + 2;
  return `${path}: its properties (lines 1-${close}) do not parse as YAML: ${problem}; Obsidian will show them as text until that is fixed`;
}
