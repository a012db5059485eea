// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSavedAction } from '../../src/core/plan';
import { ScriptedModel } from '../builders/scriptedModel';
import { commandsOf } from '../obsidian-double/harness';
import { click, getByRole } from '../ui/support/a11y';
import { openChatPanel, type ChatPanel } from '../ui/support/chatPanel';
import { keepModalsOpen, openModals } from '../ui/support/modals';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

const until = <T>(check: () => T | Promise<T>): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });

/** The one modal open now. */
function onlyModal(): HTMLElement {
  const open = openModals();
  if (open.length !== 1) throw new Error(`expected one open modal, found ${open.length}`);
  return open[0] as HTMLElement;
}

describe('a saved action run from the palette with the chat panel closed', () => {
  it('should ask for a step its preview did not show on a card that names the action, and write it once approved', async () => {
    const action = createSavedAction(
      {
        name: 'Weekly note',
        plan: {
          version: '1.0',
          goal: 'Weekly note',
          assumptions: [],
          riskLevel: 'writes',
          steps: [{ id: 'note', tool: 'vault.createFile', args: { path: 'Weekly/Review.md', content: '# Review\n' } }],
        },
        now: 0,
      },
      [],
    );
    keepModalsOpen();
    panel = await openChatPanel({
      model: new ScriptedModel([]),
      settings: { savedActions: [action] },
      files: { 'Inbox.md': '- plan the weekly review\n', 'Weekly/': '' },
    });
    const { app } = panel;
    const command = 'embedded-agent:run-saved-action-weekly-note';
    // The panel's palette loads the saved actions, which registers their commands.
    await until(() => expect(commandsOf(app).findCommand(command)).toBeDefined());
    for (const leaf of app.workspace.getLeavesOfType('embedded-agent-chat')) leaf.detach();

    commandsOf(app).executeCommandById(command);
    const confirmation = await until(() => onlyModal());
    await until(() => getByRole(confirmation, 'button', 'Approve'));
    // While the plan's card is open the note appears (a sync, another device): the step must now create another
    // name, which the preview did not show.
    await app.vault.create('Weekly/Review.md', '# Synced\n');
    click(getByRole(confirmation, 'button', 'Approve'));

    const unforeseen = await until(() => {
      const modal = onlyModal();
      if (modal === confirmation) throw new Error('the plan card is still open');
      return modal;
    });
    getByRole(unforeseen, 'group', 'Saved action “Weekly note” wants to create Weekly/Review (2).md');
    expect(unforeseen.textContent).toContain("The plan's preview you approved did not show this");
    click(getByRole(unforeseen, 'button', 'Approve'));

    await until(() => expect(openModals()).toHaveLength(0));
    expect(await until(() => app.vault.adapter.read('Weekly/Review (2).md'))).toBe('# Review\n');
    expect(await app.vault.adapter.read('Weekly/Review.md')).toBe('# Synced\n');
  });
});
