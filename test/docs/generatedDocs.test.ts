import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderToolReference } from '../../scripts/toolReference';

describe('docs/reference/tools.md', () => {
  it('should match what the metadata table generates (run `npm run docs` after changing a tool)', () => {
    expect(readFileSync('docs/reference/tools.md', 'utf8')).toBe(renderToolReference());
  });

  it('should document every input field with its default', () => {
    const doc = renderToolReference();
    expect(doc).toContain('| `collisionStrategy` | "error" \\| "overwrite" \\| "create-unique" | no | `"create-unique"` |');
    expect(doc).toContain('| `limit` | integer | no | `50` |');
    expect(doc).toContain('Wire name `vault_createFile`');
  });
});

describe('docs/guide/settings.md settings table', () => {
  it('should match src/settings/settings.ts (run `npm run docs` after changing a setting)', async () => {
    const { SETTINGS_PAGE, withSettingsTable } = await import('../../scripts/settingsTable');
    const page = readFileSync(SETTINGS_PAGE, 'utf8');
    expect(page).toBe(withSettingsTable(page));
  });
});

describe("README.md's list of setting keys", () => {
  it('should match src/settings/settings.ts (run `npm run docs` after changing a setting)', async () => {
    const { withSettingsKeys } = await import('../../scripts/settingsTable');
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toBe(withSettingsKeys(readme));
  });

  it('should name every setting once, under its section of the settings tab', async () => {
    const { renderSettingsKeys } = await import('../../scripts/settingsTable');
    const { SETTING_SPECS } = await import('../../src/settings/settings');
    const list = renderSettingsKeys();
    for (const spec of SETTING_SPECS) expect(list.split(`\`${spec.key}\``), spec.key).toHaveLength(2);
    expect(list).toContain('- Budget: `maxTokensPerRun`, `maxCostPerRun`, `maxTokensPerDay`, `maxCostPerDay`\n');
  });
});
