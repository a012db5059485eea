import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOL_METADATA } from '../src/core/tools/metadata';
import { DRIVER_KINDS } from '../src/core/tools/types';
import { outsideReferences } from './builders/outsideReferences';

const ROOT = resolve('.');
const SRC = resolve('src');

function sourceFiles(folder: string, extensions = /\.ts$/): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path, extensions) : extensions.test(path) ? [path] : [];
  });
}

/** Every import edge as [importing file, imported module], relative specifiers resolved against src/. */
function importEdges(): [string, string][] {
  const edges: [string, string][] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    )) {
      const specifier = (match[1] ?? match[2]) as string;
      const target = specifier.startsWith('.') ? relative(SRC, resolve(dirname(file), specifier)) : specifier;
      edges.push([relative(SRC, file), target]);
    }
  }
  return edges;
}

const forbidden: { from: RegExp; to: RegExp; why: string }[] = [
  {
    from: /^(core|providers|node|cli|mcp)\//,
    to: /^obsidian$/,
    why: 'only src/obsidian, src/plugin, src/ui and main.ts may import obsidian',
  },
  {
    from: /^(core|providers|node|cli|mcp|settings)\//,
    to: /^(ui|obsidian)(\/|$)/,
    why: 'the UI and the Obsidian adapters sit above the core',
  },
  { from: /^core\//, to: /^(providers|node|cli|mcp)(\/|$)/, why: 'core depends on ports, not on adapters or shells' },
  { from: /^core\//, to: /^@modelcontextprotocol\//, why: 'the MCP SDK belongs to the src/mcp shell, never to core' },
  {
    from: /^core\/tools\//,
    to: /^core\/(tool-execution|agent|plan)(\/|$)/,
    why: 'tools do not know the pipeline or the loop that calls them',
  },
  { from: /^cli\//, to: /^(ui|obsidian)(\/|$)/, why: 'the terminal runner is core + src/node' },
  {
    from: /^(ui|cli|mcp|plugin)\//,
    to: /^core\/agent(\/|$)/,
    why: 'shells never import core/agent: they drive the session and hear its events, not the loop',
  },
  {
    from: /^(ui|cli|mcp|plugin)\/|^main\.ts$/,
    to: /^core\/runtime\/(?!createRuntime$)/,
    why: 'hosts reach the runtime through createRuntime alone: they supply ports and get services, modes and sessions',
  },
  {
    from: /^obsidian\//,
    to: /^(ui|plugin)(\/|$)/,
    why: "src/obsidian is ports over Obsidian's API: it knows neither the views nor the wiring",
  },
  {
    from: /^ui\//,
    to: /^(obsidian\/|plugin(\/|$))/,
    why: 'the views are handed adapters and wiring, they do not import them',
  },
  {
    from: /^(core|providers|node|cli|mcp|settings|obsidian|ui)\//,
    to: /^plugin(\/|$)/,
    why: 'src/plugin is the wiring at the top: only main.ts imports it',
  },
  {
    from: /^core\/ports\//,
    to: /^(core\/(?!ports\/)|ui\/|obsidian\/|plugin\/|providers\/|node\/|cli\/|mcp\/|settings\/)/,
    why: 'core/ports is the floor: its vocabulary imports nothing above it',
  },
];

/** The folder an edge end belongs to: a top-level folder of src/, or a folder of src/core. */
function folderOf(path: string): string {
  const parts = path.split('/');
  if (parts.length === 1) return '(src)';
  return parts[0] === 'core' && parts.length > 2 ? `core/${parts[1]}` : (parts[0] as string);
}

/** Groups of folders that import each other, directly or round a loop (Tarjan's strongly connected components). */
function folderCycles(edges: readonly [string, string][]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const [from, to] of edges) {
    if (!/^[a-z(]/.test(to) || !/\//.test(to)) continue;
    const [a, b] = [folderOf(from), folderOf(to)];
    if (a !== b) graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    order.set(node, order.size);
    low.set(node, order.get(node) as number);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) as number, order.get(next) as number));
      }
    }
    if (low.get(node) !== order.get(node)) return;
    const group: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = top === node ? undefined : stack.pop()) group.push(top);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return cycles;
}

/**
 * Pairs of source files under src/ that import each other, type imports included, as "a ↔ b" (each pair once).
 * `files` are the modules that exist, without ".ts", so a folder's specifier can stand for its index.ts.
 */
function twoFileCircles(edges: readonly [string, string][], files: ReadonlySet<string>): string[] {
  const module = (path: string): string => {
    const bare = path.replace(/\.ts$/, '');
    return files.has(bare) || !files.has(`${bare}/index`) ? bare : `${bare}/index`;
  };
  const imports = new Set(edges.map(([from, to]) => `${module(from)} → ${module(to)}`));
  const circles = new Set<string>();
  for (const [from, to] of edges) {
    const [a, b] = [module(from), module(to)].sort() as [string, string];
    if (a !== b && imports.has(`${a} → ${b}`) && imports.has(`${b} → ${a}`)) circles.add(`${a} ↔ ${b}`);
  }
  return [...circles].sort();
}

/**
 * Classes a port's value may be an instance of: the adapters (src/obsidian, src/node) and core's own classes,
 * errors left out (an error is caught, not carried by a port). Testing a port's value against one of them is
 * reaching past the port.
 */
function carriedClasses(files: readonly { path: string; text: string }[]): Set<string> {
  const names = new Set<string>();
  for (const { path, text } of files) {
    if (!/^(core|node|obsidian)\//.test(path)) continue;
    for (const match of text.matchAll(/^export (?:abstract )?class (\w+)(?:<[^>]*>)?(?: extends ([\w.]+))?/gm)) {
      const [, name, base] = match as unknown as [string, string, string | undefined];
      if (!/Error$/.test(name) && !/Error$/.test(base ?? '')) names.add(name);
    }
  }
  return names;
}

/** `instanceof X` in core and the shells, where X is one of `classes`: "file: instanceof X". */
function instanceofOnPorts(files: readonly { path: string; text: string }[], classes: ReadonlySet<string>): string[] {
  return files
    .filter(({ path }) => /^(core|cli|mcp|plugin|ui)\/|^main\.ts$/.test(path))
    .flatMap(({ path, text }) =>
      [...text.matchAll(/\binstanceof\s+([\w.]+)/g)]
        .map((match) => match[1] as string)
        .filter((name) => classes.has(name))
        .map((name) => `${path}: instanceof ${name}`),
    );
}

describe('architecture', () => {
  const edges = importEdges();

  it('should find the import edges of the source tree', () => {
    expect(edges.length).toBeGreaterThan(20);
  });

  for (const rule of forbidden) {
    it(`should keep this rule: ${rule.why}`, () => {
      const violations = edges
        .filter(([from, to]) => rule.from.test(from) && rule.to.test(to))
        .map(([from, to]) => `${from} → ${to}`);
      expect(violations).toEqual([]);
    });
  }

  it('should have no import cycle between folders (src/* and src/core/*)', () => {
    expect(folderCycles(edges)).toEqual([]);
  });

  it('should test no value a port gives with instanceof against an adapter or core class: a port is all a caller knows', () => {
    const files = sourceFiles(SRC).map((file) => ({ path: relative(SRC, file), text: readFileSync(file, 'utf8') }));
    expect(instanceofOnPorts(files, carriedClasses(files))).toEqual([]);
  });

  it('should see an instanceof on a port when there is one (the check itself)', () => {
    const files = [
      { path: 'core/search/SearchIndex.ts', text: 'export class SearchIndex {}' },
      { path: 'node/NodeVault.ts', text: 'export class NodeVault implements VaultPort {}' },
      { path: 'core/errors.ts', text: 'export class AgentError extends Error {}' },
      { path: 'core/search/scan.ts', text: 'const index = vault.searchIndex instanceof SearchIndex ? 1 : 0;' },
      { path: 'cli/x.ts', text: 'if (vault instanceof NodeVault) vault.close();' },
      { path: 'mcp/y.ts', text: 'if (error instanceof AgentError) throw error;' },
      { path: 'node/z.ts', text: 'if (vault instanceof NodeVault) vault.close();' },
    ];
    expect(instanceofOnPorts(files, carriedClasses(files))).toEqual([
      'core/search/scan.ts: instanceof SearchIndex',
      'cli/x.ts: instanceof NodeVault',
    ]);
  });

  it('should see a cycle between folders when there is one (the check itself)', () => {
    expect(
      folderCycles([
        ['core/plan/a.ts', 'core/session/b'],
        ['core/session/b.ts', 'core/tools/c'],
        ['core/tools/c.ts', 'core/plan/x'],
      ]),
    ).toEqual([['core/plan', 'core/session', 'core/tools']]);
    expect(
      folderCycles([
        ['core/plan/a.ts', 'core/session/b'],
        ['ui/x.ts', 'core/plan/a'],
      ]),
    ).toEqual([]);
  });

  it('should have no two files that import each other, type imports included', () => {
    const files = new Set(sourceFiles(SRC).map((file) => relative(SRC, file).replace(/\.ts$/, '')));
    expect(twoFileCircles(edges, files)).toEqual([]);
  });

  it('should see two files that import each other (the check itself)', () => {
    const files = new Set(['core/a', 'core/b', 'core/c', 'core/vault/index']);
    expect(
      twoFileCircles(
        [
          ['core/a.ts', 'core/b'],
          ['core/b.ts', 'core/a'],
          ['core/c.ts', 'core/vault'],
          ['core/vault/index.ts', 'core/c'],
          ['core/a.ts', 'core/c'],
        ],
        files,
      ),
    ).toEqual(['core/a ↔ core/b', 'core/c ↔ core/vault/index']);
  });
});

describe('one session core, several drivers', () => {
  const files = sourceFiles(SRC).map((file) => ({ path: relative(SRC, file), text: readFileSync(file, 'utf8') }));
  const where = (pattern: RegExp): string[] => files.filter(({ text }) => pattern.test(text)).map(({ path }) => path);

  it('should open and end runs in one class: SessionRuns calls the pipeline, the loop, plans and drivers ask it', () => {
    expect(where(/\.startRun\(/)).toEqual(['core/session/SessionRuns.ts']);
    expect(where(/pipeline\??\.endRun\(/)).toEqual(['core/session/SessionRuns.ts']);
    expect(where(/implements RunOpener\b/)).toEqual(['core/session/SessionRuns.ts']);
    // A run's state is made only where the pipeline starts one (a sub-task's is a view of its parent's).
    expect(where(/approvedForRun: false/)).toEqual(['core/tool-execution/ToolExecutionPipeline.ts']);
  });

  it('should give every run the approval of whoever opened it, with no bridge that routes approvals by run id', () => {
    expect(where(/approval: \(\) => .*ApprovalPort|RunApprovals|ownsRun\(request/)).toEqual([]);
    expect(where(/\bdeps\.approval\b|this\.deps\.approval/)).toEqual([]);
  });

  it('should compose in one place: only core/runtime builds the services, loads the modes and makes sessions and drivers', () => {
    const composing = where(/new (AgentSession|OutsideDriver|AgentServices)\(|(?<!\.)\bloadModes\(\{/);
    expect(composing).toContain('core/runtime/createRuntime.ts');
    expect(composing.filter((path) => !path.startsWith('core/runtime/'))).toEqual([]);
    // No host makes a mode registry of its own beside the runtime's.
    expect(where(/new ModeService\(/).filter((path) => !path.startsWith('core/'))).toEqual([]);
  });

  it('should say in the tool metadata what each driver is offered, and decide it from nothing else', () => {
    for (const meta of TOOL_METADATA) {
      expect([meta.name, meta.offeredTo.length > 0]).toEqual([meta.name, true]);
      for (const driver of meta.offeredTo) expect(DRIVER_KINDS).toContain(driver);
      // The loop's own tools steer the model's loop: no outside client is offered them.
      if (meta.group === 'agent') expect([meta.name, meta.offeredTo]).toEqual([meta.name, ['model']]);
    }
    // What a driver is offered never comes from a tool's name: "editor.…" says nothing about who may call it.
    expect(where(/startsWith\(['"`](editor|workspace|vault|agent|commands|plugins|checkpoints|util)\./)).toEqual([]);
  });
});

describe('the repository stands alone', () => {
  const code = /\.(?:ts|mts|mjs|js|cjs)$/;

  it('should open no path outside the repository from src, test, bench or scripts', () => {
    // The checker and this test hold examples of what they catch.
    const examples = new Set([resolve('test/architecture.test.ts'), resolve('test/builders/outsideReferences.ts')]);
    const files = ['src', 'test', 'bench', 'scripts']
      .flatMap((folder) => sourceFiles(resolve(folder), code))
      .filter((file) => !examples.has(file));
    expect(files.length).toBeGreaterThan(100);
    const violations = files.flatMap((file) =>
      outsideReferences(ROOT, file, readFileSync(file, 'utf8')).map((what) => `${relative(ROOT, file)}: ${what}`),
    );
    expect(violations).toEqual([]);
  });

  it('should catch each way a file can reach outside', () => {
    const file = join(ROOT, 'test/core/x.test.ts');
    const caught = (text: string): string[] => outsideReferences(ROOT, file, text);
    // Built here, so that this file does not itself name the folder beside the repository.
    const beside = ['..', '..', '..', '..', 'shared', 'data', 'x.json'].join('/');
    expect(caught(`const s = readFileSync(fileURLToPath(new URL('${beside}', import.meta.url)));`)).toHaveLength(2);
    expect(caught("import { x } from '../../../elsewhere/x';")).toEqual(['../../../elsewhere/x']);
    expect(caught("const d = resolve(import.meta.dirname, '..', '..', '..', 'other');")).toHaveLength(1);
    expect(caught("const d = '/work/data/notes';")).toHaveLength(1);
    expect(caught("import { y } from '../../src/y'; const f = new URL('../fixtures/a.sse', import.meta.url);")).toEqual(
      [],
    );
  });
});

describe('the sources hold no merge leftovers', () => {
  it('should have no conflict markers in src, test, bench, scripts, docs or README.md', () => {
    const text = /\.(?:ts|mts|mjs|js|md|css|json)$/;
    const files = [
      ...['src', 'test', 'bench', 'scripts', 'docs'].flatMap((folder) => sourceFiles(resolve(folder), text)),
      resolve('README.md'),
      resolve('styles.css'),
    ];
    const marked = files
      .filter((file) => /^(?:<{7} |>{7} |={7}$)/m.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(marked).toEqual([]);
  });
});
