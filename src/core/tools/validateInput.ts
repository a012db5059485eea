import type { ErrorObject } from 'ajv';
import { AgentError } from '../errors';
import { cachedCompiler, lazyAjv, valueAtPointer } from '../util/ajvCache';
import type { JsonSchema } from './schemas/common';

// One ajv for every tool: schemas compile once, on first use, and defaults from the schema are filled in.
const validatorFor = cachedCompiler(lazyAjv({ allErrors: false, useDefaults: true, strict: true, strictTypes: false }));

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

/** "/steps/0/args" → "steps[0].args"; the root is "input". */
function fieldName(pointer: string): string {
  if (pointer === '') return 'input';
  return pointer
    .split('/')
    .slice(1)
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('');
}

/** One readable sentence per ajv error: what field, what was expected, what was found. */
export function describeSchemaError(error: ErrorObject, input: unknown): string {
  const field = fieldName(error.instancePath);
  const found = valueAtPointer(input, error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `\`${field === 'input' ? '' : `${field}.`}${String(params.missingProperty)}\` is required`;
    case 'additionalProperties':
      return `${field === 'input' ? 'input' : `\`${field}\``} has an unknown property \`${String(params.additionalProperty)}\``;
    case 'type':
      return `\`${field}\` must be ${article(String(params.type))}, got ${typeName(found)}`;
    case 'enum':
      return `\`${field}\` must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(found)}`;
    case 'minLength':
      return Number(params.limit) === 1
        ? `\`${field}\` must not be empty`
        : `\`${field}\` must be at least ${String(params.limit)} characters long`;
    case 'maxLength':
      return `\`${field}\` must be at most ${String(params.limit)} characters long`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `\`${field}\` must be ${String(params.comparison)} ${String(params.limit)}, got ${JSON.stringify(found)}`;
    case 'minItems':
      return `\`${field}\` must have at least ${String(params.limit)} item(s)`;
    case 'maxItems':
      return `\`${field}\` must have at most ${String(params.limit)} item(s)`;
    default:
      return `\`${field}\` ${error.message ?? 'is invalid'}`;
  }
}

function article(type: string): string {
  const first = type.split(',')[0] ?? type;
  return /^[aeiou]/.test(first) ? `an ${type}` : `a ${type}`;
}

/**
 * Validates `input` against `schema` and returns a copy with the schema's defaults filled in. Throws an
 * `INVALID_INPUT` AgentError such as "vault.createFile: `path` must be a string, got number".
 */
export function validateInput<T>(toolName: string, schema: JsonSchema, input: unknown): T {
  const copy: unknown = input === undefined ? {} : structuredClone(input);
  const validate = validatorFor(schema);
  if (!validate(copy)) {
    const first = validate.errors?.[0];
    const why = first ? describeSchemaError(first, copy) : 'input is invalid';
    throw new AgentError('INVALID_INPUT', `${toolName}: ${why}`, { errors: validate.errors });
  }
  return copy as T;
}
