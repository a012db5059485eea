import Ajv, { type Options, type ValidateFunction } from 'ajv';
import type { JsonSchema } from '../ports/toolDefinition';

/**
 * An ajv instance made on the first call, not when its module loads: the plugin's start-up evaluates modules that
 * validate, and an instance costs about a millisecond to build before anything is checked.
 */
export function lazyAjv(options: Options): () => Ajv {
  let ajv: Ajv | null = null;
  return () => (ajv ??= new Ajv(options));
}

/** A compile function that compiles each schema object once per ajv instance (schemas are shared constants). */
export function cachedCompiler(ajv: () => Ajv): (schema: JsonSchema) => ValidateFunction {
  const compiled = new WeakMap<JsonSchema, ValidateFunction>();
  return (schema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv().compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };
}

/** The value a JSON pointer ("/steps/0/args") names in `root`; undefined when it names nothing. */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  let value = root;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}
