// The files a release holds and the checks made before one is drafted. Obsidian installs a plugin from exactly
// main.js, manifest.json and styles.css attached to the release whose tag is the manifest's version
// (obsidianmd/obsidian-sample-plugin README.md, "Releasing new releases"). Run with `--tag <tag>`, it prints the
// files one per line for the release step, or names every problem and exits 1.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const RELEASE_ASSETS = ['main.js', 'manifest.json', 'styles.css'];

/** Every reason `root` cannot be released as `tag` (no tag: the files and versions only), or an empty list. */
export function releaseProblems(root, tag) {
  const problems = [];
  for (const file of RELEASE_ASSETS) {
    const path = join(root, file);
    if (!existsSync(path)) problems.push(`${file} is missing: run \`npm run build\` first.`);
    else if (statSync(path).size === 0) problems.push(`${file} is empty.`);
  }
  const read = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));
  const manifest = read('manifest.json');
  const { version } = read('package.json');
  const versions = read('versions.json');
  if (manifest.version !== version) {
    problems.push(`manifest.json has version ${manifest.version} but package.json has ${version}: bump with \`npm version\`.`);
  }
  if (versions[manifest.version] !== manifest.minAppVersion) {
    problems.push(
      `versions.json maps ${manifest.version} to ${versions[manifest.version] ?? 'nothing'}, expected minAppVersion ${manifest.minAppVersion}.`,
    );
  }
  if (tag !== undefined && tag !== manifest.version) {
    problems.push(`The tag "${tag}" is not manifest.json's version "${manifest.version}" (Obsidian expects the bare version, no "v").`);
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--tag');
  const problems = releaseProblems(process.cwd(), at === -1 ? undefined : process.argv[at + 1]);
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
  console.log(RELEASE_ASSETS.join('\n'));
}
