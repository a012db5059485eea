import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ASSETS_SCRIPT = resolve('scripts/release-assets.mjs');

describe('scripts/release-assets.mjs', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function releaseFolder(version: string, versions: Record<string, string>): string {
    dir = mkdtempSync(join(tmpdir(), 'embedded-agent-assets-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ version }));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ version, minAppVersion: '1.11.4' }));
    writeFileSync(join(dir, 'versions.json'), JSON.stringify(versions));
    writeFileSync(join(dir, 'main.js'), 'module.exports = {};\n');
    writeFileSync(join(dir, 'styles.css'), '.x {}\n');
    return dir;
  }

  it('should list exactly the three release files for the matching tag', () => {
    const cwd = releaseFolder('1.2.3', { '1.2.3': '1.11.4' });
    expect(execFileSync('node', [ASSETS_SCRIPT, '--tag', '1.2.3'], { cwd, encoding: 'utf8' })).toBe('main.js\nmanifest.json\nstyles.css\n');
  });

  it('should refuse a "v" tag and a versions.json without the version, naming both', () => {
    const cwd = releaseFolder('1.2.3', { '1.2.2': '1.11.4' });
    const run = spawnSync('node', [ASSETS_SCRIPT, '--tag', 'v1.2.3'], { cwd, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'versions.json maps 1.2.3 to nothing, expected minAppVersion 1.11.4.\n' +
        'The tag "v1.2.3" is not manifest.json\'s version "1.2.3" (Obsidian expects the bare version, no "v").\n',
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
      expect(out).toMatch(/✓ Release \S+ would hold exactly main\.js, manifest\.json, styles\.css\./);
    },
    600_000,
  );
});
