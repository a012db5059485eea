// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { ObsidianVault } from '../../../src/obsidian/ObsidianVault';
import { LINK_FIXTURE } from '../../builders/linkFixture';
import { createTestApp } from '../../obsidian-double/harness';

/**
 * The Obsidian double models FileManager.renameFile on its own (test/obsidian-double/links.ts). Where both models
 * mean the same thing, they must agree. They differ on purpose where the core keeps a link's form and the double
 * regenerates it: a title, ".md" written in a wiki link or left out of a Markdown link, "\|" in a table, and a
 * moved note's own relative links, which the double does not re-point.
 */
const SAME_IN_BOTH = ['Code.md', 'Guides/Next.md', 'Props.md', 'Archive/Old/Notes.md'];

describe('link keeping agrees with the Obsidian double', () => {
  it.each([
    ['Guides/Setup.md', 'Guides/Getting started.md'],
    ['Guides', 'Docs/How-to'],
    ['Archive/Old/Setup.md', 'Setup old.md'],
  ])('should list the same linking notes and rewrite them alike when %s moves to %s', async (from, to) => {
    const app = createTestApp({ files: { ...LINK_FIXTURE } });
    const double = new ObsidianVault(app.vault, app.fileManager, app.metadataCache);
    const core = new MemoryVault({ ...LINK_FIXTURE });
    expect(await core.linksTo(from)).toEqual(await double.linksTo(from));
    await double.rename(from, to);
    await core.rename(from, to);
    for (const path of SAME_IN_BOTH) {
      const moved = path.startsWith(`${from}/`) ? to + path.slice(from.length) : path;
      expect(await core.read(moved)).toBe(await double.read(moved));
    }
  });
});
