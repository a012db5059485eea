import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve('src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every import edge as [importing file, imported module], relative specifiers resolved against src/. */
function importEdges(): [string, string][] {
  const edges: [string, string][] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const specifier = (match[1] ?? match[2]) as string;
      const target = specifier.startsWith('.') ? relative(SRC, resolve(dirname(file), specifier)) : specifier;
      edges.push([relative(SRC, file), target]);
    }
  }
  return edges;
}

const forbidden: { from: RegExp; to: RegExp; why: string }[] = [
  { from: /^(core|providers|node|cli)\//, to: /^obsidian$/, why: 'only src/obsidian, src/ui and main.ts may import obsidian' },
  { from: /^(core|providers|node|cli|settings)\//, to: /^(ui|obsidian)(\/|$)/, why: 'the UI and the Obsidian adapters sit above the core' },
  { from: /^core\//, to: /^(providers|node|cli)(\/|$)/, why: 'core depends on ports, not on adapters' },
  { from: /^core\/tools\//, to: /^core\/(tool-execution|agent|plan)(\/|$)/, why: 'tools do not know the pipeline or the loop that calls them' },
  { from: /^cli\//, to: /^(ui|obsidian)(\/|$)/, why: 'the terminal runner is core + src/node' },
];

describe('architecture', () => {
  const edges = importEdges();

  it('should find the import edges of the source tree', () => {
    expect(edges.length).toBeGreaterThan(20);
  });

  for (const rule of forbidden) {
    it(`should keep this rule: ${rule.why}`, () => {
      const violations = edges.filter(([from, to]) => rule.from.test(from) && rule.to.test(to)).map(([from, to]) => `${from} → ${to}`);
      expect(violations).toEqual([]);
    });
  }
});
