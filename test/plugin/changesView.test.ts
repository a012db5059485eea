// @vitest-environment happy-dom
import type { App } from 'obsidian';
import { afterEach, describe, expect, it } from 'vitest';
import { call, callsReply, ScriptedModel, textReply } from '../builders/scriptedModel';
import { commandsOf } from '../obsidian-double/harness';
import { click, getByRole, nameOf, press, queryAllByRole, type } from '../ui/support/a11y';
import { openChatPanel, type ChatPanel } from '../ui/support/chatPanel';
import { closeChangesViews, FIRST_OPEN_MS, reviewChanges as reviewChangesFor, until } from './support/changesView';

let panel: ChatPanel | null = null;
afterEach(async () => {
  closeChangesViews(panel?.app);
  await panel?.cleanup();
  panel = null;
});

const BEFORE = ['# Q3', '', 'Goal: ship in July.', '', 'Owner: Sam', '', 'Budget: 10k', ''].join('\n');
const AFTER = ['# Q3', '', 'Goal: ship in August.', '', 'Owner: Sam', '', 'Budget: 12k', ''].join('\n');

/** A chat run that rewrites Projects/Q3.md: two hunks, lines 3 and 7. */
async function chatRunUnderReview(): Promise<ChatPanel> {
  panel = await openChatPanel({
    model: new ScriptedModel([
      callsReply([call('vault.writeFile', { path: 'Projects/Q3.md', content: AFTER }, 'w1')]),
      textReply('Updated the plan.'),
    ]),
    settings: { approval: 'review' },
    files: { 'Projects/Q3.md': BEFORE },
  });
  const { root } = panel;
  const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
  type(box as unknown as HTMLInputElement, 'Move the goal to August and the budget to 12k');
  press(box, 'Enter');
  await until(() => expect(root.textContent).toContain('Updated the plan.'));
  return panel;
}

/** Runs "Review changes" from the palette and returns the view's region named "Changes". */
async function reviewChanges(app: App): Promise<HTMLElement> {
  return reviewChangesFor(app, (region) => {
    getByRole(region, 'listitem', /^Chat: /);
    return region;
  });
}

async function openHunks(region: HTMLElement): Promise<HTMLElement> {
  const run = getByRole(region, 'listitem', /^Chat: /);
  click(getByRole(run, 'button', 'Open'));
  await until(() => getByRole(run, 'group', 'Change 2 of 2 in Projects/Q3.md'));
  return run;
}

const countButton = (): HTMLElement => getByRole(document.body, 'button', /^Changes to review: /);

describe('review after the fact, through the plugin', () => {
  it('should open the Changes view from its command, the only review command in the palette', async () => {
    panel = await openChatPanel({ files: {} });
    const ours = commandsOf(panel.app)
      .listCommands()
      .filter((command) => command.id.startsWith('embedded-agent:'));
    // Keeping and undoing are buttons in the view: no command approves or reverts anything.
    expect(ours.map((command) => command.id)).toEqual(['embedded-agent:open-chat', 'embedded-agent:review-changes']);
    const review = commandsOf(panel.app).findCommand('embedded-agent:review-changes');
    expect(review?.name).toBe('Embedded Agent: Review changes');
    expect(review?.hotkeys ?? []).toEqual([]);
    // The count is in the status bar but hidden until the review core has counted: not there for a person yet.
    expect(document.querySelector('.status-bar .embedded-agent-changes-count')).not.toBeNull();
    expect(queryAllByRole(document.body, 'button', /^Changes to review/)).toEqual([]);
    expect(commandsOf(panel.app).executeCommandById('embedded-agent:review-changes')).toBe(true);
    const view = await until(() => {
      const found = panel?.app.workspace.getLeavesOfType('embedded-agent-changes')[0]?.view;
      if (!found) throw new Error('the Changes view did not open');
      return found;
    });
    const region = getByRole(view.containerEl, 'region', 'Changes');
    await until(() => expect(region.textContent).toContain('No changes yet'), FIRST_OPEN_MS);
    // "Show older runs" is drawn but hidden while there are none.
    expect(region.querySelector('button')?.textContent).toBe('Show older runs');
    expect(queryAllByRole(region, 'button')).toEqual([]);
    await until(() => expect(nameOf(countButton())).toBe('Changes to review: 0'));
  });

  it('should let a write run without a card under review, count it, and keep it in the view', async () => {
    const { app, root } = await chatRunUnderReview();
    expect(queryAllByRole(root, 'button', 'Approve')).toEqual([]);
    expect(await app.vault.adapter.read('Projects/Q3.md')).toBe(AFTER);
    await until(() => expect(nameOf(countButton())).toBe('Changes to review: 1'));

    const region = await reviewChanges(app);
    const run = getByRole(region, 'listitem', /^Chat: /);
    expect(nameOf(run)).toMatch(/^Chat: .+, 1 file, 2 lines added, 2 removed, to review$/);
    click(getByRole(run, 'button', 'Keep run'));
    await until(() => expect(nameOf(getByRole(region, 'listitem', /^Chat: /))).toMatch(/, kept$/));
    await until(() => expect(nameOf(countButton())).toBe('Changes to review: 0'));
    expect(await app.vault.adapter.read('Projects/Q3.md')).toBe(AFTER);
  });

  it('should open the Changes view from the count', async () => {
    const { app } = await chatRunUnderReview();
    click(await until(() => countButton()));
    await until(() => expect(app.workspace.getLeavesOfType('embedded-agent-changes')).toHaveLength(1));
  });

  it('should undo one hunk and redo it byte for byte, the view following each decision', async () => {
    const { app } = await chatRunUnderReview();
    const region = await reviewChanges(app);
    const run = await openHunks(region);
    click(getByRole(getByRole(run, 'group', 'Change 2 of 2 in Projects/Q3.md'), 'button', 'Undo'));
    await until(async () =>
      expect(await app.vault.adapter.read('Projects/Q3.md')).toBe(AFTER.replace('Budget: 12k', 'Budget: 10k')),
    );
    const undone = await until(() =>
      getByRole(getByRole(run, 'group', 'Change 2 of 2 in Projects/Q3.md'), 'button', 'Redo'),
    );
    // Undone, the hunk offers Redo only: no Undo is shown for it.
    expect(queryAllByRole(getByRole(run, 'group', 'Change 2 of 2 in Projects/Q3.md'), 'button', 'Undo')).toEqual([]);
    await until(() => expect(getByRole(region, 'status').textContent).toBe('Change 2 of 2 in Projects/Q3.md undone'));
    await until(() => expect(nameOf(getByRole(region, 'listitem', /^Chat: /))).toMatch(/partly undone$/));
    // The undo is a run of its own, listed first.
    await until(() => expect(nameOf(queryAllByRole(region, 'listitem')[0] as HTMLElement)).toMatch(/^Undo: /));

    click(undone);
    await until(async () => expect(await app.vault.adapter.read('Projects/Q3.md')).toBe(AFTER));
    await until(() => getByRole(getByRole(run, 'group', 'Change 2 of 2 in Projects/Q3.md'), 'button', 'Undo'));
    await until(() => expect(getByRole(region, 'status').textContent).toBe('Change 2 of 2 in Projects/Q3.md redone'));
  });

  it('should ask before undoing a line the person changed since, with both versions, writing only on Undo anyway', async () => {
    const { app } = await chatRunUnderReview();
    const edited = AFTER.replace('Goal: ship in August.', 'Goal: ship in September.');
    const note = app.vault.getFileByPath('Projects/Q3.md');
    if (!note) throw new Error('Projects/Q3.md is missing');
    await app.vault.modify(note, edited);
    const region = await reviewChanges(app);
    const run = await openHunks(region);
    const hunk = await until(() => getByRole(run, 'group', 'Change 1 of 2 in Projects/Q3.md (changed since)'));
    click(getByRole(hunk, 'button', 'Undo'));
    const question = getByRole(hunk, 'group', 'Undo Change 1 of 2 in Projects/Q3.md (changed since)?');
    expect(question.textContent).toContain('September');
    expect(question.textContent).toContain('July');
    click(getByRole(question, 'button', 'Cancel'));
    expect(await app.vault.adapter.read('Projects/Q3.md')).toBe(edited);

    click(getByRole(hunk, 'button', 'Undo'));
    click(getByRole(hunk, 'button', 'Undo anyway'));
    await until(async () =>
      expect(await app.vault.adapter.read('Projects/Q3.md')).toBe(
        edited.replace('Goal: ship in September.', 'Goal: ship in July.'),
      ),
    );
    await until(() =>
      expect(getByRole(region, 'status').textContent).toBe('Change 1 of 2 in Projects/Q3.md (changed since) undone'),
    );
  });
});
