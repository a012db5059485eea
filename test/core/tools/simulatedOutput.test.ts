import { describe, expect, it } from 'vitest';
import { BaseTool, type AnyTool } from '../../../src/core/tools/BaseTool';
import { builtinTools } from '../../../src/core/tools/builtinTools';
import { TOOL_METADATA } from '../../../src/core/tools/metadata';
import type { ToolContext } from '../../../src/core/tools/types';
import { UNFORESEEN } from '../../../src/core/tools/unforeseen';
import { MemoryCommands } from '../../../src/node/MemoryCommands';
import { MemoryEditor } from '../../../src/node/MemoryEditor';
import { MemoryWorkspace } from '../../../src/node/MemoryWorkspace';
import { buildToolContext } from '../../builders/toolContext';

const tools = builtinTools();
const tool = (name: string): AnyTool => {
  const found = tools.find((candidate) => candidate.name === name);
  if (!found) throw new Error(name);
  return found;
};
const overrides = (candidate: AnyTool, method: 'simulatedOutput' | 'readsSavedActionContext'): boolean =>
  (Object.getPrototypeOf(candidate) as Record<string, unknown>)[method] !== BaseTool.prototype[method];

/** What a dry run says the call returns, then what the call really returns, on the same vault. */
async function simulatedAndReal(name: string, input: unknown, context: ToolContext): Promise<[unknown, unknown]> {
  const t = tool(name);
  const valid = t.validate(input);
  const simulated = t.simulatedOutput(valid, await t.describeChanges(valid, context));
  return [simulated, await t.execute(valid, context)];
}

describe("a tool's dry-run effect", () => {
  it('should be declared by every write and command: its row simulates and its class says what it returns', () => {
    for (const candidate of tools) {
      const changes = candidate.meta.isWrite || candidate.meta.risk === 'commands';
      if (changes)
        expect([candidate.name, candidate.meta.dryRun, overrides(candidate, 'simulatedOutput')]).toEqual([
          candidate.name,
          'simulate',
          true,
        ]);
    }
  });

  it('should be simulated exactly by the tools whose class says what they return', () => {
    for (const candidate of tools) {
      expect([candidate.name, candidate.meta.dryRun === 'simulate']).toEqual([
        candidate.name,
        overrides(candidate, 'simulatedOutput'),
      ]);
    }
  });

  it('should foresee what each vault write returns, as the write then returns it', async () => {
    const context = buildToolContext({ files: { 'Notes/Idea.md': 'old', 'Old.md': 'x', 'Inbox/a.md': 'A' } });
    const calls: [string, unknown][] = [
      ['vault.ensureFolder', { path: 'Projects' }],
      ['vault.ensureFolder', { path: 'Notes' }],
      ['vault.createFile', { path: 'Notes/Idea.md', content: 'new' }],
      ['vault.createFile', { path: 'Notes/Idea.md', content: 'again', collisionStrategy: 'overwrite' }],
      ['vault.createFile', { path: 'Notes/Idea.md', content: 'kept', ifNotExists: true }],
      ['vault.writeFile', { path: 'Notes/Fresh.md', content: 'héllo' }],
      ['vault.writeFile', { path: 'Notes/Fresh.md', content: '+', mode: 'append' }],
      ['vault.rename', { fromPath: 'Inbox/a.md', toPath: 'Archive/a.md' }],
      ['vault.delete', { path: 'Old.md' }],
      ['vault.delete', { path: 'Gone.md', trash: false, requireExists: false }],
    ];
    for (const [name, input] of calls) {
      const [simulated, real] = await simulatedAndReal(name, input, context);
      expect([name, input, real]).toEqual([name, input, expect.objectContaining(simulated as object)]);
    }
  });

  it('should foresee that workspace.openFile opens the note and that commands.run runs the command', async () => {
    const base = buildToolContext({ files: { 'a.md': 'A' } });
    const editor = new MemoryEditor({ vault: base.vault });
    const context = {
      ...base,
      editor,
      workspace: new MemoryWorkspace({ vault: base.vault, editor }),
      commands: new MemoryCommands([{ id: 'app:go', name: 'Go' }]),
    };
    const [opened, realOpen] = await simulatedAndReal('workspace.openFile', { path: 'a.md' }, context);
    expect(realOpen).toEqual(expect.objectContaining(opened as object));
    const [ran, realRun] = await simulatedAndReal('commands.run', { id: 'app:go' }, context);
    expect(realRun).toEqual(expect.objectContaining(ran as object));
  });

  it('should leave unforeseen what only the editor or the checkpoint history knows at run time', () => {
    for (const name of ['editor.replaceSelection', 'editor.insertAtCursor', 'checkpoints.restore']) {
      expect([name, tool(name).simulatedOutput({}, [])]).toEqual([name, UNFORESEEN]);
    }
  });
});

describe('the other per-tool columns', () => {
  it('should name an input field of its own tool as the search query', () => {
    const searches = TOOL_METADATA.filter((meta) => 'searchQuery' in meta);
    expect(searches.map((meta) => meta.name)).toEqual(['vault.searchText', 'commands.list', 'plugins.search']);
    for (const meta of searches)
      expect(Object.keys((meta.inputSchema as { properties: object }).properties)).toContain(meta.searchQuery);
  });

  it('should name an output field of its own tool as what the log names', () => {
    for (const meta of TOOL_METADATA) {
      const subject = 'done' in meta && 'subject' in meta.done ? meta.done.subject : undefined;
      if (subject !== undefined)
        expect(Object.keys((meta.outputSchema as { properties: object }).properties)).toContain(subject);
    }
  });

  it('should say which calls read only what a saved action gets from its placeholders', () => {
    const readers = tools
      .filter((candidate) => candidate.readsSavedActionContext({}, 'x'))
      .map((candidate) => candidate.name);
    expect(readers).toEqual(['editor.getSelection', 'editor.getActiveFilePath', 'workspace.getContext']);
    const bullets = tool('util.parseMarkdownBullets');
    expect(bullets.readsSavedActionContext({ text: '- a\n- b' }, '- a\n- b')).toBe(true);
    expect(bullets.readsSavedActionContext({ text: '- a\n- b', allowNested: true }, '- a\n- b')).toBe(false);
    expect(bullets.readsSavedActionContext({ text: '- other' }, '- a\n- b')).toBe(false);
    expect(bullets.readsSavedActionContext({ text: '- a' }, null)).toBe(false);
  });
});
