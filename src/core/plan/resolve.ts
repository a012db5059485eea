import { AgentError } from '../errors';
import { UNFORESEEN, type Unforeseen } from '../tools/unforeseen';
import type { Binding, PlanBindings } from './bindings';
import { intoPath } from './pathValues';
import { isRecord, typeName } from './schema';
import { mapStrings, parseString, type Ref } from './templates';

/** A value a dry run cannot know before the plan really runs (what an editor write returns, for example). */
export const UNKNOWN: Unforeseen = UNFORESEEN;

/** Thrown by resolution when a value depends on something only a real run produces. */
export class UnknownValueError extends Error {
  constructor(readonly ref: string) {
    super(`${ref} is known only when the plan runs`);
  }
}

/** What a step's templates can see. */
export interface Scope {
  bindings: PlanBindings;
  /** Outputs of the steps that finished (UNKNOWN in a dry run when a write's output cannot be foreseen). */
  steps: ReadonlyMap<string, unknown>;
  item?: { name: string; value: unknown; index: number; count: number };
}

/**
 * The step's args with every reference replaced. `where` names the step ("steps[3] (createNotes)") for errors;
 * a value that is missing is an `INVALID_INPUT` error naming the placeholder, never "undefined" in a path.
 * In the fields named by `pathFields` (the tool's path arguments), text values become file names (`intoPath`).
 */
export function resolveArgs(
  args: Record<string, unknown>,
  scope: Scope,
  where: string,
  pathFields: ReadonlySet<string> = new Set(),
): Record<string, unknown> {
  const resolved = mapStrings(args, (text, path) =>
    resolveString(
      text,
      scope,
      `${where}.args${path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`)).join('')}`,
      pathFields.has(String(path[0])),
    ),
  );
  return resolved as Record<string, unknown>;
}

/** One string: a whole-value reference keeps its type, a template becomes text, a literal stays. */
export function resolveString(text: string, scope: Scope, where: string, inPath = false): unknown {
  const parsed = parseString(text);
  switch (parsed.kind) {
    case 'literal':
      return parsed.text;
    case 'invalid':
      throw new AgentError('INVALID_INPUT', `${where}: ${parsed.message}`);
    case 'whole': {
      const value = lookup(parsed.ref, scope, where);
      return inPath && typeof value === 'string' ? intoPath(parsed.ref, value) : structuredClone(value);
    }
    case 'template':
      return parsed.parts
        .map((part) => {
          if (part.kind === 'text') return part.text;
          const value = asText(part.ref, scope, where);
          return inPath ? intoPath(part.ref, value) : value;
        })
        .join('');
  }
}

function asText(ref: Ref, scope: Scope, where: string): string {
  const value = lookup(ref, scope, where);
  const binding =
    ref.source === 'name' && ref.fields.length === 0 && !isItem(ref, scope) ? bindingOf(scope, ref.name) : undefined;
  if (binding?.text !== undefined) return binding.text;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) throw new AgentError('INVALID_INPUT', `${where}: ${ref.raw} has no value (it is null)`);
  if (Array.isArray(value) && value.every((item) => ['string', 'number', 'boolean'].includes(typeof item)))
    return value.join('\n');
  const fields = isRecord(value) ? Object.keys(value).slice(0, 6) : [];
  const hint =
    fields.length > 0
      ? `; use one of its fields: ${fields.map((field) => `${ref.raw.slice(0, -1)}.${field}}`).join(', ')}`
      : '';
  throw new AgentError(
    'INVALID_INPUT',
    `${where}: ${ref.raw} is ${typeName(value) === 'array' ? 'a list' : 'an object'} and cannot be put into text${ref.raw.startsWith('${') ? hint : ''}`,
  );
}

function isItem(ref: Ref, scope: Scope): boolean {
  return ref.source === 'name' && scope.item?.name === ref.name;
}

/** The value a reference points at; throws INVALID_INPUT naming the reference when there is none. */
export function lookup(ref: Ref, scope: Scope, where: string): unknown {
  const missing = (why: string): never => {
    throw new AgentError('INVALID_INPUT', `${where}: ${ref.raw} has no value: ${why}`, { ref: ref.raw });
  };
  let value: unknown;
  let owner: string;
  if (ref.source === 'step') {
    if (!scope.steps.has(ref.stepId))
      missing(`step "${ref.stepId}" has not produced output (it failed, was skipped or has not run)`);
    value = scope.steps.get(ref.stepId);
    owner = `the output of step "${ref.stepId}"`;
  } else if (scope.item && scope.item.name === ref.name) {
    value = scope.item.value;
    owner = `item ${scope.item.index + 1} of ${scope.item.count}`;
  } else {
    const binding = bindingOf(scope, ref.name);
    if (!binding)
      missing(
        ref.name === 'selection' || ref.name === 'selectionBullets'
          ? 'nothing is selected'
          : `give a value for "${ref.name}"`,
      );
    value = binding?.value;
    owner = `"${ref.name}"`;
  }
  let path = '';
  for (const field of ref.fields) {
    if (value === UNKNOWN) break;
    path += `.${field}`;
    if (Array.isArray(value) && /^\d+$/.test(field)) {
      if (Number(field) >= value.length)
        missing(`${owner} has ${value.length} element(s), so there is no element ${field}`);
      value = value[Number(field)];
    } else if (isRecord(value) && Object.hasOwn(value, field)) {
      value = value[field];
    } else {
      missing(
        `${owner} has no field "${path.slice(1)}"${isRecord(value) ? ` (fields: ${Object.keys(value).join(', ') || 'none'})` : ` (it is ${typeName(value) === 'array' ? 'a list' : `a ${typeName(value)}`})`}`,
      );
    }
  }
  if (value === UNKNOWN) throw new UnknownValueError(ref.raw);
  if (value === undefined) missing(`${owner} has no value`);
  return value;
}

function bindingOf(scope: Scope, name: string): Binding | undefined {
  return Object.hasOwn(scope.bindings, name) ? scope.bindings[name] : undefined;
}
