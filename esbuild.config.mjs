import esbuild from 'esbuild';
import { builtinModules } from 'node:module';
import { pathToFileURL } from 'node:url';
import { asciiOutput } from './scripts/asciiBundle.mjs';
import { leaveOut } from './scripts/leaveOut.mjs';

// Same shape as obsidianmd/obsidian-sample-plugin: one CommonJS main.js, with what Obsidian provides at run time
// left external. `node watch` is the default so `npm run dev` rebuilds on change.
const production = process.argv[2] === 'production';

/** main.js's options; exported so the start-up benchmark (bench/cases/pluginStartup.ts) builds its variants with them. */
export const mainJsOptions = (production) => ({
  entryPoints: ['src/main.ts'],
  bundle: true,
  external: [
    'obsidian',
    'electron',
    '@codemirror/autocomplete',
    '@codemirror/collab',
    '@codemirror/commands',
    '@codemirror/language',
    '@codemirror/lint',
    '@codemirror/search',
    '@codemirror/state',
    '@codemirror/view',
    '@lezer/common',
    '@lezer/highlight',
    '@lezer/lr',
    ...builtinModules,
    ...builtinModules.map((name) => `node:${name}`),
  ],
  // Stand-ins (each shim says why): a 9-line one for a polyfill chain Electron never runs, and pako (~46 KB) over node:zlib.
  alias: { 'typed-array-buffer': './scripts/shims/typed-array-buffer.cjs', pako: './scripts/shims/pako.cjs' },
  format: 'cjs',
  platform: 'browser',
  target: 'es2022',
  logLevel: 'info',
  sourcemap: production ? false : 'inline',
  treeShaking: true,
  minify: production,
  metafile: true,
  outfile: 'main.js',
  // SDK modules the plugin never reaches are left out (scripts/leaveOut.mjs lists them and says why); main.js in
  // ASCII only: V8 then keeps its source at one byte a character (scripts/asciiBundle.mjs says why).
  plugins: [leaveOut(), asciiOutput],
});

// Run as `node esbuild.config.mjs [production]`, not when imported.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const context = await esbuild.context(mainJsOptions(production));
  if (production) {
    await context.rebuild();
    await context.dispose();
  } else {
    await context.watch();
  }
}
