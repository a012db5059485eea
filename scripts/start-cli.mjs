// `npm start`: the terminal runner. tsx compiled every source file on each start (about 1.3 s before the prompt);
// here the runner is bundled once with esbuild, into node_modules/.cache, and bundled again only when a file it
// is built from changed, so a start takes about 0.2 s.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// One bundle per checkout: git worktrees may share one node_modules, and each must run its own sources.
const bundle = join(
  root,
  'node_modules',
  '.cache',
  'embedded-agent',
  `cli-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.cjs`,
);

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
  renameSync(partial, bundle);
}
// The bundle reads its arguments from process.argv.slice(2): the same as this script's.
createRequire(import.meta.url)(bundle);
