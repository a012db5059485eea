import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inspectBundle } from '../../scripts/submission/desktopApis';

// The developer policies allow network use and files outside the vault only when README discloses them
// (obsidian-developer-docs: en/Community directory/Developer policies.md, "Disclosures").
const README = readFileSync('README.md', 'utf8');
const SCANNER_SECTION = README.slice(README.indexOf("## What Obsidian's review scanner flags"), README.indexOf('## Tools'));

// The behaviour rules of eslint-plugin-obsidianmd (lib/rules/behavior/index.ts in obsidianmd/eslint-plugin).
const BEHAVIOUR_RULES = [
  'no-hardware-fingerprinting', 'no-system-identity', 'no-electron-ipc', 'clipboard-access', 'no-local-storage',
  'vault-read', 'vault-write', 'vault-enumeration', 'no-self-disable-enable', 'no-self-update', 'no-periodic-network',
  'no-filesystem-access', 'no-shell-execution',
];

describe('README disclosures', () => {
  it('should come right after "What goes over the network"', () => {
    expect(README.indexOf('## What goes over the network')).toBeLessThan(README.indexOf("## What Obsidian's review scanner flags"));
    expect(SCANNER_SECTION.length).toBeGreaterThan(0);
  });

  it.each(BEHAVIOUR_RULES)('should say what the scanner rule %s finds', (rule) => {
    expect(SCANNER_SECTION).toContain(`\`${rule}\``);
  });

  it('should name every file of main.js that reaches the file system directly (files outside the vault)', async () => {
    const { desktopImporters } = await inspectBundle('src/main.ts');
    const fsFiles = [...new Set(['fs', 'fs/promises'].flatMap((name) => desktopImporters[name] ?? []))];
    expect(fsFiles.length).toBeGreaterThan(0);
    expect(fsFiles.filter((file) => !SCANNER_SECTION.includes(`\`${file}\``))).toEqual([]);
  });

  it('should list every install route for users before the developers\' section', () => {
    const install = README.indexOf('## Install');
    expect(install).toBeGreaterThan(0);
    expect(install).toBeLessThan(README.indexOf('## Development'));
    const section = README.slice(install, README.indexOf('## ', install + 3));
    for (const route of ['**From a release.**', '**Betas, with BRAT.**', '**From source.**']) expect(section).toContain(route);
  });
});
