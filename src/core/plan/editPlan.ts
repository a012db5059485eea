import { parseString } from './templates';
import { isRecord } from './schema';
import type { ActionPlan } from './types';
import { type PlanPolicy, type PlanValidation, validatePlan } from './validatePlan';

/** An argument a person may change in "Edit plan": step, dotted path in its args ("frontmatter.tags.0"), value as text. */
export interface PlanEdit {
  stepId: string;
  path: string;
  value: string;
}

/**
 * The arguments "Edit plan" offers: every text, number and yes/no value in the steps' args, templated text
 * included ("Notes/${item.text}.md": the folder is what people change). References to other steps' outputs
 * are wiring, not settings, and are left out.
 */
export function editableArgs(plan: Pick<ActionPlan, 'steps'>): PlanEdit[] {
  const found: PlanEdit[] = [];
  const walk = (stepId: string, value: unknown, path: string[]): void => {
    if (typeof value === 'string') {
      const parsed = parseString(value);
      if (parsed.kind !== 'whole' || parsed.ref.source !== 'step') found.push({ stepId, path: path.join('.'), value });
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      found.push({ stepId, path: path.join('.'), value: String(value) });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(stepId, item, [...path, String(index)]));
    } else if (isRecord(value)) {
      for (const [key, inner] of Object.entries(value)) walk(stepId, inner, [...path, key]);
    }
  };
  for (const step of plan.steps) walk(step.id, step.args, []);
  return found;
}

/**
 * Applies a person's edits to a copy of the plan and validates it again. An edit must name an existing step
 * and an argument that exists; the value keeps the argument's type (a number stays a number).
 */
export function applyPlanEdits(plan: ActionPlan, edits: readonly PlanEdit[], policy: PlanPolicy): PlanValidation {
  const copy = structuredClone(plan);
  const errors: string[] = [];
  edits.forEach((edit, editIndex) => {
    const index = copy.steps.findIndex((step) => step.id === edit.stepId);
    const step = copy.steps[index];
    if (!step) {
      errors.push(
        `edits[${editIndex}].stepId: "${edit.stepId}" is not a step; steps are: ${copy.steps.map((s) => s.id).join(', ')}`,
      );
      return;
    }
    const where = `steps[${index}] (${step.id}).args.${edit.path}`;
    const keys = edit.path.split('.');
    let parent: unknown = step.args;
    for (const key of keys.slice(0, -1))
      parent = isRecord(parent) || Array.isArray(parent) ? (parent as Record<string, unknown>)[key] : undefined;
    const last = keys[keys.length - 1] as string;
    const container = isRecord(parent) || Array.isArray(parent) ? (parent as Record<string, unknown>) : null;
    if (!container || !Object.hasOwn(container, last)) {
      errors.push(`${where}: is not an argument of this step`);
      return;
    }
    const current = container[last];
    if (typeof current === 'number') {
      const number = Number(edit.value);
      if (edit.value.trim() === '' || !Number.isFinite(number))
        errors.push(`${where}: must be a number, got ${JSON.stringify(edit.value)}`);
      else container[last] = number;
    } else if (typeof current === 'boolean') {
      if (edit.value !== 'true' && edit.value !== 'false')
        errors.push(`${where}: must be true or false, got ${JSON.stringify(edit.value)}`);
      else container[last] = edit.value === 'true';
    } else if (typeof current === 'string') {
      container[last] = edit.value;
    } else {
      errors.push(`${where}: only text, numbers and true/false can be edited`);
    }
  });
  if (errors.length > 0) return { ok: false, errors };
  return validatePlan(copy, policy);
}
