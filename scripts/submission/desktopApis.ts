import { isBuiltin } from 'node:module';
import { build } from 'esbuild';

/** What goes into main.js: the Node.js and Electron modules it loads, and every file bundled into it. */
export interface BundleFacts {
  desktopModules: string[];
  /** For each Node.js or Electron module, the bundled files that import it (`fs` → `src/node/NodeGitFs.ts`, …). */
  desktopImporters: Record<string, string[]>;
  /** Bundled files, relative to the working folder (`src/…`, or a path through node_modules). */
  inputs: string[];
  /** The bundled files that load with main.js: reached from the entry without a dynamic `import()`. */
  eagerInputs: string[];
}

/**
 * The Node.js and Electron modules main.js loads, found by bundling `entry` the way esbuild.config.mjs does and
 * recording every import esbuild would leave to `require` at run time. The submission requirements allow these on
 * desktop only ("Node.js and Electron APIs are only allowed on desktop": obsidian-developer-docs,
 * en/Community directory/Submission requirements for plugins.md). A lazy `require` counts too: it still runs.
 */
export async function inspectBundle(entry: string): Promise<BundleFacts> {
  const found = new Set<string>();
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'cjs',
    platform: 'browser',
    logLevel: 'silent',
    external: ['obsidian', '@codemirror/*', '@lezer/*'],
    alias: { 'typed-array-buffer': './scripts/shims/typed-array-buffer.cjs', pako: './scripts/shims/pako.cjs' },
    plugins: [
      {
        name: 'record-desktop-modules',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path !== 'electron' && !args.path.startsWith('electron/') && !isBuiltin(args.path))
              return undefined;
            found.add(args.path.replace(/^node:/, ''));
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  const { inputs } = result.metafile;
  const desktopImporters: Record<string, string[]> = {};
  for (const [path, input] of Object.entries(inputs)) {
    for (const use of input.imports) {
      const name = use.path.replace(/^node:/, '');
      if (use.external && found.has(name)) (desktopImporters[name] ??= []).push(path);
    }
  }
  const eager = new Set<string>();
  const pending = Object.keys(inputs).filter((path) => path.endsWith(entry.replace(/^\.\//, '')));
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (eager.has(path)) continue;
    eager.add(path);
    for (const use of inputs[path]?.imports ?? []) {
      if (use.kind !== 'dynamic-import' && !use.external) pending.push(use.path);
    }
  }
  return {
    desktopModules: [...found].sort(),
    desktopImporters,
    inputs: Object.keys(inputs),
    eagerInputs: [...eager].sort(),
  };
}
