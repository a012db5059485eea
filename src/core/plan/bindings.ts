import { parseBullets } from '../util/bullets';
import { collectRefs } from './templates';
import type { ActionPlan, PlanParameter } from './types';

/** Values a plan can use without declaring them, taken from where the person is working when it runs. */
export const CONTEXT_NAMES = ['selection', 'selectionBullets', 'activeFile', 'date'] as const;
export type ContextName = (typeof CONTEXT_NAMES)[number];

/** Parameters every plan may use undeclared; a saved action asks for them like declared ones. */
export const BUILTIN_PARAMETERS: readonly PlanParameter[] = [{ name: 'folderName', description: 'Folder name' }];

/** Names that cannot be parameters or foreach item names. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set<string>([...CONTEXT_NAMES, 'steps']);

/** A bound value; `text` is how it reads inside text when that differs from its plain string form. */
export interface Binding {
  value: unknown;
  text?: string;
}

/** Name → value, fixed when a run starts so every step sees the same context. Plain JSON: resume state keeps it. */
export type PlanBindings = Record<string, Binding>;

/** Where the person is working, read once when a plan starts. */
export interface PlanContext {
  /** The selected text; null or "" when nothing is selected. */
  selection: string | null;
  activeFile: string | null;
  /** ms since the epoch, from the clock port. */
  now: number;
}

/** An input a run needs and does not have: the UI asks for exactly these (one text field each, named `name`). */
export interface MissingInput {
  name: string;
  kind: 'selection' | 'activeFile' | 'parameter';
  description: string;
  default?: string;
}

/** YYYY-MM-DD in the person's time zone: what they call today. */
export function isoDate(now: number): string {
  const date = new Date(now);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The parameters a plan may use: declared ones, then the built-in ones it did not redeclare. */
export function planParameters(plan: Pick<ActionPlan, 'parameters'>): PlanParameter[] {
  const declared = plan.parameters ?? [];
  return [
    ...declared,
    ...BUILTIN_PARAMETERS.filter((builtin) => !declared.some((parameter) => parameter.name === builtin.name)),
  ];
}

/** Names the plan's templates use (context values and parameters; not steps, not foreach items), in first-use order. */
export function usedNames(plan: Pick<ActionPlan, 'steps'>): string[] {
  const items = new Set(
    plan.steps.map((step) => step.foreach?.itemName).filter((name): name is string => name !== undefined),
  );
  const names: string[] = [];
  for (const step of plan.steps) {
    for (const { ref } of collectRefs([step.args, step.foreach?.from ?? null])) {
      if (ref.source === 'name' && !items.has(ref.name) && !names.includes(ref.name)) names.push(ref.name);
    }
  }
  return names;
}

/**
 * Binds everything the plan uses: context values from `context`, parameters from `values` (or their defaults).
 * `values` may also give "selection" and "activeFile" when the context has none (the person typed them into
 * the missing-input form). Returns what is still missing, so the UI asks only for that.
 */
export function bindPlan(
  plan: Pick<ActionPlan, 'steps' | 'parameters'>,
  context: PlanContext,
  values: Readonly<Record<string, string>> = {},
): { bindings: PlanBindings; missing: MissingInput[] } {
  const bindings: PlanBindings = { date: { value: isoDate(context.now) } };
  const selection = nonEmpty(values.selection) ?? nonEmpty(context.selection);
  if (selection !== null) {
    const bullets = parseBullets(selection);
    bindings.selection = { value: selection };
    bindings.selectionBullets = { value: bullets, text: bullets.map((bullet) => bullet.raw).join('\n') };
  }
  const activeFile = nonEmpty(values.activeFile) ?? nonEmpty(context.activeFile);
  if (activeFile !== null) bindings.activeFile = { value: activeFile };
  const parameters = planParameters(plan);
  for (const parameter of parameters) {
    // An "ask each time" parameter takes only what the person typed; its default is the field's prefill.
    const value = nonEmpty(values[parameter.name]) ?? (parameter.ask === true ? undefined : parameter.default);
    if (value !== undefined) bindings[parameter.name] = { value };
  }
  const missing: MissingInput[] = [];
  for (const name of usedNames(plan)) {
    if (Object.hasOwn(bindings, name)) continue;
    if (name === 'selection' || name === 'selectionBullets') {
      if (!missing.some((input) => input.name === 'selection')) {
        missing.push({
          name: 'selection',
          kind: 'selection',
          description: 'The text to work on (nothing is selected in the editor)',
        });
      }
    } else if (name === 'activeFile') {
      missing.push({ name, kind: 'activeFile', description: 'The path of the note to work on (no note is open)' });
    } else {
      const parameter = parameters.find((candidate) => candidate.name === name);
      if (parameter)
        missing.push({
          name,
          kind: 'parameter',
          description: parameter.description ?? name,
          ...(parameter.default !== undefined ? { default: parameter.default } : {}),
        });
    }
  }
  return { bindings, missing };
}

function nonEmpty(text: string | null | undefined): string | null {
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}
