// Copies the three build files into <vault>/.obsidian/plugins/embedded-agent/ (run `npm run build` first).
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const vault = process.argv[2];
if (!vault) {
  console.error('Usage: npm run install-plugin -- <path to your vault>');
  process.exit(2);
}
const root = resolve(vault);
if (!existsSync(root) || !statSync(root).isDirectory()) {
  console.error(`"${root}" is not a folder. Give the path of your vault (the folder that contains .obsidian).`);
  process.exit(2);
}
if (!existsSync(join(root, '.obsidian'))) {
  console.error(`"${root}" has no .obsidian folder: open it once in Obsidian as a vault, then run this again.`);
  process.exit(2);
}
for (const file of ['main.js', 'manifest.json', 'styles.css']) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`npm run build\` first.`);
    process.exit(2);
  }
}
const target = join(root, '.obsidian', 'plugins', 'embedded-agent');
mkdirSync(target, { recursive: true });
for (const file of ['main.js', 'manifest.json', 'styles.css']) copyFileSync(file, join(target, file));
console.log(`Installed into ${target}. In Obsidian: Settings → Community plugins → enable "Embedded Agent".`);
