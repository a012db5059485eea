// The files a release holds and the checks made before one is drafted. Obsidian installs a plugin from exactly
// main.js, manifest.json and styles.css attached to the release whose tag is the manifest's version
// (obsidianmd/obsidian-sample-plugin README.md, "Releasing new releases").
// The release's files are staged in release/: main.js and styles.css as built, and manifest.json with package.json's
// version. For a stable version that is the root manifest.json as it is. For a pre-release (0.2.0-beta.1) the root
// manifest.json stays at the last stable version, because Obsidian's community directory reads it from the default
// branch and accepts only x.y.z; BRAT installs the beta from the release's own manifest.json, which carries the
// beta's version.
// Run with `--tag <tag>`, it stages the files and prints their paths one per line for the release step, or names
// every problem and exits 1.
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const RELEASE_ASSETS = ['main.js', 'manifest.json', 'styles.css'];
export const RELEASE_DIR = 'release';

/** A version with a pre-release part (1.3.0-beta.1): shipped as a GitHub pre-release, never at the root. */
export function isPrerelease(version) {
  return String(version).includes('-');
}

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
  if (isPrerelease(manifest.version)) {
    problems.push(
      `manifest.json has the pre-release version ${manifest.version}: Obsidian's community directory reads it from the default branch and accepts only x.y.z; keep the last stable version there (\`npm version\` does).`,
    );
  } else if (!isPrerelease(version) && manifest.version !== version) {
    problems.push(
      `manifest.json has version ${manifest.version} but package.json has ${version}: bump with \`npm version\`.`,
    );
  }
  for (const listed of Object.keys(versions).filter(isPrerelease)) {
    problems.push(
      `versions.json lists the pre-release ${listed}: it holds stable versions only, which Obsidian offers to older apps.`,
    );
  }
  if (versions[manifest.version] !== manifest.minAppVersion) {
    problems.push(
      `versions.json maps ${manifest.version} to ${versions[manifest.version] ?? 'nothing'}, expected minAppVersion ${manifest.minAppVersion}.`,
    );
  }
  if (tag !== undefined && tag !== version) {
    problems.push(
      `The tag "${tag}" is not package.json's version "${version}" (Obsidian expects the bare version, no "v").`,
    );
  }
  return problems;
}

/** Copies the release's files into release/, its manifest.json carrying package.json's version; returns their paths. */
export function stageRelease(root) {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8'));
  mkdirSync(join(root, RELEASE_DIR), { recursive: true });
  for (const file of RELEASE_ASSETS) {
    const target = join(root, RELEASE_DIR, file);
    if (file === 'manifest.json') writeFileSync(target, `${JSON.stringify({ ...manifest, version }, null, 2)}\n`);
    else copyFileSync(join(root, file), target);
  }
  return RELEASE_ASSETS.map((file) => `${RELEASE_DIR}/${file}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--tag');
  const tag = at === -1 ? undefined : process.argv[at + 1];
  const problems = releaseProblems(process.cwd(), tag);
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
  const paths = tag === undefined ? RELEASE_ASSETS : stageRelease(process.cwd());
  console.log(paths.join('\n'));
}
