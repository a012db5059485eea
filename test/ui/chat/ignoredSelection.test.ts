// @vitest-environment happy-dom
import { MarkdownView } from 'obsidian';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScriptedModel, textReply } from '../../builders/scriptedModel';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';
import { getByLabel, getByRole, press, type } from '../support/a11y';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });
const SECRET = 'I hid the spare key under the blue pot.';

describe('Chat panel: a selection in an ignored note', () => {
  it('should say why the selection is not used, and send neither its text nor the note’s name', async () => {
    const model = new ScriptedModel([textReply('Nothing to see.')]);
    panel = await openChatPanel({
      model,
      files: { '.agentignore': 'Private/\n', 'Private/Diary.md': SECRET, 'Garden.md': 'Fence.' },
      before: async (app) => {
        await app.workspace.getLeaf(false).openFile(app.vault.getFileByPath('Private/Diary.md')!, { active: true });
      },
    });
    const { root, app } = panel;
    const editor = app.workspace
      .getLeavesOfType('markdown')
      .map((leaf) => leaf.view)
      .find((view): view is MarkdownView => view instanceof MarkdownView)!.editor;
    editor.setSelection({ line: 0, ch: 0 }, { line: 0, ch: SECRET.length });
    document.dispatchEvent(new Event('selectionchange'));
    const indicator = await until(() => getByLabel(root, 'Selection'));
    await until(() => expect(indicator.textContent).toContain('Not sent: this note is listed in .agentignore'));
    expect(indicator.textContent).not.toContain('spare key');

    const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
    type(box as unknown as HTMLInputElement, 'What did I select?');
    press(box, 'Enter');
    await until(() => expect(root.textContent).toContain('Nothing to see.'));
    const sent = JSON.stringify(model.requests);
    for (const hidden of ['spare key', 'Diary', 'Private']) expect(sent).not.toContain(hidden);
    expect(model.requests[0]?.system).toContain('Garden.md');
  });
});
