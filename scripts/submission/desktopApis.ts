import { isBuiltin } from 'node:module';
import { build } from 'esbuild';

/**
 * The Node.js and Electron modules main.js loads, found by bundling `entry` the way esbuild.config.mjs does and
 * recording every import esbuild would leave to `require` at run time. The submission requirements allow these on
 * desktop only ("Node.js and Electron APIs are only allowed on desktop": obsidian-developer-docs,
 * en/Community directory/Submission requirements for plugins.md). A lazy `require` counts too: it still runs.
 */
export async function desktopOnlyModules(entry: string): Promise<string[]> {
  const found = new Set<string>();
  await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'browser',
    logLevel: 'silent',
    external: ['obsidian', '@codemirror/*', '@lezer/*'],
    alias: { 'typed-array-buffer': './scripts/shims/typed-array-buffer.cjs' },
    plugins: [
      {
        name: 'record-desktop-modules',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path !== 'electron' && !args.path.startsWith('electron/') && !isBuiltin(args.path)) return undefined;
            found.add(args.path.replace(/^node:/, ''));
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return [...found].sort();
}
