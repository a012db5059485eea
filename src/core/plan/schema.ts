import type { ErrorObject, ValidateFunction } from 'ajv';
import { lazyAjv, valueAtPointer } from '../util/ajvCache';
import type { JsonSchema } from '../tools/types';
import { PLAN_VERSION, stepLabel } from './types';

export const STEP_ID_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';
// A letter first: "__proto__" and the like cannot become keys of the bindings.
export const NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,63}$';

export const PLAN_PARAMETER_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', pattern: NAME_PATTERN, description: 'Used in the plan as ${name}.' },
    description: { type: 'string', maxLength: 500 },
    default: { type: 'string', maxLength: 10000 },
    ask: { type: 'boolean', description: 'Ask on every run, with the default prefilled.' },
  },
  required: ['name'],
  additionalProperties: false,
};

/**
 * The ActionPlan schema (strict: no property the schema does not name). It is also what the planner shows the
 * model, so descriptions are written for it.
 */
export const ACTION_PLAN_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    version: { type: 'string', enum: [PLAN_VERSION], default: PLAN_VERSION },
    goal: { type: 'string', minLength: 1, maxLength: 2000, description: 'What the plan achieves, in one sentence.' },
    assumptions: { type: 'array', items: { type: 'string', maxLength: 1000 }, maxItems: 50, default: [] },
    riskLevel: {
      type: 'string',
      enum: ['read-only', 'writes', 'commands'],
      description: 'The highest risk of any step.',
    },
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', pattern: STEP_ID_PATTERN, description: 'Unique step id (letters, digits, "_", "-").' },
          tool: { type: 'string', minLength: 1, maxLength: 100 },
          args: {
            type: 'object',
            default: {},
            description: 'The tool input; strings may hold $steps.<id>.<field> or ${…} placeholders.',
          },
          foreach: {
            type: 'object',
            properties: {
              from: {
                type: 'string',
                minLength: 1,
                description: 'A whole-value reference to an array, e.g. "$steps.parse.items".',
              },
              itemName: {
                type: 'string',
                pattern: NAME_PATTERN,
                description: 'Each element is ${<itemName>} in args.',
              },
            },
            required: ['from', 'itemName'],
            additionalProperties: false,
          },
          dependsOn: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 100 },
          onError: { type: 'string', enum: ['stop', 'skip', 'retry'] },
          retry: {
            type: 'object',
            properties: {
              maxAttempts: { type: 'integer', minimum: 1, maximum: 100 },
              backoffMs: { type: 'integer', minimum: 0, maximum: 60000 },
            },
            required: ['maxAttempts', 'backoffMs'],
            additionalProperties: false,
          },
          preview: { type: 'string', maxLength: 1000 },
        },
        required: ['id', 'tool'],
        additionalProperties: false,
      },
    },
    parameters: { type: 'array', items: PLAN_PARAMETER_SCHEMA, maxItems: 50 },
  },
  required: ['goal', 'riskLevel', 'steps'],
  additionalProperties: false,
};

// verbose: additionalProperties errors then carry the schema, so messages can list the allowed properties.
const ajv = lazyAjv({ allErrors: true, useDefaults: true, strict: true, strictTypes: false, verbose: true });
let validatePlanShape: ValidateFunction | null = null;

export interface ShapeCheck {
  errors: string[];
  /** Indexes of steps with a shape error: the semantic checks leave them out. */
  badSteps: Set<number>;
  /** A problem outside the steps (or in the steps array itself): the plan is not checked further. */
  rootBad: boolean;
}

/**
 * Checks the plan's shape and fills in defaults (version, assumptions, args) on `copy`, which must be the
 * caller's own copy. One message per problem, naming the step and field.
 */
export function checkPlanShape(copy: unknown): ShapeCheck {
  validatePlanShape ??= ajv().compile(ACTION_PLAN_SCHEMA);
  if (validatePlanShape(copy)) return { errors: [], badSteps: new Set(), rootBad: false };
  const raw = validatePlanShape.errors ?? [];
  const badSteps = new Set<number>();
  let rootBad = false;
  for (const error of raw) {
    const step = /^\/steps\/(\d+)(\/|$)/.exec(error.instancePath);
    if (step) badSteps.add(Number(step[1]));
    else rootBad = true;
  }
  return { errors: describeShapeErrors(raw, copy, ''), badSteps, rootBad };
}

/**
 * Messages for errors of a schema, located from `root`: under `prefix` ("steps[2] (x).args"), or, with an
 * empty prefix, as plan fields ("steps[2] (x).onError", "goal", "plan" for the root itself).
 */
export function describeShapeErrors(
  errors: readonly ErrorObject[] | null | undefined,
  root: unknown,
  prefix: string,
): string[] {
  return (errors ?? []).map((error) => describeShapeError(error, root, prefix));
}

/** "/steps/2/onError" → "steps[2] (createNotes).onError", using the id found in the input. */
export function locate(pointer: string, root: unknown, prefix: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  let out = '';
  let value: unknown = root;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const next = isRecord(value) || Array.isArray(value) ? (value as Record<string, unknown>)[part] : undefined;
    if (Array.isArray(value) && /^\d+$/.test(part)) {
      out +=
        parts[i - 1] === 'steps' && isRecord(next)
          ? stepLabel(Number(part), next.id).slice('steps'.length)
          : `[${part}]`;
    } else {
      out += out === '' ? part : `.${part}`;
    }
    value = next;
  }
  if (prefix === '') return out === '' ? 'plan' : out;
  return out === '' ? prefix : out.startsWith('[') ? `${prefix}${out}` : `${prefix}.${out}`;
}

function describeShapeError(error: ErrorObject, root: unknown, prefix: string): string {
  const params = error.params as Record<string, unknown>;
  const where = locate(error.instancePath, root, prefix);
  const found = valueAtPointer(root, error.instancePath);
  switch (error.keyword) {
    case 'required':
      return `${error.instancePath === '' && prefix === '' ? '' : `${where}.`}${String(params.missingProperty)}: is required`;
    case 'additionalProperties':
      return `${where}: unknown property "${String(params.additionalProperty)}"; allowed: ${allowedKeys(error)}`;
    case 'type':
      return `${where}: must be ${withArticle(String(params.type))}, got ${typeName(found)}`;
    case 'enum':
      return `${where}: must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, got ${preview(found)}`;
    case 'pattern':
      return `${where}: must be ${patternHint(String(params.pattern))}, got ${preview(found)}`;
    case 'minLength':
      return Number(params.limit) === 1
        ? `${where}: must not be empty`
        : `${where}: must be at least ${String(params.limit)} characters long`;
    case 'maxLength':
      return `${where}: must be at most ${String(params.limit)} characters long`;
    case 'minItems':
      return `${where}: must have at least ${String(params.limit)} item(s)`;
    case 'maxItems':
      return `${where}: must have at most ${String(params.limit)} item(s)`;
    case 'minimum':
    case 'maximum':
      return `${where}: must be ${String(params.comparison)} ${String(params.limit)}, got ${preview(found)}`;
    default:
      return `${where}: ${error.message ?? 'is invalid'}`;
  }
}

function allowedKeys(error: ErrorObject): string {
  const properties = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties).join(', ') : 'none';
}

function patternHint(pattern: string): string {
  if (pattern === STEP_ID_PATTERN) return 'a step id (a letter, then up to 63 letters, digits, "_" or "-")';
  if (pattern === NAME_PATTERN) return 'a name (a letter, then up to 63 letters, digits or "_")';
  return `/${pattern}/`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value;
}

export function withArticle(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** A value as a message quotes it: JSON, cut short. */
export function preview(value: unknown, max = 60): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
