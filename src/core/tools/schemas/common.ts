/** JSON Schema fragments shared by several tools. Plain objects: ajv compiles them, the docs print them. */
import type { JsonSchema } from '../../ports/toolDefinition';

export type { JsonSchema };

export const position: JsonSchema = {
  type: 'object',
  properties: { line: { type: 'integer', minimum: 0 }, ch: { type: 'integer', minimum: 0 } },
  required: ['line', 'ch'],
  additionalProperties: false,
};

export const range: JsonSchema = {
  type: 'object',
  properties: { from: position, to: position },
  required: ['from', 'to'],
  additionalProperties: false,
};

export const vaultPath = (description: string): JsonSchema => ({ type: 'string', minLength: 1, description });

export function object(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

export const noInput: JsonSchema = object({});
