import { parseMarkdownBullets } from '../tools/schemas/util';
import type { JsonSchema } from '../tools/types';
import { withArticle } from './schema';

/** What validation knows about a reference: a schema, nothing, or that it cannot exist. */
export type Inferred =
  { kind: 'schema'; schema: JsonSchema } | { kind: 'unknown' } | { kind: 'error'; message: string };

const STRING: JsonSchema = { type: 'string' };
const bulletItems = (parseMarkdownBullets.output as { properties: { items: JsonSchema } }).properties.items;

/** Schemas of the context values; parameters are strings. */
export const CONTEXT_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  selection: STRING,
  selectionBullets: bulletItems,
  activeFile: STRING,
  date: STRING,
};

export const PARAMETER_SCHEMA = STRING;

/** The single JSON type a schema declares, or null when it allows several or says nothing. */
export function schemaType(schema: JsonSchema): string | null {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type) && type.length === 1 && typeof type[0] === 'string') return type[0];
  return null;
}

/** "a string", "an array", "a string or null". */
export function describeType(schema: JsonSchema): string {
  const type = schema.type;
  if (typeof type === 'string') return withArticle(type === 'array' ? 'list' : type);
  if (Array.isArray(type)) return type.map((t) => withArticle(String(t))).join(' or ');
  return 'a value';
}

/**
 * Follows `fields` into `schema` ("items", "0", "text"): a field a closed object schema does not have, or a
 * field of a string, is an error; a schema that does not say (free-form objects) makes the answer unknown.
 */
export function schemaAt(schema: JsonSchema, fields: readonly string[], owner: string): Inferred {
  let current = schema;
  let path = '';
  for (const field of fields) {
    path += `.${field}`;
    const type = schemaType(current);
    if (type === 'array') {
      if (!/^\d+$/.test(field))
        return {
          kind: 'error',
          message: `${owner}${path.slice(0, -field.length - 1)} is a list; pick an element by number (".0") before "${field}"`,
        };
      const items = current.items;
      if (!items || typeof items !== 'object' || Array.isArray(items)) return { kind: 'unknown' };
      current = items as JsonSchema;
    } else if (type === 'object') {
      const properties = current.properties as Record<string, JsonSchema> | undefined;
      const next = properties?.[field];
      if (next) current = next;
      else if (properties && current.additionalProperties === false) {
        const where = path.slice(0, -field.length - 1);
        return {
          kind: 'error',
          message: `${owner}${where} has no field "${field}" (fields: ${Object.keys(properties).join(', ')})`,
        };
      } else return { kind: 'unknown' };
    } else if (type !== null) {
      return {
        kind: 'error',
        message: `${owner}${path.slice(0, -field.length - 1)} is ${describeType(current)} and has no field "${field}"`,
      };
    } else {
      return { kind: 'unknown' };
    }
  }
  return { kind: 'schema', schema: current };
}

/** The items schema of an array schema, when it has one. */
export function itemsOf(inferred: Inferred): Inferred {
  if (inferred.kind !== 'schema') return inferred.kind === 'error' ? { kind: 'unknown' } : inferred;
  const items = inferred.schema.items;
  return schemaType(inferred.schema) === 'array' && items && typeof items === 'object' && !Array.isArray(items)
    ? { kind: 'schema', schema: items as JsonSchema }
    : { kind: 'unknown' };
}

/** A value of the schema's type, standing in for a reference while the tool's input schema checks the args. */
export function standIn(schema: JsonSchema): { ok: true; value: unknown } | { ok: false } {
  switch (schemaType(schema)) {
    case 'string':
      return { ok: true, value: 'x' };
    case 'integer':
    case 'number':
      return { ok: true, value: 1 };
    case 'boolean':
      return { ok: true, value: true };
    case 'array':
      return { ok: true, value: [] };
    case 'object':
      return { ok: true, value: {} };
    case 'null':
      return { ok: true, value: null };
    default:
      return { ok: false };
  }
}
