import type { YamlPort } from '../ports/yaml';
import { propertiesLines, topLevelKey } from './frontmatter';

/**
 * Why the note's properties block would not parse as YAML, or null when it parses. The common breakages (a line
 * of prose inside the block, a key written twice, a tab used to indent) are named in words first; the rest is
 * what the host's YAML parser says, with its line. Obsidian shows a block that does not parse as text. Lines are
 * numbered in the note, the opening `---` being 1.
 */
export function propertiesProblem(content: string, yaml: YamlPort): string | null {
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
  return yamlProblem(lines, yaml);
}

function yamlProblem(lines: string[], yaml: YamlPort): string | null {
  try {
    yaml.parse(lines.join('\n'));
    return null;
  } catch (error) {
    const { line, reason } = whereYamlFailed(error);
    if (line === null) return reason;
    // A parser may report "end of the stream" one line past the block; the block's first line is line 2 of the note.
    return `line ${Math.min(line, lines.length) + 1}: ${reason}`;
  }
}

/**
 * The 1-based line in the parsed text and the reason, from the error shapes of the two parsers a host may have
 * (obsidian.d.ts does not say which `parseYaml` uses): `yaml`'s `linePos` and a message ending "at line 2, column
 * 8:", js-yaml's 0-based `mark.line` and `reason`. Anything else keeps its message and no line.
 */
function whereYamlFailed(error: unknown): { line: number | null; reason: string } {
  const shaped = (typeof error === 'object' && error !== null ? error : {}) as {
    linePos?: { line?: unknown }[];
    mark?: { line?: unknown };
    reason?: unknown;
    message?: unknown;
  };
  const message = (typeof shaped.message === 'string' ? shaped.message : String(error)).split('\n')[0] ?? '';
  const linePos = shaped.linePos?.[0]?.line;
  if (typeof linePos === 'number') {
    return { line: linePos, reason: message.replace(/ at line \d+, column \d+:?$/, '') };
  }
  const markLine = shaped.mark?.line;
  if (typeof markLine === 'number' && typeof shaped.reason === 'string') {
    return { line: markLine + 1, reason: shaped.reason };
  }
  return { line: null, reason: message };
}

/** The warning a card shows for `content`'s properties, or null. */
export function propertiesWarning(path: string, content: string, yaml: YamlPort): string | null {
  const problem = propertiesProblem(content, yaml);
  if (problem === null) return null;
  const close = (propertiesLines(content)?.length ?? 0) + 2;
  return `${path}: its properties (lines 1-${close}) do not parse as YAML: ${problem}; Obsidian will show them as text until that is fixed`;
}
