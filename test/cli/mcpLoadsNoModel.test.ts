import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The packages a module loads when it is evaluated: its static value imports, followed through src/ (type-only
 * imports and `import()` are left, since neither runs anything at load).
 */
function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^(?:import|export)\s+(?!type\s)([^'";]*?)\s*from\s+['"]([^'"]+)['"]/gm)) {
      const [, bindings = '', specifier = ''] = match;
      // `import { type A, type B } from` loads nothing either.
      if (
        /^\{[^}]*\}$/.test(bindings) &&
        bindings
          .slice(1, -1)
          .split(',')
          .every((name) => /^\s*type\s/.test(name))
      )
        continue;
      if (!specifier.startsWith('.')) {
        packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
        continue;
      }
      const base = resolve(dirname(file), specifier);
      const path = [`${base}.ts`, `${base}/index.ts`].find((candidate) => existsSync(candidate));
      if (path) visit(path);
    }
  };
  visit(resolve(entry));
  return packages;
}

describe('the terminal runner as an MCP server', () => {
  it('should not load a provider SDK: a client spawns `mcp` at every session start, and it never calls a model', () => {
    const loaded = packagesLoadedBy('src/cli/runCli.ts');
    expect(loaded).toContain('@modelcontextprotocol/sdk');
    expect([...loaded].filter((name) => name === 'openai' || name === '@anthropic-ai/sdk')).toEqual([]);
  });

  it('should see a provider SDK where one is loaded (the check itself)', () => {
    expect(packagesLoadedBy('src/providers/createProvider.ts')).toContain('openai');
  });
});
