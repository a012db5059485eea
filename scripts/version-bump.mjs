// `npm version <x>` runs this (package.json "version" script) after writing the new version to package.json and
// before it commits: manifest.json takes the same version and keeps its minAppVersion, and versions.json maps the
// new version to that minAppVersion, so an older Obsidian is offered the last release it can run. Same idea as
// obsidianmd/obsidian-sample-plugin version-bump.mjs, except that versions.json always gets the new version's entry
// (the sample skips it when another version already maps to the same minAppVersion).
import { readFileSync, writeFileSync } from 'node:fs';

const version = process.env.npm_package_version;
if (!version) {
  console.error('npm_package_version is not set: run this through `npm version <patch|minor|major|x.y.z>`.');
  process.exit(2);
}
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const writeJson = (file, value) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

const manifest = readJson('manifest.json');
manifest.version = version;
writeJson('manifest.json', manifest);

const versions = readJson('versions.json');
versions[version] = manifest.minAppVersion;
writeJson('versions.json', versions);
