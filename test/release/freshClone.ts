import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Who commits in a clone: CI machines have no git identity configured. */
export const GIT_IDENTITY = {
  GIT_AUTHOR_NAME: 'Release test',
  GIT_AUTHOR_EMAIL: 'release-test@example.invalid',
  GIT_COMMITTER_NAME: 'Release test',
  GIT_COMMITTER_EMAIL: 'release-test@example.invalid',
};

/**
 * The committed HEAD in a new temp folder, as a repository of its own, the way CI and a release see the project:
 * uncommitted changes are not in it. It is HEAD's tree (`git archive`) committed once, not a `git clone`, because
 * a CI checkout is shallow and its HEAD may be a pull request's merge commit that no branch points at, and neither
 * clones. The caller removes it with `removeClone`.
 */
export function cloneHead(): string {
  const dir = mkdtempSync(join(tmpdir(), 'embedded-agent-clone-'));
  const tree = execFileSync('git', ['archive', '--format=tar', 'HEAD'], { maxBuffer: 512 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: tree });
  const env = { ...process.env, ...GIT_IDENTITY };
  execFileSync('git', ['init', '--quiet'], { cwd: dir, env });
  execFileSync('git', ['add', '--all'], { cwd: dir, env });
  execFileSync('git', ['commit', '--quiet', '--no-verify', '--message', 'HEAD of the project under test'], { cwd: dir, env });
  return dir;
}

export function removeClone(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

