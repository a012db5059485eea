import { escapeTemplate, parseString, type TemplatePart } from './templates';

/**
 * A value to turn into a placeholder: everywhere it occurs in text, only as a whole string, or as the leading
 * folder of a path ("XYZ" in "XYZ/Idea.md").
 */
export interface Replacement {
  value: string;
  placeholder: string;
  mode: 'anywhere' | 'whole' | 'prefix';
  /** Applies only to path arguments. */
  pathsOnly?: boolean;
}

/** Longest values first, so "Projects/XYZ" wins over "XYZ". */
export function sortReplacements(replacements: readonly Replacement[]): Replacement[] {
  return [...replacements]
    .filter((replacement) => replacement.value !== '')
    .sort((a, b) => b.value.length - a.value.length);
}

/**
 * Replaces the replacements' values in `text` with their placeholders. `source` says what `text` is: a literal
 * (a tool call's input, where "${" means nothing and is escaped) or a plan value (already a template: only its
 * literal parts change, references stay). Returns the new plan value and the placeholders it used.
 */
export function parameterizeString(
  text: string,
  source: 'literal' | 'plan',
  replacements: readonly Replacement[],
  isPath: boolean,
): { text: string; used: string[] } {
  const applicable = sortReplacements(replacements).filter((replacement) => isPath || !replacement.pathsOnly);
  const parts: TemplatePart[] | null = source === 'literal' ? [{ kind: 'text', text }] : partsOf(text);
  if (!parts) return { text, used: [] };
  const used: string[] = [];
  const only = parts.length === 1 && parts[0]?.kind === 'text' ? parts[0].text : null;
  const whole =
    only === null
      ? undefined
      : applicable.find((replacement) => replacement.mode === 'whole' && replacement.value === only);
  if (whole) return { text: whole.placeholder, used: [whole.placeholder] };
  let out = '';
  parts.forEach((part, index) => {
    if (part.kind === 'ref') {
      out += part.ref.raw;
      return;
    }
    let rest = part.text;
    if (index === 0) {
      const prefix = applicable.find(
        (replacement) =>
          replacement.mode === 'prefix' && (rest === replacement.value || rest.startsWith(`${replacement.value}/`)),
      );
      if (prefix) {
        out += prefix.placeholder;
        used.push(prefix.placeholder);
        rest = rest.slice(prefix.value.length);
      }
    }
    const anywhere = applicable.filter((replacement) => replacement.mode === 'anywhere');
    let buffer = '';
    for (let i = 0; i < rest.length;) {
      const match = anywhere.find((replacement) => rest.startsWith(replacement.value, i));
      if (match) {
        out += escapeTemplate(buffer) + match.placeholder;
        used.push(match.placeholder);
        buffer = '';
        i += match.value.length;
      } else {
        buffer += rest[i];
        i++;
      }
    }
    out += escapeTemplate(buffer);
  });
  return { text: out, used };
}

/** A plan value's parts; whole-value references are left alone (null). */
function partsOf(text: string): TemplatePart[] | null {
  const parsed = parseString(text);
  switch (parsed.kind) {
    case 'literal':
      return [{ kind: 'text', text: parsed.text }];
    case 'template':
      return parsed.parts;
    default:
      return null;
  }
}

/** Whether `phrase` occurs in `message` as words of their own (any letter case): "folder XYZ", "in 'XYZ'". */
export function mentions(message: string, phrase: string): boolean {
  if (phrase.trim() === '') return false;
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'iu').test(message);
}
