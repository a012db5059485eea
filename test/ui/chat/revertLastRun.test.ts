// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, callsReply, ScriptedModel, textReply } from '../../builders/scriptedModel';
import { click, getByRole, press, queryAllByRole, type } from '../support/a11y';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';
import { TWO_PROJECT_NOTES } from '../support/fixtures';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });

describe('Revert last run', () => {
  it('should undo the plan approved after a chat run, not the chat run before it', async () => {
    const model = new ScriptedModel([
      callsReply([call('vault.createFile', { path: 'Chat.md', content: 'from the chat run' })]),
      textReply('Created Chat.md.'),
      textReply(JSON.stringify(TWO_PROJECT_NOTES)),
    ]);
    panel = await openChatPanel({ model });
    const { root, app } = panel;
    const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
    type(box as unknown as HTMLInputElement, 'Make a note');
    press(box, 'Enter');
    click(await until(() => getByRole(root, 'button', 'Approve')));
    await until(() => expect(root.textContent).toContain('Created Chat.md.'));
    await until(() => expect(getByRole<HTMLButtonElement>(root, 'button', 'Send').disabled).toBe(false));

    type(box as unknown as HTMLInputElement, 'Make two project notes');
    click(getByRole(root, 'button', 'Dry run'));
    await until(() => getByRole(root, 'region', 'Plan preview'));
    const approves = queryAllByRole(root, 'button', 'Approve');
    click(approves[approves.length - 1] as HTMLElement);
    await until(async () => expect(await app.vault.adapter.read('Projects/Beta.md')).toBe('# Beta\n'));

    click(getByRole(root, 'button', 'Revert last run'));
    click(await until(() => getByRole(root, 'button', 'Revert changes')));
    await until(() => expect(app.vault.getAbstractFileByPath('Projects')).toBeNull());
    expect(await app.vault.adapter.read('Chat.md')).toBe('from the chat run');
    // The revert's result is kept with the conversation as it was seen, after the chat run's answer.
    const seen = panel.plugin.chatSession(() => ({ text: '', filePath: null })).seen;
    await until(() => expect(seen[seen.length - 1]).toEqual({ kind: 'note', text: expect.stringMatching(/^Reverted \d+ changes?\./) as unknown, tone: 'info' }));
  });
});
