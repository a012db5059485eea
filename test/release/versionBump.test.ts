import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIT_IDENTITY, cloneHead, removeClone } from './freshClone';

interface Versions {
  pkg: string;
  manifest: { version: string; minAppVersion: string };
  versions: Record<string, string>;
}

function readVersions(dir: string): Versions {
  const read = (file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'));
  return {
    pkg: (read('package.json') as { version: string }).version,
    manifest: read('manifest.json') as Versions['manifest'],
    versions: read('versions.json') as Record<string, string>,
  };
}

function nextPatch(version: string): string {
  const [major, minor, patch] = version.split('.').map(Number);
  return `${major}.${minor}.${(patch ?? 0) + 1}`;
}

describe('npm version', () => {
  let dir = '';
  let before: Versions;

  beforeAll(() => {
    dir = cloneHead();
    before = readVersions(dir);
  });
  afterAll(() => removeClone(dir));

  it('should start from a package.json, manifest.json and versions.json that agree', () => {
    expect(before.manifest.version).toBe(before.pkg);
    expect(before.versions[before.pkg]).toBe(before.manifest.minAppVersion);
  });

  it('should give package.json, manifest.json and versions.json the new version, keeping minAppVersion', () => {
    execFileSync('npm', ['version', 'patch', '--no-git-tag-version'], { cwd: dir, stdio: 'pipe' });
    const after = readVersions(dir);
    const next = nextPatch(before.pkg);
    expect(after.pkg).toBe(next);
    expect(after.manifest).toEqual({ ...before.manifest, version: next });
    expect(after.versions).toEqual({ ...before.versions, [next]: before.manifest.minAppVersion });
  });

  it('should leave manifest.json and versions.json at the last stable version for a pre-release', () => {
    execFileSync('git', ['reset', '--quiet', '--hard'], { cwd: dir });
    execFileSync('npm', ['version', '0.2.0-beta.1', '--no-git-tag-version'], { cwd: dir, stdio: 'pipe' });
    const after = readVersions(dir);
    expect(after.pkg).toBe('0.2.0-beta.1');
    expect(after.manifest).toEqual(before.manifest);
    expect(after.versions).toEqual(before.versions);
  });

  it('should commit the three files and tag the bare version, without a "v"', () => {
    execFileSync('git', ['reset', '--quiet', '--hard'], { cwd: dir });
    execFileSync('npm', ['version', 'patch'], { cwd: dir, stdio: 'pipe', env: { ...process.env, ...GIT_IDENTITY } });
    const next = nextPatch(before.pkg);
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
    expect(git('tag', '--points-at', 'HEAD')).toBe(next);
    expect(git('show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual(
      ['manifest.json', 'package-lock.json', 'package.json', 'versions.json'],
    );
    expect(git('status', '--porcelain')).toBe('');
  });
});
