import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A clone of the committed HEAD in a new temp folder, the way CI and a release see the repository: uncommitted
 * changes are not in it. The caller removes it with `removeClone`.
 */
export function cloneHead(): string {
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const dir = mkdtempSync(join(tmpdir(), 'embedded-agent-clone-'));
  execFileSync('git', ['clone', '--quiet', '--no-checkout', process.cwd(), dir]);
  execFileSync('git', ['checkout', '--quiet', head], { cwd: dir });
  return dir;
}

export function removeClone(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Who commits in a clone: CI machines have no git identity configured. */
export const GIT_IDENTITY = {
  GIT_AUTHOR_NAME: 'Release test',
  GIT_AUTHOR_EMAIL: 'release-test@example.invalid',
  GIT_COMMITTER_NAME: 'Release test',
  GIT_COMMITTER_EMAIL: 'release-test@example.invalid',
};
