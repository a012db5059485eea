import { AgentError } from '../errors';
import type { JsonSchema } from '../tools/types';
import {
  bindPlan,
  BUILTIN_PARAMETERS,
  CONTEXT_NAMES,
  type MissingInput,
  type PlanBindings,
  type PlanContext,
} from './bindings';
import { lookup } from './resolve';
import { NAME_PATTERN, PLAN_PARAMETER_SCHEMA } from './schema';
import { parseString, type Ref } from './templates';
import type { ActionPlan, PlanParameter } from './types';

/** Longest prompt a saved action keeps: a message, not a document (a long text belongs in a note it reads). */
export const MAX_PROMPT_LENGTH = 20_000;

/** The fields of a prompt action beside the common ones (id, name, parameters, createdAt). */
export const PROMPT_ACTION_PROPERTIES: Readonly<Record<string, JsonSchema>> = {
  kind: { const: 'prompt' },
  prompt: { type: 'string', minLength: 1, maxLength: MAX_PROMPT_LENGTH },
  parameters: { type: 'array', items: PLAN_PARAMETER_SCHEMA, maxItems: 50 },
};

/** What a prompt action's text asks for: `${selection}`, `${activeFile}`, `${date}`, `${selectionBullets}`, parameters. */
export function promptRefs(prompt: string): { refs: Ref[]; problems: string[] } {
  const parsed = parseString(prompt);
  if (parsed.kind === 'invalid') return { refs: [], problems: [parsed.message] };
  const refs =
    parsed.kind === 'whole'
      ? [parsed.ref]
      : parsed.kind === 'template'
        ? parsed.parts.flatMap((part) => (part.kind === 'ref' ? [part.ref] : []))
        : [];
  const problems: string[] = [];
  for (const ref of refs) {
    if (ref.source === 'step')
      problems.push(
        `${ref.raw}: a prompt has no steps; use \${selection}, \${activeFile}, \${date} or a parameter such as \${topic}`,
      );
    else if (ref.fields.length > 0)
      problems.push(`${ref.raw}: a prompt takes whole values only; write \${${ref.name}}`);
    else if (!new RegExp(NAME_PATTERN).test(ref.name))
      problems.push(`${ref.raw}: a parameter name starts with a letter and has at most 64 letters, digits and "_"`);
  }
  return { refs, problems };
}

/**
 * The parameters a prompt asks for: every `${name}` that is not a context value, in first-use order, described as
 * declared (or as the built-in folderName is) when there is such a declaration.
 */
export function promptParameters(prompt: string, declared: readonly PlanParameter[] = []): PlanParameter[] {
  const context = new Set<string>(CONTEXT_NAMES);
  const parameters: PlanParameter[] = [];
  for (const ref of promptRefs(prompt).refs) {
    if (ref.source !== 'name' || context.has(ref.name) || parameters.some((parameter) => parameter.name === ref.name))
      continue;
    const known =
      declared.find((parameter) => parameter.name === ref.name) ??
      BUILTIN_PARAMETERS.find((parameter) => parameter.name === ref.name);
    parameters.push(known ? { ...known } : { name: ref.name });
  }
  return parameters;
}

/** The prompt's own problems, each naming the placeholder; empty when it can be saved. */
export function promptProblems(prompt: string): string[] {
  if (prompt.trim() === '') return ['the prompt is empty; write what the agent should do'];
  if (prompt.length > MAX_PROMPT_LENGTH)
    return [
      `the prompt is ${prompt.length.toLocaleString('en')} characters long, over the ${MAX_PROMPT_LENGTH.toLocaleString('en')} a saved prompt keeps; let it read the text from a note instead`,
    ];
  return promptRefs(prompt).problems;
}

export function assertValidPrompt(prompt: string): void {
  const problems = promptProblems(prompt);
  if (problems.length > 0)
    throw new AgentError(
      'INVALID_INPUT',
      `The prompt cannot be saved:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
      { problems },
    );
}

/** The prompt as bindPlan reads a plan: one step whose only argument is the prompt, so it finds the names used. */
function asPlan(prompt: string, parameters: readonly PlanParameter[]): Pick<ActionPlan, 'steps' | 'parameters'> {
  return { steps: [{ id: 'prompt', tool: 'prompt', args: { prompt } }], parameters: [...parameters] };
}

export type BoundPrompt = { status: 'needs-input'; missing: MissingInput[] } | { status: 'ready'; message: string };

/**
 * The message a prompt action sends: its placeholders bound from where the person works (`context`) and what they
 * typed into the missing-input form (`values`), or the inputs still missing, for the UI to ask for exactly those.
 */
export function bindPrompt(
  action: { prompt: string; parameters: readonly PlanParameter[] },
  context: PlanContext,
  values: Readonly<Record<string, string>> = {},
): BoundPrompt {
  const { bindings, missing } = bindPlan(asPlan(action.prompt, action.parameters), context, values);
  if (missing.length > 0) return { status: 'needs-input', missing };
  return { status: 'ready', message: renderPrompt(action.prompt, bindings) };
}

function renderPrompt(prompt: string, bindings: PlanBindings): string {
  const parsed = parseString(prompt);
  if (parsed.kind === 'invalid') throw new AgentError('INVALID_INPUT', `The saved prompt: ${parsed.message}`);
  if (parsed.kind === 'literal') return parsed.text;
  const parts = parsed.kind === 'whole' ? [{ kind: 'ref' as const, ref: parsed.ref }] : parsed.parts;
  const scope = { bindings, steps: new Map<string, unknown>() };
  return parts
    .map((part) => {
      if (part.kind === 'text') return part.text;
      const value = lookup(part.ref, scope, 'The saved prompt');
      // ${selectionBullets} reads as the bullets' lines; every other value is a string already.
      const name = part.ref.source === 'name' ? part.ref.name : null;
      const text = name !== null && Object.hasOwn(bindings, name) ? bindings[name]?.text : undefined;
      return text ?? (typeof value === 'string' ? value : JSON.stringify(value));
    })
    .join('');
}
