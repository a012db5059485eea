import { describe, expect, it } from 'vitest';
import { AgentError } from '../../../src/core/errors';
import { BaseTool } from '../../../src/core/tools/BaseTool';
import { ToolRegistry } from '../../../src/core/tools/ToolRegistry';
import type { ToolContext } from '../../../src/core/tools/types';
import { buildToolContext } from '../../builders/toolContext';

class SlugEcho extends BaseTool<{ title: string; maxLength: number }, { slug: string }> {
  readonly name = 'util.slugifyTitle' as const;
  execute(input: { title: string; maxLength: number }): Promise<{ slug: string }> {
    if (input.title === 'boom') throw new AgentError('INVALID_INPUT', 'util.slugifyTitle: `title` must not be "boom"');
    if (input.title === 'crash') throw new TypeError('cannot read x');
    return Promise.resolve({ slug: `${input.title}:${input.maxLength}` });
  }
}

class Listing extends BaseTool {
  readonly name = 'vault.listFiles' as const;
  execute(_input: unknown, context: ToolContext): Promise<unknown> {
    return context.vault.list('/', false);
  }
}

describe('ToolRegistry', () => {
  const registry = new ToolRegistry([new SlugEcho(), new Listing()]);
  const context = buildToolContext();

  it('should validate input, apply defaults and return the output', async () => {
    expect(await registry.execute('util.slugifyTitle', { title: 'a' }, context)).toEqual({
      ok: true,
      output: { slug: 'a:100' },
    });
  });

  it('should return an error result naming the field for invalid input', async () => {
    expect(await registry.execute('util.slugifyTitle', { title: 1 }, context)).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'util.slugifyTitle: `title` must be a string, got integer' },
    });
  });

  it('should return an error result for an unknown tool, listing the known ones', async () => {
    expect(await registry.execute('vault.nope', {}, context)).toEqual({
      ok: false,
      error: {
        code: 'UNKNOWN_TOOL',
        message: 'Unknown tool "vault.nope". Known tools: util.slugifyTitle, vault.listFiles',
      },
    });
  });

  it('should keep the code of an AgentError and call anything else INTERNAL', async () => {
    expect(await registry.execute('util.slugifyTitle', { title: 'boom' }, context)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await registry.execute('util.slugifyTitle', { title: 'crash' }, context)).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'cannot read x' },
    });
  });

  it('should refuse to register a tool twice', () => {
    expect(() => registry.register(new Listing())).toThrow('Tool "vault.listFiles" is registered twice');
  });

  it('should give definitions from the metadata table, filtered by an allowlist', () => {
    expect(registry.getToolDefinitions().map((d) => d.name)).toEqual(['util.slugifyTitle', 'vault.listFiles']);
    expect(registry.getFilteredToolDefinitions(['vault.listFiles'])).toEqual([
      expect.objectContaining({
        name: 'vault.listFiles',
        description: expect.stringContaining('List the files') as string,
      }),
    ]);
  });

  it('should format an error for the model with tool name and code', () => {
    expect(new SlugEcho().formatError(new AgentError('NOT_FOUND', '"x.md" does not exist'))).toBe(
      '<error tool="util.slugifyTitle" code="NOT_FOUND">"x.md" does not exist</error>',
    );
  });
});
