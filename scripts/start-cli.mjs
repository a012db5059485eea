// `npm start`: the terminal runner. tsx compiled every source file on each start (about 1.3 s before the prompt);
// here the runner is bundled once with esbuild, into node_modules/.cache, and bundled again only when a file it
// is built from changed, so a start takes about 0.2 s. V8's code for the bundle is kept beside it (`.v8cache`), so
// a start after the first skips compiling it again: an MCP client spawns `mcp` at every session start.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { Script } from 'node:vm';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliBundle } from './cliBundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { bundle, codeCache } = cliBundle(root);

/** The newest modification time among the runner's sources and what decides its dependencies. */
function newestInput() {
  let newest = 0;
  const visit = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  visit(join(root, 'src'));
  for (const file of ['package-lock.json', 'tsconfig.json']) if (existsSync(join(root, file))) visit(join(root, file));
  return newest;
}

if (!existsSync(bundle) || statSync(bundle).mtimeMs < newestInput()) {
  mkdirSync(dirname(bundle), { recursive: true });
  const { build } = await import('esbuild');
  // Built beside it and renamed into place, so a runner starting meanwhile never loads half a bundle.
  const partial = `${bundle}.${process.pid}.tmp`;
  await build({
    entryPoints: [join(root, 'src/cli/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: partial,
    logLevel: 'warning',
  });
  // The code cached for the old bundle must never run for the new one (V8 checks little more than the length).
  rmSync(codeCache, { force: true });
  renameSync(partial, bundle);
}
runBundle();

/**
 * Runs the bundle as CommonJS, compiled with the code V8 cached from an earlier start when there is one. Without one
 * (or when V8 refuses it: another Node), this run's code is cached as it exits.
 */
function runBundle() {
  let cachedData;
  try {
    cachedData = readFileSync(codeCache);
  } catch {
    cachedData = undefined;
  }
  const script = new Script(Module.wrap(readFileSync(bundle, 'utf8')), { filename: bundle, cachedData });
  const module = { exports: {}, filename: bundle, id: bundle };
  // The bundle reads its arguments from process.argv.slice(2): the same as this script's.
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  if (cachedData !== undefined && !script.cachedDataRejected) return;
  // At exit, the cache holds every function this run compiled, not only the top level.
  process.once('exit', () => {
    const partialCache = `${codeCache}.${process.pid}.tmp`;
    try {
      writeFileSync(partialCache, script.createCachedData());
      renameSync(partialCache, codeCache);
    } catch {
      // A cache that cannot be written costs the next start its compile, nothing more.
      rmSync(partialCache, { force: true });
    }
  });
}
