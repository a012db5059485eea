import * as agent from './schemas/agent';
import * as checkpoints from './schemas/checkpoints';
import * as commands from './schemas/commands';
import * as editor from './schemas/editor';
import * as plugins from './schemas/plugins';
import * as util from './schemas/util';
import * as vault from './schemas/vault';
import * as workspace from './schemas/workspace';
import type { PathArg, ToolMeta } from './types';

const path = (field: string, access: PathArg['access'], array = false): PathArg => ({ field, access, array });
/** A path whose last name the call creates: see `PathArg.newName`. */
const newPath = (field: string, newName: NonNullable<PathArg['newName']>): PathArg => ({
  field,
  access: 'write',
  array: false,
  newName,
  folder: newName === 'folder',
});
/** A path that names a folder to read (not a file in it). */
const folderPath = (field: string): PathArg => ({ field, access: 'read', array: false, folder: true });

/** Every driver: the model's loop and an outside client, in the app or not. */
const EVERY_DRIVER = ['model', 'outside-in-app', 'outside'] as const;
/** Tools that act on the editor or workspace the person sees: not for an outside client of the terminal's server. */
const SEEN_EDITOR = { offeredTo: ['model', 'outside-in-app'] } as const;

/** Read-only tools run in parallel, are never checkpointed and need approval only when `approval` is "always". */
const reader = {
  risk: 'read-only',
  isWrite: false,
  parallelSafe: true,
  deferred: false,
  dryRun: 'run',
  offeredTo: EVERY_DRIVER,
} as const;
/** Writes run one at a time, each after approval and a checkpoint. */
const writer = {
  group: 'edit',
  risk: 'writes',
  isWrite: true,
  parallelSafe: false,
  deferred: false,
  dryRun: 'simulate',
  offeredTo: EVERY_DRIVER,
} as const;
/**
 * Agent tools steer the loop itself (mode, sub-tasks, tool loading, the end), so they run one at a time, in order;
 * only the model's loop is offered them (an outside client is its own loop).
 */
const control = {
  group: 'agent',
  offeredTo: ['model'],
  risk: 'read-only',
  isWrite: false,
  parallelSafe: false,
  deferred: false,
  dryRun: 'run',
  pathArgs: [],
} as const;

/**
 * The one table of tool facts. The registry, wire names, approval and checkpoint decisions, mode groups, the
 * approval card and docs/reference/tools.md (`npm run docs`) are all derived from it.
 */
export const TOOL_METADATA = [
  {
    name: 'vault.ensureFolder',
    ...writer,
    additive: true,
    idempotent: true,
    pathArgs: [newPath('path', 'folder')],
    done: { verb: 'ensured', existed: 'already existed' },
    description: 'Create a folder (and missing parents) if it does not exist yet.',
    inputSchema: vault.ensureFolder.input,
    outputSchema: vault.ensureFolder.output,
  },
  {
    name: 'vault.createFile',
    ...writer,
    additive: true,
    pathArgs: [newPath('path', 'file')],
    done: { verb: 'created', existed: 'already existed; left as it was' },
    description:
      'Create a new file with content, optionally with YAML frontmatter. By default never replaces an existing file: it picks a free name like "Title (2).md".',
    inputSchema: vault.createFile.input,
    outputSchema: vault.createFile.output,
  },
  {
    name: 'vault.readFile',
    ...reader,
    group: 'read',
    pathArgs: [path('path', 'read')],
    done: { verb: 'read' },
    description: 'Read a file as text (or base64). Returns its etag for a later vault.writeFile with expectedEtag.',
    inputSchema: vault.readFile.input,
    outputSchema: vault.readFile.output,
  },
  {
    name: 'vault.writeFile',
    ...writer,
    pathArgs: [path('path', 'write')],
    done: { verb: 'written' },
    description:
      'Overwrite a file with new content, or append to it; creates it when missing. With expectedEtag, writes only if nobody changed the file since it was read.',
    inputSchema: vault.writeFile.input,
    outputSchema: vault.writeFile.output,
  },
  {
    name: 'vault.rename',
    ...writer,
    gate: 'allowDeletes',
    pathArgs: [path('fromPath', 'write'), newPath('toPath', 'file')],
    done: { verb: 'moved' },
    description:
      'Rename or move a file or folder; links to it are updated. Creates missing target folders. By default never replaces anything: a taken target becomes "Name (2).md".',
    inputSchema: vault.rename.input,
    outputSchema: vault.rename.output,
  },
  {
    name: 'vault.delete',
    ...writer,
    gate: 'allowDeletes',
    pathArgs: [path('path', 'write')],
    done: { verb: 'deleted' },
    description: 'Delete a file or folder: to the trash by default.',
    inputSchema: vault.deleteFile.input,
    outputSchema: vault.deleteFile.output,
  },
  {
    name: 'vault.searchText',
    ...reader,
    group: 'read',
    pathArgs: [path('paths', 'read', true)],
    done: { verb: 'searched' },
    searchQuery: 'query',
    description:
      'Search the text of notes for a word, phrase or regular expression; returns file, line number and a snippet per match.',
    inputSchema: vault.searchText.input,
    outputSchema: vault.searchText.output,
  },
  {
    name: 'vault.listFiles',
    ...reader,
    group: 'read',
    pathArgs: [folderPath('prefix')],
    done: { verb: 'listed' },
    description:
      'List the files and folders in a folder, optionally recursively and filtered by extension, with sizes and modification times.',
    inputSchema: vault.listFiles.input,
    outputSchema: vault.listFiles.output,
  },
  {
    name: 'editor.getSelection',
    ...reader,
    ...SEEN_EDITOR,
    group: 'read',
    pathArgs: [],
    description: 'Get the text the user selected in the Markdown editor they last used, with its file and range.',
    inputSchema: editor.getSelection.input,
    outputSchema: editor.getSelection.output,
  },
  {
    name: 'editor.replaceSelection',
    ...writer,
    ...SEEN_EDITOR,
    writesActiveEditorFile: true,
    pathArgs: [],
    done: { verb: 'replaced' },
    description: 'Replace the selected text in the editor (or insert at the cursor when nothing is selected).',
    inputSchema: editor.replaceSelection.input,
    outputSchema: editor.replaceSelection.output,
  },
  {
    name: 'editor.insertAtCursor',
    ...writer,
    ...SEEN_EDITOR,
    additive: true,
    writesActiveEditorFile: true,
    pathArgs: [],
    done: { verb: 'inserted' },
    description: 'Insert text at the cursor of the editor.',
    inputSchema: editor.insertAtCursor.input,
    outputSchema: editor.insertAtCursor.output,
  },
  {
    name: 'editor.getActiveFilePath',
    ...reader,
    ...SEEN_EDITOR,
    group: 'read',
    pathArgs: [],
    description: 'Get the path of the note the user has open (null when none).',
    inputSchema: editor.getActiveFilePath.input,
    outputSchema: editor.getActiveFilePath.output,
  },
  {
    name: 'workspace.openFile',
    ...reader,
    ...SEEN_EDITOR,
    group: 'vault',
    parallelSafe: false,
    dryRun: 'simulate',
    pathArgs: [path('path', 'read')],
    done: { verb: 'opened' },
    description: 'Open a file in the editor, in the current tab or a new one.',
    inputSchema: workspace.openFile.input,
    outputSchema: workspace.openFile.output,
  },
  {
    name: 'workspace.getContext',
    ...reader,
    ...SEEN_EDITOR,
    group: 'read',
    pathArgs: [],
    description: 'Describe the workspace: active file and view, open tabs, whether text is selected.',
    inputSchema: workspace.getContext.input,
    outputSchema: workspace.getContext.output,
  },
  {
    name: 'commands.list',
    ...reader,
    group: 'vault',
    pathArgs: [],
    searchQuery: 'query',
    description: 'List Obsidian commands (core and plugins) by words in their name, or by id prefix.',
    inputSchema: commands.listCommands.input,
    outputSchema: commands.listCommands.output,
  },
  {
    name: 'commands.run',
    group: 'skill',
    openWorld: true,
    risk: 'commands',
    isWrite: false,
    parallelSafe: false,
    deferred: false,
    dryRun: 'simulate',
    offeredTo: EVERY_DRIVER,
    gate: 'allowCommands',
    pathArgs: [],
    done: { verb: 'run', subject: 'id' },
    description:
      'Run an Obsidian command by id (see commands.list). A command that is not available right now or throws fails with COMMAND_FAILED, saying what was open.',
    inputSchema: commands.runCommand.input,
    outputSchema: commands.runCommand.output,
  },
  {
    name: 'util.parseMarkdownBullets',
    ...reader,
    group: 'read',
    pathArgs: [],
    description:
      'Split Markdown bullet or numbered lists into items (text, original line, depth, checkbox state). Nested bullets are items too, each after its parent; with allowNested: true only top-level bullets are items, each holding its nested ones in `children` (for one note per top-level bullet).',
    inputSchema: util.parseMarkdownBullets.input,
    outputSchema: util.parseMarkdownBullets.output,
  },
  {
    name: 'util.slugifyTitle',
    ...reader,
    group: 'read',
    pathArgs: [],
    description:
      'Turn a title into a lowercase, file-name-safe slug ("My Amazing Note Title!" → "my-amazing-note-title").',
    inputSchema: util.slugifyTitle.input,
    outputSchema: util.slugifyTitle.output,
  },
  {
    name: 'plugins.search',
    ...reader,
    openWorld: true,
    group: 'vault',
    pathArgs: [],
    searchQuery: 'query',
    description:
      'Search the official Obsidian community plugin list for plugins that may help. Recommends only; never installs.',
    inputSchema: plugins.searchPlugins.input,
    outputSchema: plugins.searchPlugins.output,
  },
  {
    name: 'checkpoints.list',
    ...reader,
    group: 'read',
    deferred: true,
    pathArgs: [],
    description:
      'List the runs that changed the vault (newest first), or the checkpoints of one run: which tool wrote which files.',
    inputSchema: checkpoints.listCheckpoints.input,
    outputSchema: checkpoints.listCheckpoints.output,
  },
  {
    name: 'checkpoints.diff',
    ...reader,
    group: 'read',
    deferred: true,
    pathArgs: [],
    description: 'Show how the files a checkpoint recorded differ now from what they were before that write.',
    inputSchema: checkpoints.diffCheckpoint.input,
    outputSchema: checkpoints.diffCheckpoint.output,
  },
  {
    name: 'checkpoints.restore',
    ...writer,
    deferred: true,
    pathArgs: [],
    description:
      'Put the files a run touched back as they were before one of its checkpoints (by default, before the whole run). Files the user changed since are left alone unless overwriteConflicts is set.',
    inputSchema: checkpoints.restoreCheckpoint.input,
    outputSchema: checkpoints.restoreCheckpoint.output,
  },
  {
    name: 'agent.attemptCompletion',
    ...control,
    description:
      'Finish the task and give the user the final answer. Call it once the work is done (or cannot be done); nothing runs after it.',
    inputSchema: agent.attemptCompletion.input,
    outputSchema: agent.attemptCompletion.output,
  },
  {
    name: 'agent.switchMode',
    ...control,
    description:
      'Switch to another mode, e.g. from "ask" (read-only) to "agent" when the user wants notes created or changed. The new mode\'s tools are available from the next step on.',
    inputSchema: agent.switchMode.input,
    outputSchema: agent.switchMode.output,
  },
  {
    name: 'agent.newTask',
    ...control,
    description:
      'Hand a self-contained part of the work to a sub-agent with a fresh conversation, in a mode no stronger than the current one; returns its final answer.',
    inputSchema: agent.newTask.input,
    outputSchema: agent.newTask.output,
  },
  {
    name: 'agent.findTool',
    ...control,
    description:
      'Load tools that are listed by name only: returns the full definitions of the tools matching a name or keywords, callable from the next step on.',
    inputSchema: agent.findTool.input,
    outputSchema: agent.findTool.output,
  },
] as const satisfies readonly ToolMeta[];

export type ToolName = (typeof TOOL_METADATA)[number]['name'];

const byName = new Map<string, ToolMeta>(TOOL_METADATA.map((meta) => [meta.name, meta]));

export function toolMeta(name: string): ToolMeta | undefined {
  return byName.get(name);
}

export function isToolName(name: string): name is ToolName {
  return byName.has(name);
}
