import { redactText } from '../tool-execution/redact';
import type { Recipe } from './types';

/** What a recipe keeps of an argument that is not a template: that a value goes there, not the value. */
export const VALUE_MARK = '<value>';
const MAX_STEPS = 20;
const MAX_ARGS = 20;
const MAX_ITEMS = 3;
const MAX_DEPTH = 4;
const MAX_TEMPLATE = 120;
const MAX_EXAMPLE = 120;
const MAX_NAME = 80;
const MAX_WORD = 24;
const MAX_WORDS = 60;

/**
 * A recipe as it may be stored and put into the planner's prompt: its shape, not what the runs wrote. Each step
 * keeps its tool and argument names; an argument keeps a template built from the request (`${folder}/${name}.md`)
 * and any number or flag, and every other text becomes `<value>`; the example request is redacted and cut, words
 * that are not words (longer than 24 letters, a key's body) are dropped. Applied to recipes learned and loaded
 * alike, so a file written before this rule shrinks on the next write.
 */
export function shapeRecipe(recipe: Recipe, knownSecrets: readonly string[]): Recipe {
  const text = (value: string, max: number): string =>
    cut(redactText(value, knownSecrets, { maxString: Infinity }), max);
  const steps = recipe.steps.slice(0, MAX_STEPS).map((step) => ({
    tool: text(step.tool, MAX_NAME),
    args: shapeArgs(step.args, text, 0),
    repeated: step.repeated === true,
  }));
  const words = Object.entries(recipe.words)
    .filter(([word, count]) => typeof count === 'number' && word.length <= MAX_WORD && text(word, MAX_WORD) === word)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_WORDS);
  return {
    id: text(recipe.id, MAX_NAME),
    example: text(recipe.example, MAX_EXAMPLE),
    signature: text(recipe.signature, MAX_STEPS * MAX_NAME),
    steps,
    parameters: recipe.parameters.slice(0, MAX_ARGS).map((name) => text(name, MAX_NAME)),
    words: Object.fromEntries(words),
    successes: recipe.successes,
    lastUsedAt: recipe.lastUsedAt,
  };
}

function shapeArgs(
  args: Record<string, unknown>,
  text: (value: string, max: number) => string,
  depth: number,
): Record<string, unknown> {
  const entries = Object.entries(args !== null && typeof args === 'object' ? args : {}).slice(0, MAX_ARGS);
  return Object.fromEntries(entries.map(([name, value]) => [text(name, MAX_NAME), shapeValue(value, text, depth + 1)]));
}

function shapeValue(value: unknown, text: (value: string, max: number) => string, depth: number): unknown {
  if (typeof value === 'string') return isTemplate(value) ? text(value, MAX_TEMPLATE) : VALUE_MARK;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (depth >= MAX_DEPTH) return VALUE_MARK;
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => shapeValue(item, text, depth + 1));
  if (typeof value === 'object') return shapeArgs(value as Record<string, unknown>, text, depth);
  return VALUE_MARK;
}

/** A value built from the request's words (`${name}`), short enough to be a path or a title rather than content. */
function isTemplate(value: string): boolean {
  return value.length <= MAX_TEMPLATE && !value.includes('\n') && /\$\{[A-Za-z][A-Za-z0-9]*\}/.test(value);
}

function cut(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}
