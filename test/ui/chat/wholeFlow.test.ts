// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, callsReply, ScriptedModel, textReply } from '../../builders/scriptedModel';
import { commandsOf } from '../../obsidian-double/harness';
import { click, getByRole, press, type } from '../support/a11y';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';
import { keepModalsOpen, openModals } from '../support/modals';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });
const oneModal = (): HTMLElement => {
  const open = openModals();
  if (open.length !== 1) throw new Error(`Expected one open modal, found ${open.length}`);
  return open[0] as HTMLElement;
};

describe('the chat panel, from a message to a saved action that runs offline', () => {
  it('should send, stream, ask, write, log, revert, save the run as a button, and run that button with no model', async () => {
    keepModalsOpen();
    // The model answers this one conversation; a saved action must never call it again.
    const model = new ScriptedModel([
      callsReply([call('vault.ensureFolder', { path: 'Projects' }, 'f')], { text: 'Making the folder first.' }),
      callsReply([
        call('vault.createFile', { path: 'Projects/Alpha.md', content: '# Alpha\n' }, 'a'),
        call('vault.createFile', { path: 'Projects/Beta.md', content: '# Beta\n' }, 'b'),
      ]),
      textReply('Created two notes in Projects.'),
    ]);
    panel = await openChatPanel({ model, files: { 'Inbox/List.md': '- Alpha\n- Beta\n' } });
    const { root, app } = panel;

    const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
    type(box as unknown as HTMLInputElement, 'Create a note per bullet in the folder Projects');
    press(box, 'Enter');
    await until(() => expect(root.textContent).toContain('Making the folder first.'));
    click(await until(() => getByRole(root, 'button', 'Approve all for this run')));
    await until(() => expect(root.textContent).toContain('Created two notes in Projects.'));
    expect(await app.vault.adapter.read('Projects/Beta.md')).toBe('# Beta\n');
    expect(getByRole(root, 'log', 'Execution log').textContent).toContain('vault.createFile');
    const progress = getByRole(root, 'progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe(progress.getAttribute('aria-valuemax'));

    click(await until(() => getByRole(root, 'button', 'Revert last run')));
    click(await until(() => getByRole(root, 'button', 'Revert changes')));
    await until(() => expect(app.vault.getAbstractFileByPath('Projects')).toBeNull());

    click(await until(() => getByRole(root, 'button', 'Save as button')));
    const nameField = await until(() => getByRole<HTMLInputElement>(oneModal(), 'textbox', 'Action name'));
    type(nameField, 'Bullets to notes');
    click(getByRole(oneModal(), 'button', 'Save'));
    await until(() => expect(openModals()).toHaveLength(0));
    const command = await until(() => {
      const found = commandsOf(app).findCommand('embedded-agent:run-saved-action-bullets-to-notes');
      if (!found) throw new Error('no command yet');
      return found;
    });
    expect(command.name).toBe('Embedded Agent: Run saved action: Bullets to notes');

    const requestsBefore = model.requests.length;
    commandsOf(app).executeCommandById('embedded-agent:run-saved-action-bullets-to-notes');
    // The folder the person named is kept as it was, and the selection's bullets come from the editor: no modal.
    // The plan's card: its preview names the notes it will create, in the saved folder.
    const preview = await until(() => {
      const regions = Array.from(
        document.body.querySelectorAll<HTMLElement>('[role="region"][aria-label="Plan preview"]'),
      );
      const last = regions[regions.length - 1];
      if (!last?.textContent?.includes('Projects/Alpha.md'))
        throw new Error(`no plan preview for Projects yet: ${document.body.textContent?.slice(-400) ?? ''}`);
      return last;
    });
    const card = preview.closest<HTMLElement>('.embedded-agent-approval') ?? preview.parentElement ?? document.body;
    expect(openModals()).toHaveLength(0);
    click(getByRole(card, 'button', 'Approve'));
    await until(async () => expect(await app.vault.adapter.read('Projects/Beta.md')).toBe('# Beta\n'));
    expect(await app.vault.adapter.read('Projects/Alpha.md')).toBe('# Alpha\n');
    expect(model.requests.length).toBe(requestsBefore);
  });
});
