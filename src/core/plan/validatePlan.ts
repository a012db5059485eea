import { gateOpen } from '../tool-execution/stages/resolveTool';
import type { IgnoreService } from '../tool-execution/IgnoreService';
import type { RiskLevel, ToolMeta } from '../tools/types';
import { checkArgPaths, checkArgs } from './argsCheck';
import { BUILTIN_PARAMETERS, CONTEXT_NAMES, RESERVED_NAMES } from './bindings';
import { executionOrder } from './order';
import {
  CONTEXT_SCHEMAS,
  type Inferred,
  itemsOf,
  PARAMETER_SCHEMA,
  schemaAt,
  schemaType,
  describeType,
} from './refTypes';
import { checkPlanShape, preview } from './schema';
import { collectRefs, parseString, visitStrings, fieldPath, type Ref } from './templates';
import { type ActionPlan, maxRisk, type PlanStep, riskRank, stepLabel } from './types';

/** What a plan is checked against: the tools there are, the mode and settings, the vault's rules. */
export interface PlanPolicy {
  /** The tools that exist (a ToolRegistry fits). */
  tools: { get(name: string): { meta: ToolMeta } | undefined; names(): string[] };
  /** The current mode's tools; null or absent allows every tool. */
  allowedTools?: ReadonlySet<string> | null;
  /** The settings switches; null or absent leaves gated tools allowed (an imported action is checked again when it runs). */
  gates?: { allowDeletes: boolean; allowCommands: boolean } | null;
  /** The most retries a step may ask for (the `maxRetries` setting). */
  maxRetries: number;
  configDir: string;
  /** Loaded ignore rules (`await ignore.ensureLoaded()` first); absent skips them. */
  ignore?: Pick<IgnoreService, 'denial'> | null;
}

export type PlanValidation =
  { ok: true; plan: ActionPlan; order: string[]; risk: RiskLevel } | { ok: false; errors: string[] };

/** Tools that steer the chat loop itself; a plan has no loop to steer. */
const LOOP_ONLY_GROUP = 'agent';

/**
 * Checks a plan completely and returns every problem, each naming step and field ("steps[2] (createNotes).
 * args.path: …"). Never throws, whatever JSON it is given. On success returns the plan with defaults filled in
 * and the order its steps run in.
 */
export function validatePlan(input: unknown, policy: PlanPolicy): PlanValidation {
  try {
    return validate(input, policy);
  } catch (error) {
    return {
      ok: false,
      errors: [`plan: could not be checked (${error instanceof Error ? error.message : String(error)})`],
    };
  }
}

/** The tools a plan may use under this policy: known, allowed by mode and settings, not loop-only. */
export function allowedPlanTools(policy: PlanPolicy): string[] {
  return policy.tools.names().filter((name) => {
    const meta = policy.tools.get(name)?.meta;
    return (
      meta !== undefined &&
      meta.group !== LOOP_ONLY_GROUP &&
      (!policy.allowedTools || policy.allowedTools.has(name)) &&
      (!policy.gates || gateOpen(meta, policy.gates))
    );
  });
}

function validate(input: unknown, policy: PlanPolicy): PlanValidation {
  let copy: unknown;
  try {
    copy = structuredClone(input);
  } catch {
    return { ok: false, errors: ['plan: is not plain JSON'] };
  }
  const shape = checkPlanShape(copy);
  if (shape.rootBad) return { ok: false, errors: shape.errors };
  const plan = copy as ActionPlan;
  const errors = [...shape.errors];
  const steps = plan.steps.filter((_, index) => !shape.badSteps.has(index));
  const indexOf = new Map<PlanStep, number>(plan.steps.map((step, index) => [step, index]));
  const label = (step: PlanStep): string => stepLabel(indexOf.get(step) ?? -1, step.id);
  const byId = new Map<string, PlanStep>();
  plan.steps.forEach((step, index) => {
    if (typeof step?.id !== 'string') return;
    const first = byId.get(step.id);
    if (first)
      errors.push(`steps[${index}].id: "${step.id}" is already the id of ${label(first)}; step ids must be unique`);
    else byId.set(step.id, step);
  });
  const parameterNames = checkParameters(plan, errors);
  const context: Ctx = { policy, plan, byId, parameterNames, label };
  for (const step of steps) checkStep(step, context, errors);
  const { order, cycles } = executionOrder(steps);
  for (const cycle of cycles) {
    const first = byId.get(cycle[0] as string) as PlanStep;
    errors.push(
      `${label(first)}.dependsOn: the steps depend on each other in a cycle (${cycle.join(' → ')}); no order can run them`,
    );
  }
  const risks = steps
    .map((step) => ({ step, risk: policy.tools.get(step.tool)?.meta.risk }))
    .filter((entry): entry is { step: PlanStep; risk: RiskLevel } => entry.risk !== undefined);
  const risk = maxRisk(risks.map((entry) => entry.risk));
  if (riskRank(risk) > riskRank(plan.riskLevel)) {
    const culprit = risks.find((entry) => entry.risk === risk) as { step: PlanStep; risk: RiskLevel };
    errors.push(
      `riskLevel: "${plan.riskLevel}" is lower than the plan's steps need: ${label(culprit.step)} uses ${culprit.step.tool} ("${risk}"); declare "${risk}"`,
    );
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, plan, order: order.map((step) => step.id), risk };
}

interface Ctx {
  policy: PlanPolicy;
  plan: ActionPlan;
  byId: ReadonlyMap<string, PlanStep>;
  parameterNames: ReadonlySet<string>;
  label: (step: PlanStep) => string;
}

function checkParameters(plan: ActionPlan, errors: string[]): Set<string> {
  const names = new Set<string>(BUILTIN_PARAMETERS.map((parameter) => parameter.name));
  const declared = new Set<string>();
  (plan.parameters ?? []).forEach((parameter, index) => {
    if (RESERVED_NAMES.has(parameter.name))
      errors.push(`parameters[${index}].name: "${parameter.name}" is a context value; choose another name`);
    else if (declared.has(parameter.name))
      errors.push(`parameters[${index}].name: "${parameter.name}" is declared twice`);
    declared.add(parameter.name);
    names.add(parameter.name);
  });
  return names;
}

function checkStep(step: PlanStep, ctx: Ctx, errors: string[]): void {
  const where = ctx.label(step);
  const meta = checkTool(step, where, ctx.policy, errors);
  const onError = step.onError ?? 'stop';
  if (step.retry && onError !== 'retry')
    errors.push(`${where}.retry: is used only with onError "retry" (onError is "${onError}")`);
  if (step.retry && step.retry.maxAttempts - 1 > ctx.policy.maxRetries) {
    errors.push(
      `${where}.retry.maxAttempts: ${step.retry.maxAttempts} attempts are ${step.retry.maxAttempts - 1} retries; the settings allow at most ${ctx.policy.maxRetries} (maxRetries)`,
    );
  }
  (step.dependsOn ?? []).forEach((id, index) => {
    if (id === step.id) errors.push(`${where}.dependsOn[${index}]: a step cannot depend on itself`);
    else if (!ctx.byId.has(id))
      errors.push(`${where}.dependsOn[${index}]: "${id}" is not a step; steps are: ${[...ctx.byId.keys()].join(', ')}`);
  });
  let item: { name: string; inferred: Inferred } | undefined;
  if (step.foreach) {
    const { from, itemName } = step.foreach;
    item = { name: itemName, inferred: { kind: 'unknown' } };
    if (RESERVED_NAMES.has(itemName) || ctx.parameterNames.has(itemName)) {
      errors.push(
        `${where}.foreach.itemName: "${itemName}" is already ${RESERVED_NAMES.has(itemName) ? 'a context value' : 'a parameter'}; choose another name`,
      );
    }
    const parsed = parseString(from);
    if (parsed.kind !== 'whole') {
      errors.push(
        `${where}.foreach.from: must be a reference to a list, like "$steps.parseBullets.items" or "\${selectionBullets}", got ${preview(from)}`,
      );
    } else {
      const inferred = checkRef(parsed.ref, step, `${where}.foreach.from`, ctx, errors, undefined);
      if (
        inferred.kind === 'schema' &&
        schemaType(inferred.schema) !== null &&
        schemaType(inferred.schema) !== 'array'
      ) {
        errors.push(`${where}.foreach.from: ${parsed.ref.raw} is ${describeType(inferred.schema)}, expected a list`);
      }
      item = { name: itemName, inferred: itemsOf(inferred) };
    }
  }
  visitStrings(step.args, [], (text, path) => {
    const field = fieldPath(`${where}.args`, path);
    const parsed = parseString(text);
    if (parsed.kind === 'invalid') errors.push(`${field}: ${parsed.message}`);
    for (const { ref } of collectRefs(text)) checkRef(ref, step, field, ctx, errors, item);
  });
  if (!meta) return;
  errors.push(...checkArgs(step.args, meta, where, (ref) => inferRef(ref, step, ctx, item)));
  errors.push(...checkArgPaths(step.args, meta, where, ctx.policy));
}

function checkTool(step: PlanStep, where: string, policy: PlanPolicy, errors: string[]): ToolMeta | undefined {
  const meta = policy.tools.get(step.tool)?.meta;
  const allowed = (): string => allowedPlanTools(policy).join(', ');
  if (!meta) {
    errors.push(`${where}.tool: unknown tool "${step.tool}"; tools a plan may use: ${allowed()}`);
    return undefined;
  }
  if (meta.group === LOOP_ONLY_GROUP) {
    errors.push(
      `${where}.tool: ${step.tool} steers the chat agent and cannot be a plan step; tools a plan may use: ${allowed()}`,
    );
    return undefined;
  }
  if (policy.allowedTools && !policy.allowedTools.has(step.tool)) {
    errors.push(`${where}.tool: ${step.tool} is not available in the current mode; tools a plan may use: ${allowed()}`);
    return undefined;
  }
  if (policy.gates && !gateOpen(meta, policy.gates) && meta.gate) {
    const setting = meta.gate === 'allowDeletes' ? 'Allow deletes and renames' : 'Allow commands';
    errors.push(
      `${where}.tool: ${step.tool} is turned off: the user has not enabled "${setting}" (${meta.gate}) in the settings`,
    );
  }
  return meta;
}

/** Reports a reference that points nowhere; returns what is known about its value. */
function checkRef(
  ref: Ref,
  step: PlanStep,
  field: string,
  ctx: Ctx,
  errors: string[],
  item: { name: string; inferred: Inferred } | undefined,
): Inferred {
  const inferred = inferRef(ref, step, ctx, item);
  if (inferred.kind === 'error') errors.push(`${field}: ${inferred.message}`);
  return inferred;
}

/**
 * What a reference's value will be, from the referenced tool's output schema, the context values' schemas or
 * the foreach item's; an error when the reference can never resolve.
 */
function inferRef(
  ref: Ref,
  step: PlanStep,
  ctx: Ctx,
  item: { name: string; inferred: Inferred } | undefined,
): Inferred {
  if (ref.source === 'step') {
    const target = ctx.byId.get(ref.stepId);
    if (ref.stepId === step.id)
      return {
        kind: 'error',
        message: `${ref.raw} refers to its own step; a step can use only the output of other steps`,
      };
    if (!target)
      return { kind: 'error', message: `${ref.raw} refers to no step; steps are: ${[...ctx.byId.keys()].join(', ')}` };
    return schemaAtOutput(target, ref, ctx);
  }
  const owner = `\${${ref.name}}`;
  if (item && ref.name === item.name) {
    if (item.inferred.kind !== 'schema') return { kind: 'unknown' };
    return schemaAt(item.inferred.schema, ref.fields, owner);
  }
  const context = Object.hasOwn(CONTEXT_SCHEMAS, ref.name) ? CONTEXT_SCHEMAS[ref.name] : undefined;
  if (context) return schemaAt(context, ref.fields, owner);
  if (ctx.parameterNames.has(ref.name)) return schemaAt(PARAMETER_SCHEMA, ref.fields, owner);
  const itemOf = ctx.plan.steps.find((other) => other?.foreach?.itemName === ref.name);
  const known = [...new Set([...CONTEXT_NAMES, ...ctx.parameterNames, ...(item ? [item.name] : [])])]
    .map((name) => `\${${name}}`)
    .join(', ');
  const hint = itemOf ? `; it is the foreach item of ${ctx.label(itemOf)} and exists only inside that step` : '';
  return { kind: 'error', message: `${ref.raw} is not a known placeholder${hint}; known: ${known}` };
}

function schemaAtOutput(target: PlanStep, ref: Ref, ctx: Ctx): Inferred {
  const meta = ctx.policy.tools.get(target.tool)?.meta;
  if (!meta) return { kind: 'unknown' };
  const output = target.foreach ? { type: 'array', items: meta.outputSchema } : meta.outputSchema;
  return schemaAt(output, ref.fields, `$steps.${target.id}`);
}
