import type { ValidateFunction } from 'ajv';
import { AgentError } from '../errors';
import { lazyAjv } from '../util/ajvCache';
import type { JsonSchema } from '../tools/types';
import { BUILTIN_PARAMETERS, usedNames } from './bindings';
import { checkPlanShape, describeShapeErrors, isRecord, PLAN_PARAMETER_SCHEMA } from './schema';
import type { ActionPlan, PlanParameter } from './types';
import { assertValidPrompt, PROMPT_ACTION_PROPERTIES, promptParameters, promptRefs } from './promptAction';
import { type PlanPolicy, validatePlan } from './validatePlan';

export {
  type ActionCommandInfo,
  type ActionCommandSync,
  commandInfoFromSetting,
  SAVED_ACTION_COMMAND_PREFIX,
  savedActionCommandId,
  savedActionCommandName,
} from './actionCommands';

/**
 * A one-click action (the `savedActions` setting, and the export/import format), of three kinds, as the spec's macro
 * store has them: "template" plans use placeholders bound when they run and "fixed" plans do the same thing every
 * time, both replayed with no model; a "prompt" is a message with placeholders, bound the same way and then sent to
 * the agent, which plans it anew through the same pipeline and approvals as a typed message.
 */
export type SavedAction = PlanSavedAction | PromptSavedAction;

interface SavedActionBase {
  /** Lowercase letters, digits and "-": part of the command id `run-saved-action-<id>`. Never changes. */
  id: string;
  name: string;
  parameters: PlanParameter[];
  /** ISO 8601, UTC. */
  createdAt: string;
}

export interface PlanSavedAction extends SavedActionBase {
  kind: 'template' | 'fixed';
  /** Its parameters are `parameters`, not inside the plan. */
  plan: ActionPlan;
}

export interface PromptSavedAction extends SavedActionBase {
  kind: 'prompt';
  /** The message, with `${selection}`, `${activeFile}`, `${date}` and the parameters as placeholders. */
  prompt: string;
}

export const ACTION_ID_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
const MAX_ID_LENGTH = 48;
const MAX_NAME_LENGTH = 100;

const COMMON_PROPERTIES: Record<string, JsonSchema> = {
  id: { type: 'string', pattern: ACTION_ID_PATTERN, maxLength: MAX_ID_LENGTH },
  name: { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH },
  createdAt: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z$' },
};

/** A plan action. "prompt" is in its enum only so that an unknown kind is told all three; prompts have their own. */
export const SAVED_ACTION_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    ...COMMON_PROPERTIES,
    plan: { type: 'object' },
    kind: { type: 'string', enum: ['template', 'fixed', 'prompt'] },
    parameters: { type: 'array', items: PLAN_PARAMETER_SCHEMA, maxItems: 50 },
  },
  required: ['id', 'name', 'plan', 'kind', 'parameters', 'createdAt'],
  additionalProperties: false,
};

export const PROMPT_ACTION_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { ...COMMON_PROPERTIES, ...PROMPT_ACTION_PROPERTIES },
  required: ['id', 'name', 'prompt', 'kind', 'parameters', 'createdAt'],
  additionalProperties: false,
};

const ajv = lazyAjv({ allErrors: true, strict: true, strictTypes: false, verbose: true });
let validateShape: ValidateFunction | null = null;
let validatePromptShape: ValidateFunction | null = null;

/**
 * A new id from the name: ASCII letters and digits joined by "-" ("Bullets → notes" → "bullets-notes"), "-2",
 * "-3" … when taken, "action" for names with no such letters. Made once; renaming keeps it, so the command and
 * any hotkey bound to it survive.
 */
export function newActionId(name: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_ID_LENGTH - 4)
    .replace(/-+$/, '');
  const base = slug === '' ? 'action' : slug;
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  return id;
}

export function checkActionName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed === '') throw new AgentError('INVALID_INPUT', 'Action name: must not be empty');
  if (trimmed.length > MAX_NAME_LENGTH)
    throw new AgentError(
      'INVALID_INPUT',
      `Action name: must be at most ${MAX_NAME_LENGTH} characters long, got ${trimmed.length}`,
    );
  return trimmed;
}

/**
 * A saved action for a plan that ran well. The parameters are the plan's, plus the built-in ones it uses
 * (folderName), so the action says everything it will ask for.
 */
export function createSavedAction(
  input: { name: string; plan: ActionPlan; now: number },
  existing: readonly SavedAction[],
): PlanSavedAction {
  const name = checkActionName(input.name);
  const copy = structuredClone(input.plan);
  // Fills in the defaults (version, assumptions, args), so what is saved is what an import reads back.
  const shape = checkPlanShape(copy);
  if (shape.errors.length > 0)
    throw new AgentError(
      'INVALID_PLAN',
      `The plan cannot be saved:\n${shape.errors.map((error) => `- ${error}`).join('\n')}`,
      { errors: shape.errors },
    );
  const { parameters: declared = [], ...plan } = copy;
  const names = usedNames(plan);
  const builtins = BUILTIN_PARAMETERS.filter(
    (builtin) => names.includes(builtin.name) && !declared.some((parameter) => parameter.name === builtin.name),
  );
  return {
    id: newActionId(
      name,
      existing.map((action) => action.id),
    ),
    name,
    plan: plan,
    kind: names.length > 0 ? 'template' : 'fixed',
    parameters: [...declared, ...builtins],
    createdAt: new Date(input.now).toISOString(),
  };
}

/**
 * A saved prompt: its parameters are the `${name}`s it uses beyond the context values. An empty prompt, a
 * placeholder that cannot be bound (a step, a field) or an over-long one is refused, naming the placeholder.
 */
export function createPromptAction(
  input: { name: string; prompt: string; now: number },
  existing: readonly SavedAction[],
): PromptSavedAction {
  const name = checkActionName(input.name);
  assertValidPrompt(input.prompt);
  return {
    id: newActionId(
      name,
      existing.map((action) => action.id),
    ),
    name,
    kind: 'prompt',
    prompt: input.prompt,
    parameters: promptParameters(input.prompt),
    createdAt: new Date(input.now).toISOString(),
  };
}

/** The plan with the action's parameters, as it is validated and run. */
export function planOf(action: PlanSavedAction): ActionPlan {
  return { ...action.plan, parameters: action.parameters };
}

function indexOrThrow(actions: readonly SavedAction[], id: string): number {
  const index = actions.findIndex((action) => action.id === id);
  if (index < 0) throw new AgentError('NOT_FOUND', `No saved action has the id "${id}"`, { id });
  return index;
}

export function renameSavedAction(actions: readonly SavedAction[], id: string, name: string): SavedAction[] {
  const index = indexOrThrow(actions, id);
  const checked = checkActionName(name);
  return actions.map((action, i) => (i === index ? { ...action, name: checked } : action));
}

/** Moves the action to `toIndex` (clamped to the list). */
export function moveSavedAction(actions: readonly SavedAction[], id: string, toIndex: number): SavedAction[] {
  const index = indexOrThrow(actions, id);
  const list = [...actions];
  const [moved] = list.splice(index, 1);
  list.splice(Math.max(0, Math.min(list.length, Math.trunc(toIndex))), 0, moved as SavedAction);
  return list;
}

/**
 * The action with the values typed for its "ask each time" parameters kept as their defaults, so the next run's
 * field is prefilled with the last value; the same object when nothing changed.
 */
export function rememberAskedValues<A extends SavedAction>(action: A, values: Readonly<Record<string, string>>): A {
  let changed = false;
  const parameters = action.parameters.map((parameter) => {
    const value = values[parameter.name];
    if (parameter.ask !== true || value === undefined || value.trim() === '' || value === parameter.default)
      return parameter;
    changed = true;
    return { ...parameter, default: value };
  });
  return changed ? { ...action, parameters } : action;
}

export function deleteSavedAction(actions: readonly SavedAction[], id: string): SavedAction[] {
  indexOrThrow(actions, id);
  return actions.filter((action) => action.id !== id);
}

/**
 * Checks one stored or imported entry: its fields, then its plan (the plan's own messages, under
 * `<label>.plan`). `label` names the entry, e.g. `actions[2] ("Archive inbox")`.
 */
export function checkSavedAction(
  entry: unknown,
  label: string,
  policy: PlanPolicy,
): { ok: true; action: SavedAction } | { ok: false; errors: string[] } {
  if (isRecord(entry) && entry.kind === 'prompt') return checkPromptAction(entry, label);
  validateShape ??= ajv().compile(SAVED_ACTION_SCHEMA);
  if (!validateShape(entry)) return { ok: false, errors: describeShapeErrors(validateShape.errors, entry, label) };
  const action = entry as PlanSavedAction;
  if (isRecord(action.plan) && 'parameters' in action.plan) {
    return {
      ok: false,
      errors: [`${label}.plan.parameters: declare parameters on the action ("parameters"), not inside its plan`],
    };
  }
  const validation = validatePlan(planOf(action), policy);
  if (!validation.ok) {
    return {
      ok: false,
      errors: validation.errors.map((error) =>
        error.startsWith('plan:') ? `${label}.plan${error.slice('plan'.length)}` : `${label}.plan.${error}`,
      ),
    };
  }
  const { parameters: _parameters, ...plan } = validation.plan;
  return { ok: true, action: { ...action, plan, parameters: action.parameters.map(fromLastTimeHint) } };
}

/**
 * Actions saved before parameters had `ask` kept the run's value only as a hint in the description
 * ("Folder name (last time: Projects/Ideas)") and asked with an empty field: they are read as "ask each time"
 * with that value prefilled, which is what they meant.
 */
function fromLastTimeHint(parameter: PlanParameter): PlanParameter {
  const hint =
    parameter.default === undefined && parameter.ask === undefined
      ? /^(.*) \(last time: (.+)\)$/s.exec(parameter.description ?? '')
      : null;
  if (!hint) return parameter;
  return { ...parameter, description: hint[1], default: hint[2], ask: true };
}

/**
 * A prompt action: its fields, then its placeholders. Its parameters are worked out from the prompt again, keeping
 * the descriptions and defaults declared for them, so a hand-edited list can neither miss one nor ask for a stray.
 */
function checkPromptAction(
  entry: unknown,
  label: string,
): { ok: true; action: PromptSavedAction } | { ok: false; errors: string[] } {
  validatePromptShape ??= ajv().compile(PROMPT_ACTION_SCHEMA);
  if (!validatePromptShape(entry))
    return { ok: false, errors: describeShapeErrors(validatePromptShape.errors, entry, label) };
  const action = entry as PromptSavedAction;
  const problems = promptRefs(action.prompt).problems;
  if (problems.length > 0) return { ok: false, errors: problems.map((problem) => `${label}.prompt: ${problem}`) };
  return { ok: true, action: { ...action, parameters: promptParameters(action.prompt, action.parameters) } };
}

/** "actions[2] ("Archive inbox")": an entry by position, and by name when it has one. */
export function entryLabel(index: number, entry: unknown): string {
  const name =
    isRecord(entry) && typeof entry.name === 'string' && entry.name.trim() !== ''
      ? ` (${JSON.stringify(entry.name.slice(0, 60))})`
      : '';
  return `actions[${index}]${name}`;
}
