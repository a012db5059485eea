import { createHash } from 'node:crypto';
import { join } from 'node:path';

/**
 * Where `npm start` keeps the terminal runner bundled for the checkout at `root`, and V8's code for it beside it.
 * One bundle per checkout: git worktrees may share one node_modules, and each must run its own sources.
 */
export function cliBundle(root) {
  const bundle = join(
    root,
    'node_modules',
    '.cache',
    'embedded-agent',
    `cli-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.cjs`,
  );
  return { bundle, codeCache: `${bundle}.v8cache` };
}
