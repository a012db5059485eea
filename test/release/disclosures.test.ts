import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inspectBundle } from '../../scripts/submission/desktopApis';

// The developer policies allow network use and files outside the vault only when README discloses them
// (obsidian-developer-docs: en/Community directory/Developer policies.md, "Disclosures").
const README = readFileSync('README.md', 'utf8');
const DEVELOPMENT = readFileSync('docs/development.md', 'utf8');

/** A `## ` section of a page, from its heading to the next one. */
function section(page: string, heading: string): string {
  const start = page.indexOf(`\n## ${heading}\n`);
  if (start < 0) return '';
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

const DISCLOSURES = section(README, 'What leaves your machine');
const SCANNER_SECTION = section(DEVELOPMENT, "What Obsidian's review scanner flags, and why");

// The behaviour rules of eslint-plugin-obsidianmd (lib/rules/behavior/index.ts in obsidianmd/eslint-plugin).
const BEHAVIOUR_RULES = [
  'no-hardware-fingerprinting',
  'no-system-identity',
  'no-electron-ipc',
  'clipboard-access',
  'no-local-storage',
  'vault-read',
  'vault-write',
  'vault-enumeration',
  'no-self-disable-enable',
  'no-self-update',
  'no-periodic-network',
  'no-filesystem-access',
  'no-shell-execution',
];

describe('README disclosures', () => {
  it('should say, before MCP clients and settings, what goes over the network and which files outside the vault are used', () => {
    expect(DISCLOSURES.length).toBeGreaterThan(0);
    expect(README.indexOf(DISCLOSURES)).toBeLessThan(README.indexOf('\n## Use it from Claude Code'));
    for (const fact of [
      'Only two things go over the network',
      '**Your chosen LLM provider**',
      '`community-plugins.json`',
      'Nothing listens for connections unless you switch on the MCP server',
      '**Files outside the vault**',
      '`checkpointLocation`',
      '`<user config folder>/embedded-agent/modes.json`',
      'Nothing else outside the vault is read or written.',
    ])
      expect(DISCLOSURES).toContain(fact);
  });

  it('should list every install route for users before building from source', () => {
    const install = section(README, 'Install');
    for (const route of ['**From a release.**', '**Betas, with BRAT.**']) expect(install).toContain(route);
    expect(README.indexOf(install)).toBeLessThan(README.indexOf('\n## From source\n'));
  });

  it('should give the set-up commands word for word under "From source", which CI and new contributors start from', () => {
    expect(section(README, 'From source')).toContain(
      '```sh\n# build main.js, manifest.json and styles.css\nnpm ci && npm run build\n# lint, typecheck and every test\nnpm test\n```',
    );
  });
});

describe("docs/development.md's table of what the review scanner flags", () => {
  it('should be linked from the README', () => {
    expect(README).toContain('](docs/development.md)');
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
});
