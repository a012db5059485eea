import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { obsidianApiUses } from '../../scripts/submission/apiUsage';
import { inspectBundle } from '../../scripts/submission/desktopApis';
import { manifestProblems, type CodeFacts, type ManifestRule } from '../../scripts/submission/manifestRules';
import { buildSinceTable } from '../../scripts/submission/sinceTable';
import { SOURCE_RULES, lintSourceSample, type SourceRule } from '../../scripts/submission/sourceRules';

// The rules a submission is reviewed by (obsidian-developer-docs: en/Community directory/Submission requirements for
// plugins.md, Developer policies.md, en/Plugins/Releasing/Plugin guidelines.md), each with one sample that breaks it,
// and the real repository passing all of them.

const SINCE = buildSinceTable(resolve('node_modules/obsidian/obsidian.d.ts'));
const MANIFEST = JSON.parse(readFileSync('manifest.json', 'utf8')) as Record<string, unknown>;
const NO_CODE: CodeFacts = { desktopModules: [], apiUses: [] };

function compilerOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(resolve('tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(`tsconfig.json: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    },
  });
  if (parsed === undefined) throw new Error('tsconfig.json could not be read');
  return parsed.options;
}

async function rulesBroken(manifest: Record<string, unknown>, facts = NO_CODE): Promise<ManifestRule[]> {
  return [...new Set((await manifestProblems(JSON.stringify(manifest, null, 2), facts)).map((p) => p.rule))];
}

describe('obsidian.d.ts @since table', () => {
  it('should date SecretStorage and App.secretStorage to 1.11.4', () => {
    expect(SINCE.get('SecretStorage')).toBe('1.11.4');
    expect(SINCE.get('App.secretStorage')).toBe('1.11.4');
  });
});

describe('manifest.json submission rules: one breaking sample per rule', () => {
  it('should require every field with its type (isDesktopOnly missing)', async () => {
    const { isDesktopOnly: _dropped, ...rest } = MANIFEST;
    expect(await rulesBroken(rest)).toEqual(['fields']);
  });

  it('should refuse "plugin" in the id', async () => {
    expect(await rulesBroken({ ...MANIFEST, id: 'embedded-agent-plugin' })).toEqual(['forbidden-words']);
  });

  it('should refuse "Obsidian" in the name', async () => {
    expect(await rulesBroken({ ...MANIFEST, name: 'Obsidian Agent' })).toEqual(['forbidden-words']);
  });

  it('should refuse a description that starts "This is a plugin"', async () => {
    const description = 'This is a plugin that chats with an agent about your vault.';
    expect(await rulesBroken({ ...MANIFEST, description })).toEqual(['forbidden-words']);
  });

  it('should refuse a description over 250 characters', async () => {
    expect(await rulesBroken({ ...MANIFEST, description: `${'Chat with an agent about your notes, '.repeat(7)}today.` })).toEqual(['description']);
  });

  it('should refuse a description without a closing period', async () => {
    expect(await rulesBroken({ ...MANIFEST, description: 'Chat with an agent about your vault' })).toEqual(['description']);
  });

  it('should refuse a description with an emoji', async () => {
    expect(await rulesBroken({ ...MANIFEST, description: 'Chat with an agent about your vault 🤖.' })).toEqual(['description']);
  });

  it('should require isDesktopOnly true while main.js loads Node.js or Electron modules', async () => {
    const problems = await manifestProblems(JSON.stringify({ ...MANIFEST, isDesktopOnly: false }), { ...NO_CODE, desktopModules: ['fs'] });
    expect(problems).toEqual([
      { rule: 'desktop-only', message: 'manifest.json: isDesktopOnly must be true, because main.js loads fs (Node.js or Electron), got false.' },
    ]);
  });

  it('should require a minAppVersion no older than the newest API the code calls (SecretStorage: 1.11.4)', async () => {
    const sample = resolve('test/release/__samples__/usesSecretStorage.ts');
    const code = "import type { App } from 'obsidian';\nexport const read = (app: App) => app.secretStorage.getSecret('key');\n";
    const apiUses = obsidianApiUses([sample], compilerOptions(), SINCE, new Map([[sample, code]]));
    const problems = await manifestProblems(JSON.stringify({ ...MANIFEST, minAppVersion: '1.4.0' }), { ...NO_CODE, apiUses });
    expect(problems).toEqual([
      {
        rule: 'min-app-version',
        message: 'manifest.json: minAppVersion 1.4.0 is older than 1.11.4, which App.secretStorage (used at test/release/__samples__/usesSecretStorage.ts:2) needs.',
      },
    ]);
  });
});

describe('source submission rules: one breaking sample per rule', () => {
  let rules: Partial<Record<SourceRule, Linter.RuleEntry>> = {};

  beforeAll(async () => {
    const config = (await new ESLint().calculateConfigForFile('src/main.ts')) as Linter.Config;
    rules = Object.fromEntries(Object.keys(SOURCE_RULES).map((id) => [id, config.rules?.[id] ?? 'off']));
  });

  it.each(Object.keys(SOURCE_RULES))('should make %s an error for src/ in eslint.config.mjs', (id) => {
    const entry = rules[id as SourceRule];
    expect(Array.isArray(entry) ? entry[0] : entry).toBe(2);
  });

  const samples: Record<SourceRule, string> = {
    'obsidianmd/commands/no-plugin-id-in-command-id':
      "this.addCommand({ id: 'embedded-agent-open-chat', name: 'Open chat', callback: () => {} });",
    'obsidianmd/commands/no-default-hotkeys':
      "this.addCommand({ id: 'open-chat', name: 'Open chat', hotkeys: [{ modifiers: ['Mod'], key: 'k' }], callback: () => {} });",
    'obsidianmd/ui/sentence-case': "new Setting(containerEl).setName('Allow Shell Commands');",
    '@microsoft/sdl/no-inner-html': "containerEl.innerHTML = '<b>Done</b>';",
  };

  it.each(Object.entries(samples))('should fail %s on a sample that breaks it', async (id, code) => {
    const findings = await lintSourceSample(code, rules);
    expect(findings.length, findings.join('\n')).toBeGreaterThan(0);
    expect(findings.every((f) => f.startsWith(`${id}:`)), findings.join('\n')).toBe(true);
  });
});

describe('this repository', () => {
  it('should load nothing of the terminal runner or the MCP server with main.js (only a lazy import() may)', async () => {
    const { inputs, eagerInputs } = await inspectBundle('src/main.ts');
    expect(eagerInputs).toContain('src/main.ts');
    expect(eagerInputs.length).toBeGreaterThan(100);
    expect(inputs).toEqual(expect.arrayContaining(eagerInputs));
    expect(eagerInputs.filter((path) => /^src\/(cli|mcp)\/|@modelcontextprotocol\//.test(path))).toEqual([]);
  });

  it('should pass every manifest.json rule, given what main.js loads and calls', async () => {
    const facts: CodeFacts = {
      desktopModules: (await inspectBundle('src/main.ts')).desktopModules,
      apiUses: obsidianApiUses([resolve('src/main.ts')], compilerOptions(), SINCE),
    };
    expect(facts.desktopModules).toContain('fs');
    expect(facts.apiUses.map((u) => u.api)).toContain('App.secretStorage');
    expect(await manifestProblems(readFileSync('manifest.json', 'utf8'), facts)).toEqual([]);
  }, 120_000);
});
