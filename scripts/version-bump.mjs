// `npm version <x>` runs this (package.json "version" script) after writing the new version to package.json and
// before it commits: manifest.json takes the same version and keeps its minAppVersion, and versions.json maps the
// new version to that minAppVersion, so an older Obsidian is offered the last release it can run. Same idea as
// obsidianmd/obsidian-sample-plugin version-bump.mjs, except that versions.json always gets the new version's entry
// (the sample skips it when another version already maps to the same minAppVersion).
// A pre-release (a version with a "-", such as 0.2.0-beta.1) leaves both files alone: Obsidian's community
// directory reads manifest.json and versions.json from the default branch and accepts only x.y.z there, so the root
// stays at the last stable version and the release job ships a manifest.json of the beta's own version instead
// (scripts/release-assets.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { isPrerelease } from './release-assets.mjs';

const version = process.env.npm_package_version;
if (!version) {
  console.error('npm_package_version is not set: run this through `npm version <patch|minor|major|x.y.z>`.');
  process.exit(2);
}
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const writeJson = (file, value) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

if (isPrerelease(version)) {
  const stable = readJson('manifest.json').version;
  console.log(
    `${version} is a pre-release: manifest.json and versions.json stay at ${stable}; the release ships its own manifest.json.`,
  );
  process.exit(0);
}

const manifest = readJson('manifest.json');
manifest.version = version;
writeJson('manifest.json', manifest);

const versions = readJson('versions.json');
versions[version] = manifest.minAppVersion;
writeJson('versions.json', versions);
