import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Window } from 'happy-dom';

export const ROOT = resolve(import.meta.dirname, '..');

/** happy-dom's window as the global scope, as vitest's happy-dom environment provides it. Once per process. */
export function installDom(): void {
  const scope = globalThis as Record<string, unknown>;
  if (scope.document !== undefined) return;
  const window = new Window({ url: 'http://localhost/' });
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in scope) continue;
    scope[key] = (window as unknown as Record<string, unknown>)[key];
  }
  scope.window = window;
  scope.document = window.document;
}

/** Bundles `entry` (a path from the root) for Node as one ES module, with `obsidian` aliased to the test double. */
export async function bundleWithDouble(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile,
    alias: { obsidian: join(ROOT, 'test/obsidian-double/index.ts') },
    packages: 'external',
    logLevel: 'warning',
  });
}

/**
 * Bundles a benchmark entry with `obsidian` aliased to the test double (as vitest does) and imports it. The bundle
 * sits inside the project, so its bare imports resolve from node_modules.
 */
export async function loadBundled<T>(entry: string): Promise<T> {
  mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'ea-bench-'));
  const outfile = join(dir, 'entry.mjs');
  await bundleWithDouble(entry, outfile);
  try {
    // eslint-disable-next-line no-unsanitized/method -- the bundle this benchmark just built, from a temp folder it made
    return (await import(pathToFileURL(outfile).href)) as T;
  } finally {
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
}
