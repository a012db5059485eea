/**
 * The reference and placeholder syntax of plan arguments:
 * - `$steps.<id>.<field…>` as a whole string value: the output (or part of it) of an earlier step, type kept;
 * - `${<name>.<field…>}` inside text: a context value (`${selection}`, `${date}`, …), a declared parameter, the
 *   current foreach item, or `${steps.<id>.<field>}`; as the whole string value it also keeps its type;
 * - `$${` is a literal "${".
 * Numeric fields index arrays: `$steps.parse.items.0.text`.
 */
export type Ref =
  | { source: 'step'; stepId: string; fields: string[]; raw: string }
  | { source: 'name'; name: string; fields: string[]; raw: string };

export type TemplatePart = { kind: 'text'; text: string } | { kind: 'ref'; ref: Ref };

export type ParsedString =
  | { kind: 'literal'; text: string }
  | { kind: 'whole'; ref: Ref }
  | { kind: 'template'; parts: TemplatePart[] }
  | { kind: 'invalid'; message: string };

const WHOLE_STEP_REF = /^\$steps\.([A-Za-z][A-Za-z0-9_-]*)((?:\.[A-Za-z0-9_-]+)*)$/;
const PLACEHOLDER = /^([A-Za-z_][A-Za-z0-9_]*)((?:\.[A-Za-z0-9_-]+)*)$/;
const STEP_ID = /^[A-Za-z][A-Za-z0-9_-]*$/;
const STRAY_STEP_REF = /\$steps\.[A-Za-z]/;

const fieldsOf = (tail: string): string[] => (tail === '' ? [] : tail.slice(1).split('.'));

/** Parses one string value of a plan's args. Never throws. */
export function parseString(value: string): ParsedString {
  const whole = WHOLE_STEP_REF.exec(value);
  if (whole)
    return {
      kind: 'whole',
      ref: { source: 'step', stepId: whole[1] as string, fields: fieldsOf(whole[2] as string), raw: value },
    };
  const parts: TemplatePart[] = [];
  let text = '';
  let i = 0;
  while (i < value.length) {
    if (value.startsWith('$${', i)) {
      text += '${';
      i += 3;
      continue;
    }
    if (!value.startsWith('${', i)) {
      text += value[i];
      i++;
      continue;
    }
    const end = value.indexOf('}', i + 2);
    if (end < 0)
      return {
        kind: 'invalid',
        message: `"${value.slice(i, i + 30)}" opens a placeholder with "\${" but never closes it with "}" (write $\${ for a literal "\${")`,
      };
    const ref = parsePlaceholder(value.slice(i + 2, end));
    if (typeof ref === 'string') return { kind: 'invalid', message: ref };
    if (text !== '') parts.push({ kind: 'text', text });
    text = '';
    parts.push({ kind: 'ref', ref });
    i = end + 1;
  }
  if (text !== '') parts.push({ kind: 'text', text });
  const stray = parts.find((part) => part.kind === 'text' && STRAY_STEP_REF.test(part.text));
  if (stray) {
    return {
      kind: 'invalid',
      message: `"$steps.…" is replaced only as the whole value; inside text write \${steps.<id>.<field>}`,
    };
  }
  if (parts.length === 1 && parts[0]?.kind === 'ref') return { kind: 'whole', ref: parts[0].ref };
  if (parts.every((part) => part.kind === 'text'))
    return { kind: 'literal', text: parts.map((part) => (part.kind === 'text' ? part.text : '')).join('') };
  return { kind: 'template', parts };
}

function parsePlaceholder(inner: string): Ref | string {
  const raw = `\${${inner}}`;
  const match = PLACEHOLDER.exec(inner);
  if (!match)
    return `${raw} is not a placeholder: write \${name} or \${name.field}, e.g. \${item.text} (letters, digits and "_")`;
  const name = match[1] as string;
  const fields = fieldsOf(match[2] as string);
  if (name !== 'steps') return { source: 'name', name, fields, raw };
  const [stepId, ...rest] = fields;
  if (stepId === undefined || !STEP_ID.test(stepId)) return `${raw} names no step: write \${steps.<id>.<field>}`;
  return { source: 'step', stepId, fields: rest, raw };
}

/** Every reference in a value (strings anywhere inside objects and arrays), with where it sits. */
export function collectRefs(value: unknown): { path: (string | number)[]; ref: Ref }[] {
  const found: { path: (string | number)[]; ref: Ref }[] = [];
  visitStrings(value, [], (text, path) => {
    const parsed = parseString(text);
    if (parsed.kind === 'whole') found.push({ path, ref: parsed.ref });
    if (parsed.kind === 'template')
      for (const part of parsed.parts) if (part.kind === 'ref') found.push({ path, ref: part.ref });
  });
  return found;
}

/** Calls `visit` for every string inside `value`, depth first, in key order, with its path. */
export function visitStrings(
  value: unknown,
  path: (string | number)[],
  visit: (text: string, path: (string | number)[]) => void,
  depth = 0,
): void {
  if (depth > 64) return;
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value)) value.forEach((item, index) => visitStrings(item, [...path, index], visit, depth + 1));
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) visitStrings(inner, [...path, key], visit, depth + 1);
  }
}

/** A copy of `value` with every string replaced by `map(string, path)`. */
export function mapStrings(
  value: unknown,
  map: (text: string, path: (string | number)[]) => unknown,
  path: (string | number)[] = [],
): unknown {
  if (typeof value === 'string') return map(value, path);
  if (Array.isArray(value)) return value.map((item, index) => mapStrings(item, map, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, mapStrings(inner, map, [...path, key])]),
    );
  }
  return value;
}

/** "args" + ["frontmatter", "tags", 0] → "args.frontmatter.tags[0]". */
export function fieldPath(prefix: string, path: readonly (string | number)[]): string {
  return path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : `${out}.${part}`), prefix);
}

/** Text with `${` escaped, so a literal value (a selection, a file's content) is never read as a placeholder. */
export function escapeTemplate(text: string): string {
  // A function, because "$$" in a replacement string means one "$".
  return text.replace(/\$\{/g, () => '$${');
}
