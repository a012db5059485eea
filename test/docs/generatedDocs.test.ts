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

describe('README.md settings table', () => {
  it('should match src/settings/settings.ts (run `npm run docs` after changing a setting)', async () => {
    const { withSettingsTable } = await import('../../scripts/settingsTable');
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toBe(withSettingsTable(readme));
  });
});
