// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanSavedAction } from '../../../src/core/plan';
import { HangingModel } from '../../builders/hangingModel';
import { PlanModel } from '../../builders/planModel';
import { click, getByRole, queryAllByRole, type } from '../support/a11y';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';
import { TWO_PROJECT_NOTES as PLAN } from '../support/fixtures';

// The contract's Cancel "stops the run in progress": whatever runs in the panel, not only the agent loop.

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });
const cancelButton = (root: HTMLElement): HTMLButtonElement => getByRole<HTMLButtonElement>(root, 'button', 'Cancel');
const summary = (root: HTMLElement): string =>
  root.querySelector('.embedded-agent-plan-run-summary')?.textContent ?? '';

/** Presses the panel's Cancel while the first note is being created. */
function cancelOnFirstCreate(): void {
  const { app, root } = panel as ChatPanel;
  const create = app.vault.create.bind(app.vault);
  vi.spyOn(app.vault, 'create').mockImplementation((path, data, options) => {
    click(cancelButton(root));
    return create(path, data, options);
  });
}

function dryRun(root: HTMLElement, text: string): void {
  type(getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message') as unknown as HTMLInputElement, text);
  click(getByRole(root, 'button', 'Dry run'));
}

describe('the chat panel Cancel', () => {
  it('should stop a dry run while it plans', async () => {
    const model = new HangingModel('');
    panel = await openChatPanel({ model });
    const { root } = panel;
    dryRun(root, 'Make two project notes');
    await until(() => expect(cancelButton(root).disabled).toBe(false));
    expect(getByRole<HTMLButtonElement>(root, 'button', 'Send').disabled).toBe(true);
    click(cancelButton(root));
    await until(() => expect(root.textContent).toMatch(/Dry run failed: .*cancel/i));
    expect(model.aborted).toBe(true);
    expect(cancelButton(root).disabled).toBe(true);
  });

  it('should stop an approved plan after the call in flight', async () => {
    panel = await openChatPanel({ model: new PlanModel([JSON.stringify(PLAN)]) });
    const { root, app } = panel;
    dryRun(root, 'Make two project notes');
    const approve = await until(() => getByRole(root, 'button', 'Approve'));
    // Waiting for the person's approval is not a run: Send stays available.
    await until(() => expect(cancelButton(root).disabled).toBe(true));
    cancelOnFirstCreate();
    click(approve);
    await until(() => expect(summary(root)).toBe('Cancelled: the rest of the plan did not run.'));
    expect(await app.vault.adapter.read('Projects/Alpha.md')).toBe('# Alpha\n');
    expect(await app.vault.adapter.exists('Projects/Beta.md')).toBe(false);
    expect(cancelButton(root).disabled).toBe(true);
    expect(getByRole<HTMLButtonElement>(root, 'button', 'Send').disabled).toBe(false);
    // The plan's note can be taken back from the panel, as a chat run's can.
    await until(() => expect(getByRole(root, 'button', 'Revert last run').hasAttribute('hidden')).toBe(false));
    click(getByRole(root, 'button', 'Revert last run'));
    click(await until(() => getByRole(root, 'button', 'Revert changes')));
    await until(async () => expect(await app.vault.adapter.exists('Projects/Alpha.md')).toBe(false));
  });

  it('should stop a saved action run from the palette', async () => {
    const action: PlanSavedAction = {
      id: 'two-notes',
      name: 'Two notes',
      plan: PLAN as unknown as PlanSavedAction['plan'],
      kind: 'fixed',
      parameters: [],
      createdAt: '2026-11-22T09:00:00.000Z',
    };
    panel = await openChatPanel({ settings: { savedActions: [action] } });
    const { root, app } = panel;
    click(await until(() => getByRole(root, 'button', 'Run Two notes')));
    const approve = await until(() => {
      const found = queryAllByRole(root, 'button', 'Approve').at(-1);
      if (!found) throw new Error('no approval card yet');
      return found;
    });
    expect(cancelButton(root).disabled).toBe(false);
    cancelOnFirstCreate();
    click(approve);
    await until(() => expect(summary(root)).toBe('Cancelled: the rest of the plan did not run.'));
    expect(await app.vault.adapter.exists('Projects/Beta.md')).toBe(false);
    expect(cancelButton(root).disabled).toBe(true);
  });
});
