import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAgentError } from '../../../src/core/errors';
import { TOOL_METADATA } from '../../../src/core/tools/metadata';
import { createFile, listFiles, searchText } from '../../../src/core/tools/schemas/vault';
import { validateInput } from '../../../src/core/tools/validateInput';

const message = (schema: Record<string, unknown>, input: unknown): string => {
  try {
    validateInput('vault.createFile', schema, input);
  } catch (error) {
    if (isAgentError(error, 'INVALID_INPUT')) return error.message;
    throw error;
  }
  throw new Error('input was accepted');
};

describe('validateInput', () => {
  it('should name a field of the wrong type and what it got', () => {
    expect(message(createFile.input, { path: 42, content: '' })).toBe(
      'vault.createFile: `path` must be a string, got integer',
    );
  });

  it('should name a missing required field', () => {
    expect(message(createFile.input, { content: 'x' })).toBe('vault.createFile: `path` is required');
  });

  it('should name an unknown property', () => {
    expect(message(createFile.input, { path: 'a.md', content: '', folder: 'x' })).toBe(
      'vault.createFile: input has an unknown property `folder`',
    );
  });

  it('should list the allowed values of an enum', () => {
    expect(message(createFile.input, { path: 'a.md', content: '', collisionStrategy: 'replace' })).toBe(
      'vault.createFile: `collisionStrategy` must be one of "error", "create-unique", "overwrite", got "replace"',
    );
  });

  it('should explain range and emptiness errors', () => {
    expect(message(searchText.input, { query: '' })).toBe('vault.createFile: `query` must not be empty');
    expect(message(searchText.input, { query: 'x', limit: 0 })).toBe('vault.createFile: `limit` must be >= 1, got 0');
    expect(message(searchText.input, { query: 'x', paths: ['a', 3] })).toBe(
      'vault.createFile: `paths[1]` must be a string, got integer',
    );
  });

  it("should fill in defaults from the schema without changing the caller's object", () => {
    const input = { query: 'todo' };
    expect(validateInput('vault.searchText', searchText.input, input)).toEqual({
      query: 'todo',
      mode: 'plain',
      caseSensitive: false,
      limit: 50,
      snippetLength: 120,
    });
    expect(input).toEqual({ query: 'todo' });
  });

  it('should treat a missing input as an empty object', () => {
    expect(validateInput('vault.listFiles', listFiles.input, undefined)).toEqual({ recursive: false, limit: 1000 });
  });

  it('should compile every tool schema and never throw anything but INVALID_INPUT on random input', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TOOL_METADATA), fc.anything(), (meta, input) => {
        try {
          validateInput(meta.name, meta.inputSchema, input);
        } catch (error) {
          expect(isAgentError(error, 'INVALID_INPUT')).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });
});
