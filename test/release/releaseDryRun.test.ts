import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GIT_IDENTITY, cloneHead, removeClone } from './freshClone';

const ASSETS_SCRIPT = resolve('scripts/release-assets.mjs');

function versionIn(file: string): string {
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

describe('scripts/release-assets.mjs', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function releaseFolder(version: string, versions: Record<string, string>, rootVersion = version): string {
    dir = mkdtempSync(join(tmpdir(), 'embedded-agent-assets-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ version }));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ version: rootVersion, minAppVersion: '1.11.4' }));
    writeFileSync(join(dir, 'versions.json'), JSON.stringify(versions));
    writeFileSync(join(dir, 'main.js'), 'module.exports = {};\n');
    writeFileSync(join(dir, 'styles.css'), '.x {}\n');
    return dir;
  }

  it('should stage exactly the three release files for the matching tag', () => {
    const cwd = releaseFolder('1.2.3', { '1.2.3': '1.11.4' });
    expect(execFileSync('node', [ASSETS_SCRIPT, '--tag', '1.2.3'], { cwd, encoding: 'utf8' })).toBe(
      'release/main.js\nrelease/manifest.json\nrelease/styles.css\n',
    );
    expect(readFileSync(join(cwd, 'release/main.js'), 'utf8')).toBe('module.exports = {};\n');
    expect(JSON.parse(readFileSync(join(cwd, 'release/manifest.json'), 'utf8'))).toEqual({ version: '1.2.3', minAppVersion: '1.11.4' });
  });

  it("should ship a beta's own manifest.json while the root one stays at the last stable version", () => {
    const cwd = releaseFolder('1.3.0-beta.1', { '1.2.3': '1.11.4' }, '1.2.3');
    execFileSync('node', [ASSETS_SCRIPT, '--tag', '1.3.0-beta.1'], { cwd, encoding: 'utf8' });
    expect(versionIn(join(cwd, 'release/manifest.json'))).toBe('1.3.0-beta.1');
    expect(versionIn(join(cwd, 'manifest.json'))).toBe('1.2.3');
  });

  it('should refuse a pre-release at the root, where the community directory reads it, naming both files', () => {
    const cwd = releaseFolder('1.3.0-beta.1', { '1.2.3': '1.11.4', '1.3.0-beta.1': '1.11.4' });
    const run = spawnSync('node', [ASSETS_SCRIPT, '--tag', '1.3.0-beta.1'], { cwd, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('manifest.json has the pre-release version 1.3.0-beta.1');
    expect(run.stderr).toContain('versions.json lists the pre-release 1.3.0-beta.1');
  });

  it('should refuse a "v" tag and a versions.json without the version, naming both', () => {
    const cwd = releaseFolder('1.2.3', { '1.2.2': '1.11.4' });
    const run = spawnSync('node', [ASSETS_SCRIPT, '--tag', 'v1.2.3'], { cwd, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'versions.json maps 1.2.3 to nothing, expected minAppVersion 1.11.4.\n' +
        'The tag "v1.2.3" is not package.json\'s version "1.2.3" (Obsidian expects the bare version, no "v").\n',
    );
  });
});

describe('npm run release:dry-run', () => {
  // Inside a dry run's own clone (RELEASE_DRY_RUN=1) this would start a dry run within a dry run.
  it.skipIf(process.env.RELEASE_DRY_RUN === '1')(
    'should run the release job in a fresh clone and draft a release holding exactly main.js, manifest.json and styles.css',
    () => {
      // The test suite is the one running, so the job's `npm test` step is left out, and the clone shares these
      // node_modules instead of a second `npm ci`.
      const out = execFileSync('node', ['scripts/release-dry-run.mjs', '--skip-tests', '--link-node-modules'], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
      expect(out).toMatch(/✓ Release (\S+) would hold exactly main\.js, manifest\.json, styles\.css, its manifest\.json at version \1\./);
    },
    600_000,
  );

  it.skipIf(process.env.RELEASE_DRY_RUN === '1')(
    'should draft a beta as a pre-release whose manifest.json has its version, the root staying at the last stable one',
    () => {
      const clone = cloneHead();
      try {
        symlinkSync(resolve('node_modules'), join(clone, 'node_modules'));
        const stable = versionIn(join(clone, 'manifest.json'));
        execFileSync('npm', ['version', '9.9.0-beta.1'], { cwd: clone, stdio: 'pipe', env: { ...process.env, ...GIT_IDENTITY } });
        const out = execFileSync('node', ['scripts/release-dry-run.mjs', '--skip-tests', '--link-node-modules'], {
          cwd: clone,
          encoding: 'utf8',
          stdio: 'pipe',
        });
        expect(out).toContain(
          `✓ Pre-release 9.9.0-beta.1 (root manifest.json stays at ${stable}) would hold exactly main.js, manifest.json, styles.css, its manifest.json at version 9.9.0-beta.1.`,
        );
      } finally {
        removeClone(clone);
      }
    },
    600_000,
  );
});
