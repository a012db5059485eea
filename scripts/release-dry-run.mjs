// Runs the release job of .github/workflows/release.yml in a fresh copy of HEAD, in a temp folder, and checks that
// the release it would draft holds main.js, manifest.json and styles.css and nothing else. Every `run` step runs as
// written, in order, with GitHub's default shell (`bash -e`); `gh` is a stand-in that records what it was asked to
// upload. Of the `uses` steps, checkout is the clone and setup-node is this Node; the attestation step is checked to
// name the same three files. The tag is package.json's version, as `npm version` would tag it; a version with a "-"
// must come out as a pre-release whose manifest.json carries that version, while the root's stays stable.
//   --skip-tests          leave out the `npm test` step (the test suite runs this script)
//   --link-node-modules   link this checkout's node_modules instead of `npm ci` (offline, faster)
//   --keep                keep the temp folder and print its path
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse as load } from 'yaml';
import { RELEASE_ASSETS, RELEASE_DIR, isPrerelease } from './release-assets.mjs';

const args = new Set(process.argv.slice(2));
const repo = process.cwd();
const workflow = load(readFileSync(join(repo, '.github/workflows/release.yml'), 'utf8'));
const steps = workflow.jobs?.release?.steps;
if (!Array.isArray(steps)) throw new Error('.github/workflows/release.yml has no jobs.release.steps list.');

// HEAD's tree committed once in a new repository, rather than a `git clone`: a CI checkout is shallow and may sit on
// a pull request's merge commit that no branch points at, and neither clones. Uncommitted changes are left out.
const dir = mkdtempSync(join(tmpdir(), 'embedded-agent-release-'));
const clone = join(dir, 'repo');
mkdirSync(clone);
const identity = {
  GIT_AUTHOR_NAME: 'Release dry run',
  GIT_AUTHOR_EMAIL: 'dry-run@example.invalid',
  GIT_COMMITTER_NAME: 'Release dry run',
  GIT_COMMITTER_EMAIL: 'dry-run@example.invalid',
};
const gitEnv = { ...process.env, ...identity };
execFileSync('tar', ['-x', '-C', clone], {
  input: execFileSync('git', ['archive', '--format=tar', 'HEAD'], { maxBuffer: 512 * 1024 * 1024 }),
});
execFileSync('git', ['init', '--quiet'], { cwd: clone, env: gitEnv });
execFileSync('git', ['add', '--all'], { cwd: clone, env: gitEnv });
execFileSync('git', ['commit', '--quiet', '--no-verify', '--message', 'HEAD of the project under release'], {
  cwd: clone,
  env: gitEnv,
});
const tag = JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8')).version;
const staged = RELEASE_ASSETS.map((file) => `${RELEASE_DIR}/${file}`);

// `gh` records its arguments, one per line, instead of creating a release.
const bin = join(dir, 'bin');
const ghLog = join(dir, 'gh-args.txt');
mkdirSync(bin);
writeFileSync(join(bin, 'gh'), `#!/usr/bin/env bash\nprintf '%s\\n' "$@" > "${ghLog}"\n`);
chmodSync(join(bin, 'gh'), 0o755);

const context = { 'github.ref_name': tag, 'github.token': 'dry-run-token' };
function expand(value) {
  return String(value).replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_, name) => {
    if (!(name in context)) throw new Error(`release.yml uses \${{ ${name} }}, which the dry run cannot stand in for.`);
    return context[name];
  });
}

const problems = [];
const env = {
  ...process.env,
  PATH: `${bin}:${process.env.PATH}`,
  GITHUB_REF_NAME: tag,
  GITHUB_REPOSITORY: 'dry-run/embedded-agent',
  RELEASE_DRY_RUN: '1',
  CI: 'true',
};
for (const step of steps) {
  const name = step.name ?? step.uses ?? step.run;
  if (step.uses) {
    if (step.uses.startsWith('actions/attest-build-provenance@')) {
      const subjects = String(step.with?.['subject-path'] ?? '')
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean);
      if (subjects.join(',') !== staged.join(',')) {
        problems.push(`The attestation covers ${subjects.join(', ') || 'nothing'}, not ${staged.join(', ')}.`);
      }
    }
    console.log(`· ${name}: stood in for`);
    continue;
  }
  const script = String(step.run);
  if (args.has('--skip-tests') && script.trim() === 'npm test') {
    console.log(`· ${name}: skipped (--skip-tests)`);
    continue;
  }
  if (args.has('--link-node-modules') && script.trim().startsWith('npm ci')) {
    symlinkSync(resolve(repo, 'node_modules'), join(clone, 'node_modules'));
    console.log(`· ${name}: linked ${resolve(repo, 'node_modules')} (--link-node-modules)`);
    continue;
  }
  console.log(`▶ ${name}`);
  const stepEnv = { ...env, ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(v)])) };
  try {
    execFileSync('bash', ['-e', '-c', script], { cwd: clone, env: stepEnv, stdio: 'inherit' });
  } catch (error) {
    console.error(`✗ The step "${name}" failed (exit ${error.status ?? error.signal}); the copy is kept at ${clone}.`);
    process.exit(1);
  }
}

// What the release would hold: the file arguments given to `gh release create`.
let uploaded = [];
try {
  const ghArgs = readFileSync(ghLog, 'utf8').split('\n').filter(Boolean);
  uploaded = ghArgs.slice(ghArgs.indexOf('--repo') + 2);
  if (!ghArgs.includes('--draft')) problems.push('The release is not created as a draft.');
  if (ghArgs.includes('--prerelease') !== isPrerelease(tag)) {
    problems.push(isPrerelease(tag) ? `${tag} is not marked a pre-release.` : `${tag} is marked a pre-release.`);
  }
} catch {
  problems.push('No step called `gh release create`.');
}
// gh names an uploaded asset after the file's base name.
const assetNames = uploaded.map((path) => path.split('/').pop());
if (assetNames.join(',') !== RELEASE_ASSETS.join(',')) {
  problems.push(
    `The release would hold ${assetNames.join(', ') || 'nothing'}, not exactly ${RELEASE_ASSETS.join(', ')}.`,
  );
}
const shippedManifest = uploaded.find((path) => path.endsWith('manifest.json'));
const shippedVersion = shippedManifest && JSON.parse(readFileSync(join(clone, shippedManifest), 'utf8')).version;
if (shippedManifest && shippedVersion !== tag)
  problems.push(`The release's manifest.json has version ${shippedVersion}, not ${tag}.`);
const rootVersion = JSON.parse(readFileSync(join(clone, 'manifest.json'), 'utf8')).version;

// Nothing beside main.js may come out of the job: a stray file would mean a build step the release misses.
const left = execFileSync('git', ['status', '--porcelain', '--ignored'], { cwd: clone, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean)
  .map((line) => line.slice(3))
  .filter((path) => path !== 'main.js' && !path.startsWith('node_modules') && !path.startsWith(`${RELEASE_DIR}/`));
if (left.length > 0) problems.push(`The job left files beside main.js and ${RELEASE_DIR}/: ${left.join(', ')}.`);

if (args.has('--keep')) console.log(`Kept ${dir}`);
else rmSync(dir, { recursive: true, force: true });
if (problems.length > 0) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
const kind = isPrerelease(tag) ? `Pre-release ${tag} (root manifest.json stays at ${rootVersion})` : `Release ${tag}`;
console.log(`✓ ${kind} would hold exactly ${assetNames.join(', ')}, its manifest.json at version ${shippedVersion}.`);
