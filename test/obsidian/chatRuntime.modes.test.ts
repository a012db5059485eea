import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createModes, refreshVaultModes } from '../../src/plugin/chatRuntime';
import { DEFAULT_SETTINGS, type EmbeddedAgentSettings } from '../../src/settings/settings';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const researcher = {
  slug: 'researcher',
  name: 'Researcher',
  toolGroups: ['read', 'vault'],
  roleDefinition: 'You research.',
};

describe("the chat panel's modes", () => {
  it("should offer the vault's custom modes from the settings, follow changes, and report invalid ones", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'ea-modes-'));
    folders.push(folder);
    const settings: EmbeddedAgentSettings = {
      ...DEFAULT_SETTINGS,
      customModes: [researcher, { slug: 'Bad Slug', name: 'x', toolGroups: ['read'], roleDefinition: 'y' }],
    };
    const { modes, problems } = await createModes(() => settings, join(folder, 'modes.json'));
    expect(modes.listModes().map((mode) => `${mode.slug}:${mode.source}`)).toEqual([
      'ask:built-in',
      'agent:built-in',
      'researcher:vault',
    ]);
    expect(modes.toolNames('researcher')).not.toContain('vault.createFile');
    expect(problems).toEqual([
      'Custom modes (settings): mode "Bad Slug" (modes[1]): `slug` must be lowercase letters, digits and "-" (at most 40, starting with a letter or digit), got "Bad Slug"',
    ]);

    settings.customModes = [{ ...researcher, slug: 'ask', name: 'Ask (vault)' }];
    refreshVaultModes(modes, settings);
    expect(modes.listModes().map((mode) => `${mode.slug}:${mode.name}`)).toEqual(['ask:Ask (vault)', 'agent:Agent']);
  });
});
