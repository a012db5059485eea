import { toolMeta } from '../tools/metadata';
import type { Recipe, RecipeStep, RecordedCall } from './types';
import { requestWords } from './words';

/** The agent group's tools steer the loop rather than do the task: not part of what a recipe repeats. */
const steersLoop = (tool: string): boolean => toolMeta(tool)?.group === 'agent';

/**
 * Generalizes a successful run into a recipe: the successful calls in order, consecutive calls of one tool folded
 * into one repeated step, and every string argument that appears in the user's request (a folder name, a title)
 * replaced by a parameter. Returns null when the run did nothing worth repeating.
 */
export function learnRecipe(message: string, calls: readonly RecordedCall[], now: number): Recipe | null {
  const useful = calls.filter((call) => call.ok && !steersLoop(call.tool));
  if (useful.length === 0) return null;
  const parameters = new Map<string, string>();
  const steps: RecipeStep[] = [];
  for (const call of useful) {
    const previous = steps[steps.length - 1];
    if (previous?.tool === call.tool) {
      previous.repeated = true;
      continue;
    }
    steps.push({
      tool: call.tool,
      args: generalize(call.input, message, parameters) as Record<string, unknown>,
      repeated: false,
    });
  }
  const signature = signatureOf(steps);
  return {
    id: `recipe-${hash(signature)}`,
    example: message,
    signature,
    steps,
    parameters: [...parameters.values()],
    words: Object.fromEntries(requestWords(message).map((word) => [word, 1])),
    successes: 1,
    lastUsedAt: now,
  };
}

export function signatureOf(steps: readonly RecipeStep[]): string {
  return steps.map((step) => `${step.tool}${step.repeated ? '*' : ''}`).join(' > ');
}

/** Folds a newer success into an existing recipe with the same signature. */
export function mergeRecipe(existing: Recipe, learned: Recipe): Recipe {
  const words = { ...existing.words };
  for (const word of Object.keys(learned.words)) words[word] = (words[word] ?? 0) + 1;
  return {
    ...existing,
    words,
    successes: existing.successes + 1,
    lastUsedAt: Math.max(existing.lastUsedAt, learned.lastUsedAt),
  };
}

/**
 * Replaces string values (and path segments) that occur in the request with `${name}`, naming the parameter after
 * the argument it was found in ("folder" for a path's folder part), so a planner can fill them in next time.
 */
function generalize(value: unknown, message: string, parameters: Map<string, string>, key = 'value'): unknown {
  if (typeof value === 'string') return generalizeString(value, message, parameters, key);
  if (Array.isArray(value)) return value.map((item) => generalize(item, message, parameters, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([name, inner]) => [
        name,
        generalize(inner, message, parameters, name),
      ]),
    );
  }
  return value;
}

function generalizeString(value: string, message: string, parameters: Map<string, string>, key: string): string {
  const lowerMessage = message.toLowerCase();
  const parameterFor = (text: string, name: string): string => {
    const known = parameters.get(text.toLowerCase());
    if (known) return known;
    let unique = name;
    for (let n = 2; [...parameters.values()].includes(unique); n++) unique = `${name}${n}`;
    parameters.set(text.toLowerCase(), unique);
    return unique;
  };
  if (value.length >= 2 && value.length <= 80 && lowerMessage.includes(value.toLowerCase()))
    return `\${${parameterFor(value, key)}}`;
  if (!value.includes('/')) return value;
  const segments = value.split('/');
  return segments
    .map((segment, index) => {
      const name = index < segments.length - 1 ? 'folder' : 'name';
      return segment.length >= 2 && lowerMessage.includes(segment.toLowerCase())
        ? `\${${parameterFor(segment, name)}}`
        : segment;
    })
    .join('/');
}

/** A short stable id (FNV-1a), so the same skeleton always gets the same recipe id. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
