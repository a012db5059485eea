import { describe, expect, it } from 'vitest';
import { gatherVaultContext, OVERVIEW_ENTRIES, SELECTION_EXCERPT_CHARS } from '../../../src/core/agent/vaultContext';
import type { EditorPort } from '../../../src/core/ports/editor';
import type { WorkspacePort } from '../../../src/core/ports/workspace';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { buildToolContext } from '../../builders/toolContext';

const workspace = (active: string | null) => ({ activeFilePath: () => active }) as unknown as WorkspacePort;
const editor = (selection: string) =>
  ({
    snapshot: () => ({
      filePath: 'a.md',
      mode: 'source',
      selection,
      range: { from: { line: 0, ch: 0 }, to: { line: 0, ch: 0 } },
      cursor: { line: 0, ch: 0 },
    }),
  }) as unknown as EditorPort;

describe('gatherVaultContext', () => {
  it('should name the active file, quote the selection and list the top of the vault', async () => {
    const vault = new MemoryVault({ 'Inbox.md': '', 'Projects/a.md': '', '.hidden/x.md': '' });
    expect(
      await gatherVaultContext({ vault, workspace: workspace('Inbox.md'), editor: editor('picked') }, () => true),
    ).toEqual({
      activeFile: 'Inbox.md',
      selection: 'picked',
      folderOverview: 'Inbox.md\nProjects/',
    });
  });

  it('should bound the selection and the overview', async () => {
    const files = Object.fromEntries(
      Array.from({ length: OVERVIEW_ENTRIES + 5 }, (_, i) => [`note-${String(i).padStart(2, '0')}.md`, '']),
    );
    const context = await gatherVaultContext(
      {
        vault: new MemoryVault(files),
        workspace: workspace(null),
        editor: editor('s'.repeat(SELECTION_EXCERPT_CHARS + 10)),
      },
      () => true,
    );
    expect(context.selection).toBe(`${'s'.repeat(SELECTION_EXCERPT_CHARS)}… [10 more characters]`);
    expect(context.folderOverview?.split('\n')).toHaveLength(OVERVIEW_ENTRIES + 1);
    expect(context.folderOverview?.endsWith('… and 5 more')).toBe(true);
  });

  it('should leave out what a missing port cannot tell', async () => {
    const { vault, editor: missingEditor, workspace: missingWorkspace } = buildToolContext();
    expect(await gatherVaultContext({ vault, editor: missingEditor, workspace: missingWorkspace }, () => true)).toEqual(
      { activeFile: null, selection: null, folderOverview: null },
    );
  });
});
