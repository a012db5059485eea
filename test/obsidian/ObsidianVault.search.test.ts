// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { CallReads } from '../../src/core/tool-execution/CallReads';
import { ToolRegistry } from '../../src/core/tools/ToolRegistry';
import { SearchTextTool, type SearchTextOutput } from '../../src/core/tools/vault/searchText';
import { SearchIndex } from '../../src/core/search/SearchIndex';
import { ObsidianVault } from '../../src/obsidian/ObsidianVault';
import { createTestApp } from '../obsidian-double/harness';
import { buildToolContext } from '../builders/toolContext';
import { fileAt } from './fixtures';

const registry = new ToolRegistry([new SearchTextTool()]);

function setup() {
  const app = createTestApp({
    files: {
      'Projects/Alpha.md': '# Alpha\nMeeting agenda: budget review',
      'Projects/Beta.md': 'Nothing here',
      'Journal/Day.md': 'A walk in the park',
    },
  });
  const vault = new ObsidianVault(app.vault, app.fileManager);
  // As the services keep it: one index over the vault's events, handed to every call beside the vault.
  const searchIndex = new SearchIndex(vault);
  const cachedRead = vi.spyOn(app.vault, 'cachedRead');
  // As the pipeline runs a tool: each call sees the vault through a wrapper of its own.
  const paths = async (query: string): Promise<string[]> => {
    const result = await registry.execute(
      'vault.searchText',
      { query },
      buildToolContext({ vault: new CallReads(vault).vault, searchIndex }),
    );
    if (!result.ok) throw new Error(result.error.message);
    return (result.output as SearchTextOutput).matches.map((match) => match.path);
  };
  return { app, searchIndex, cachedRead, paths };
}

describe('ObsidianVault search', () => {
  it('should read no note again in later calls while the notes are unchanged, though each call wraps the vault anew', async () => {
    const { searchIndex, cachedRead, paths } = setup();
    expect(await paths('budget')).toEqual(['Projects/Alpha.md']);
    await searchIndex.idle();
    cachedRead.mockClear();
    expect(await paths('agenda')).toEqual(['Projects/Alpha.md']);
    expect(await paths('zqxj')).toEqual([]);
    expect(cachedRead).not.toHaveBeenCalled();
  });

  it('should find what a note says after Obsidian modified or renamed it', async () => {
    const { app, searchIndex, paths } = setup();
    await paths('warm-up');
    await searchIndex.idle();
    await app.vault.modify(fileAt(app, 'Projects/Beta.md'), 'Now a budget too');
    expect(await paths('budget')).toEqual(['Projects/Alpha.md', 'Projects/Beta.md']);
    await app.fileManager.renameFile(fileAt(app, 'Journal/Day.md'), 'Projects/Day.md');
    expect(await paths('park')).toEqual(['Projects/Day.md']);
  });
});
