import { AgentError } from '../errors';
import { redactText } from '../tool-execution/redact';
import type { ActionPlan } from './types';

/** Longest string a saved action keeps: it lives in data.json, which sync services copy and every start reads. */
export const MAX_SAVED_STRING = 200_000;

/**
 * Refuses a plan to be saved as an action when an argument holds what the audit would redact (the configured key,
 * anything shaped like an API key or token) or a string over `MAX_SAVED_STRING`. A saved action must replay its
 * arguments exactly, so they cannot be redacted on the way in: the user removes them from the plan instead.
 */
export function assertSaveable(plan: ActionPlan, knownSecrets: readonly string[]): void {
  for (const step of plan.steps) {
    for (const [name, text] of strings(step.args ?? {}, [])) {
      const where = `step "${step.id}", argument "${name}"`;
      if (text.length > MAX_SAVED_STRING) {
        throw new AgentError(
          'INVALID_PLAN',
          `The plan cannot be saved as an action: ${where} is ${text.length.toLocaleString('en')} characters long, over the ${MAX_SAVED_STRING.toLocaleString('en')} a saved action keeps; make that step read the text from a note instead`,
        );
      }
      if (redactText(text, knownSecrets, { maxString: Infinity }) !== text) {
        throw new AgentError(
          'INVALID_PLAN',
          `The plan cannot be saved as an action: ${where} holds what looks like an API key or a secret, and saved actions are kept in clear in the plugin's settings (which sync services copy); remove it from the plan first`,
        );
      }
    }
  }
}

/**
 * The same check for a saved prompt: it is sent as the person's message every time it runs, so a key in it would go
 * to the provider and into data.json alike.
 */
export function assertPromptSaveable(prompt: string, knownSecrets: readonly string[]): void {
  if (redactText(prompt, knownSecrets, { maxString: Infinity }) !== prompt) {
    throw new AgentError(
      'INVALID_INPUT',
      "The prompt cannot be saved as an action: it holds what looks like an API key or a secret, and saved actions are kept in clear in the plugin's settings (which sync services copy); remove it from the prompt first",
    );
  }
}

/** Every string below `value`, with the argument it sits in ("content", "frontmatter.tags[0]"). */
function strings(value: unknown, path: string[]): [string, string][] {
  if (typeof value === 'string') return [[path.join('.'), value]];
  if (Array.isArray(value))
    return value.flatMap((item, index) =>
      strings(item, [...path.slice(0, -1), `${path[path.length - 1] ?? ''}[${index}]`]),
    );
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, [...path, key]));
  return [];
}
