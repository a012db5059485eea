import { cachedCompiler, lazyAjv } from '../util/ajvCache';
import { cleanTypedPath } from '../paths/fileNameFromTitle';
import { resolveVaultPath } from '../paths/sandbox';
import type { IgnoreService } from '../tool-execution/IgnoreService';
import type { JsonSchema, ToolMeta } from '../tools/types';
import { type Inferred, describeType, schemaType, standIn } from './refTypes';
import { describeShapeErrors, locate } from './schema';
import { mapStrings, parseString, type Ref, type TemplatePart } from './templates';

// Own ajv: all errors at once (a repair round should see every problem), and no defaults written into the plan.
const validatorFor = cachedCompiler(lazyAjv({ allErrors: true, strict: true, strictTypes: false, verbose: true }));

/** What stands at a place in the args where the written value is not the value the tool will get. */
type Special =
  { kind: 'template' } | { kind: 'ref'; raw: string; type: string; schema: JsonSchema } | { kind: 'opaque' };

const pointerOf = (path: readonly (string | number)[]): string =>
  path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/**
 * Checks a step's args against the tool's input schema with templates accounted for: a template is text, so it
 * satisfies a string field; a whole-value reference stands in as a value of the type validation inferred for it
 * (a mismatch is reported), or, when that is unknown, is left for the run to check.
 */
export function checkArgs(
  args: Record<string, unknown>,
  meta: ToolMeta,
  where: string,
  infer: (ref: Ref) => Inferred,
): string[] {
  const specials = new Map<string, Special>();
  const standInArgs = mapStrings(args, (text, path) => {
    const parsed = parseString(text);
    const pointer = pointerOf(path);
    switch (parsed.kind) {
      case 'literal':
        return parsed.text;
      case 'invalid':
        specials.set(pointer, { kind: 'opaque' });
        return text;
      case 'template':
        specials.set(pointer, { kind: 'template' });
        return 'x';
      case 'whole': {
        const inferred = infer(parsed.ref);
        const stand = inferred.kind === 'schema' ? standIn(inferred.schema) : { ok: false as const };
        if (inferred.kind !== 'schema' || !stand.ok) {
          specials.set(pointer, { kind: 'opaque' });
          return text;
        }
        specials.set(pointer, {
          kind: 'ref',
          raw: parsed.ref.raw,
          type: schemaType(inferred.schema) ?? '',
          schema: inferred.schema,
        });
        return stand.value;
      }
    }
  });
  const validate = validatorFor(meta.inputSchema);
  if (validate(standInArgs)) return [];
  const messages: string[] = [];
  for (const error of validate.errors ?? []) {
    const special = specialFor(specials, error.instancePath);
    if (!special) {
      messages.push(...describeShapeErrors([error], standInArgs, `${where}.args`));
      continue;
    }
    if (special.at !== error.instancePath || error.keyword !== 'type') continue;
    const expected = describeType({ type: (error.params as { type?: unknown }).type });
    const location = locate(error.instancePath, standInArgs, `${where}.args`);
    if (special.value.kind === 'ref')
      messages.push(`${location}: ${special.value.raw} is ${describeType(special.value.schema)}, expected ${expected}`);
    if (special.value.kind === 'template')
      messages.push(`${location}: text with placeholders is a string, expected ${expected}`);
  }
  return messages;
}

function specialFor(specials: Map<string, Special>, pointer: string): { at: string; value: Special } | null {
  for (let at = pointer; ; at = at.slice(0, at.lastIndexOf('/'))) {
    const value = specials.get(at);
    if (value) return { at, value };
    if (at === '') return null;
  }
}

/**
 * Every path in the args that can be checked before the run: literal paths fully (sandbox and ignore rules),
 * templated paths with their placeholders standing in as "x" (the sandbox) and their literal folder (ignore
 * rules). Whole-value references are checked by the pipeline when the step runs.
 */
export function checkArgPaths(
  args: Record<string, unknown>,
  meta: ToolMeta,
  where: string,
  options: { configDir: string; ignore?: Pick<IgnoreService, 'denial'> | null },
): string[] {
  const messages: string[] = [];
  for (const pathArg of meta.pathArgs) {
    const value = args[pathArg.field];
    const entries: [string, unknown][] =
      pathArg.array && Array.isArray(value)
        ? value.map((item, index) => [`${pathArg.field}[${index}]`, item])
        : [[pathArg.field, value]];
    for (const [field, raw] of entries) {
      if (typeof raw !== 'string') continue;
      if (pathArg.field === 'prefix' && /^[\\/]*$/.test(raw)) continue;
      // A name the step creates is checked as the tool will clean it, and named as it was written.
      const typed = pathArg.newName ? cleanTypedPath(raw, 'folder') : raw;
      const problem = checkOnePath(typed, pathArg.access, field, options);
      if (problem) messages.push(`${where}.args.${field}: ${problem.split(`"${typed}"`).join(`"${raw}"`)}`);
    }
  }
  return messages;
}

function checkOnePath(
  raw: string,
  access: 'read' | 'write',
  field: string,
  options: { configDir: string; ignore?: Pick<IgnoreService, 'denial'> | null },
): string | null {
  const parsed = parseString(raw);
  if (parsed.kind === 'whole' || parsed.kind === 'invalid') return null;
  const literal = parsed.kind === 'literal';
  const stood = literal ? parsed.text : parsed.parts.map((part) => (part.kind === 'text' ? part.text : 'x')).join('');
  let path: string;
  try {
    path = resolveVaultPath(stood, access, { configDir: options.configDir }, field);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return literal ? message : message.replace(`"${stood}"`, `"${raw}"`);
  }
  if (!options.ignore) return null;
  // A templated path is checked by its literal folder: whatever the placeholders become, the file is inside it.
  const checked = literal ? path : literalFolder(parsed.kind === 'template' ? parsed.parts : [], options.configDir);
  if (checked === null) return null;
  const why = options.ignore.denial(checked, access);
  return why ? `Refused ${field}: ${why}` : null;
}

function literalFolder(parts: readonly TemplatePart[], configDir: string): string | null {
  const first = parts[0];
  if (first?.kind !== 'text') return null;
  const slash = first.text.lastIndexOf('/');
  if (slash <= 0) return null;
  try {
    return resolveVaultPath(first.text.slice(0, slash), 'read', { configDir });
  } catch {
    return null;
  }
}
