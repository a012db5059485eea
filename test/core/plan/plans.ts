import type { ActionPlan } from '../../../src/core/plan/types';

/** The spec's three "Common Patterns", verbatim, as fresh copies a test may change. */
export const bulletsToNotes = (): ActionPlan =>
  ({
    version: '1.0',
    goal: 'Create notes from bullets',
    riskLevel: 'writes',
    steps: [
      { id: 'getSelection', tool: 'editor.getSelection', args: {} },
      { id: 'parseBullets', tool: 'util.parseMarkdownBullets', args: { text: '$steps.getSelection.text' } },
      { id: 'ensureFolder', tool: 'vault.ensureFolder', args: { path: 'Notes' } },
      {
        id: 'createNotes',
        tool: 'vault.createFile',
        foreach: { from: '$steps.parseBullets.items', itemName: 'item' },
        args: { path: 'Notes/${item.text}.md', content: '# ${item.text}\n' },
      },
    ],
  }) as unknown as ActionPlan;

export const findTodos = (): ActionPlan =>
  ({
    version: '1.0',
    goal: 'Find all TODOs',
    riskLevel: 'read-only',
    steps: [{ id: 'search', tool: 'vault.searchText', args: { query: 'TODO:', limit: 50 } }],
  }) as unknown as ActionPlan;

export const archiveInbox = (): ActionPlan =>
  ({
    version: '1.0',
    goal: 'Move files to archive',
    riskLevel: 'writes',
    steps: [
      { id: 'listFiles', tool: 'vault.listFiles', args: { prefix: 'Inbox', extensions: ['md'] } },
      {
        id: 'moveFiles',
        tool: 'vault.rename',
        foreach: { from: '$steps.listFiles.items', itemName: 'file' },
        args: { fromPath: '${file.path}', toPath: 'Archive/${file.path}' },
      },
    ],
  }) as unknown as ActionPlan;

/** Bullets → notes over the selection's bullets, in a folder the person names: the shape a saved template takes. */
export const bulletsTemplate = (): ActionPlan =>
  ({
    version: '1.0',
    goal: 'Create a note per selected bullet',
    assumptions: ['The selection is a bullet list'],
    riskLevel: 'writes',
    parameters: [{ name: 'folderName', description: 'Folder for the new notes', default: 'Inbox' }],
    steps: [
      { id: 'ensureFolder', tool: 'vault.ensureFolder', args: { path: '${folderName}' } },
      {
        id: 'createNotes',
        tool: 'vault.createFile',
        foreach: { from: '${selectionBullets}', itemName: 'item' },
        args: { path: '${folderName}/${item.text}.md', content: '# ${item.text}\n\nCreated ${date}.\n' },
        dependsOn: ['ensureFolder'],
      },
    ],
  }) as unknown as ActionPlan;
