// @vitest-environment happy-dom
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, callsReply, ScriptedModel, textReply } from '../../builders/scriptedModel';
import { click, getByRole, nameOf, roleOf } from '../support/a11y';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

/** The panel's live region for what waits; a status, like the card's own, apart from the transcript's log. */
const announcer = (root: HTMLElement): string | null => {
  const el = root.querySelector('.embedded-agent-announcer');
  expect(el === null ? null : roleOf(el)).toBe('status');
  return el?.textContent ?? null;
};

const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });

const writeIdea = (): ScriptedModel =>
  new ScriptedModel([
    callsReply([call('vault.createFile', { path: 'Notes/Idea.md', content: '# Idea\n' }, 'w1')], {
      text: 'I will create the note.',
    }),
    textReply('Created Notes/Idea.md.'),
  ]);

describe('chat panel by keyboard alone, as a screen-reader user would use it', () => {
  it('should announce the approval card, move focus to it, approve with Tab and Enter, and give focus back to the message box', async () => {
    panel = await openChatPanel({ model: writeIdea() });
    const { root, app } = panel;
    const user = userEvent.setup({ document });
    const transcript = getByRole(root, 'log', 'Conversation');
    const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
    box.focus();
    await user.keyboard('Create a note called Idea{Enter}');

    const card = await until(() => {
      const found = getByRole(root, 'group', 'Create Notes/Idea.md');
      expect(document.activeElement).toBe(found);
      return found;
    });
    expect(announcer(root)).toBe('Approval needed: Create Notes/Idea.md. Approve or reject it in the conversation.');
    // The run is under way: the log waits, so the answer is read once when it is whole.
    expect(transcript.getAttribute('aria-busy')).toBe('true');

    for (
      let i = 0;
      i < 20 && !(roleOf(document.activeElement!) === 'button' && nameOf(document.activeElement!) === 'Approve');
      i++
    )
      await user.tab();
    expect(card.contains(document.activeElement)).toBe(true);
    expect(nameOf(document.activeElement!)).toBe('Approve');
    await user.keyboard('{Enter}');

    await until(() => expect(transcript.textContent).toContain('Created Notes/Idea.md.'));
    expect(await app.vault.adapter.read('Notes/Idea.md')).toBe('# Idea\n');
    await until(() => expect(transcript.getAttribute('aria-busy')).toBe('false'));
    expect(document.activeElement).toBe(box);
  });

  it('should leave focus where it is when the person works in a note, and still say what waits', async () => {
    panel = await openChatPanel({ model: writeIdea() });
    const { root } = panel;
    const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
    const elsewhere = document.body.createEl('textarea');
    box.value = 'Create a note called Idea';
    box.dispatchEvent(new Event('input', { bubbles: true }));
    elsewhere.focus();
    click(getByRole(root, 'button', 'Send'));
    await until(() => getByRole(root, 'group', 'Create Notes/Idea.md'));
    expect(document.activeElement).toBe(elsewhere);
    expect(announcer(root)).toContain('Approval needed: Create Notes/Idea.md.');
  });
});
