// @vitest-environment happy-dom
import type { App } from 'obsidian';
import { afterEach, describe, expect, it } from 'vitest';
import { call, callsReply, ScriptedModel, textReply } from '../builders/scriptedModel';
import { click, getByRole, press, queryAllByRole, type } from '../ui/support/a11y';
import { openChatPanel, type ChatPanel } from '../ui/support/chatPanel';
import { closeChangesViews, reviewChanges, until } from './support/changesView';

let panel: ChatPanel | null = null;
afterEach(async () => {
  closeChangesViews(panel?.app);
  await panel?.cleanup();
  panel = null;
});

const note = (lines: Record<number, string>): string => {
  const text = ['# Q3', '', 'Goal: ship in July.', '', 'Owner: Sam', '', 'Budget: 10k', ''];
  for (const [line, value] of Object.entries(lines)) text[Number(line) - 1] = value;
  return text.join('\n');
};
const ORIGINAL = note({});
const OLDER_RUN = note({ 3: 'Goal: ship in August.', 7: 'Budget: 12k' });
const NEWER_RUN = note({ 3: 'Goal: ship in August.', 5: 'Owner: Priya', 7: 'Budget: 12k' });

async function send(root: HTMLElement, text: string, answer: string): Promise<void> {
  const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
  type(box as unknown as HTMLInputElement, text);
  press(box, 'Enter');
  await until(() => expect(root.textContent).toContain(answer));
  // The run has ended when Send can be pressed again.
  await until(() => expect(getByRole<HTMLButtonElement>(root, 'button', 'Send').disabled).toBe(false));
}

async function read(app: App): Promise<string> {
  return app.vault.adapter.read('Projects/Q3.md');
}

describe('two runs on one note, reviewed after the fact through the plugin', () => {
  it("should undo the older run hunk by hunk, keeping the newer run's change and the person's edit since", async () => {
    panel = await openChatPanel({
      model: new ScriptedModel([
        callsReply([call('vault.writeFile', { path: 'Projects/Q3.md', content: OLDER_RUN }, 'w1')]),
        textReply('Moved the goal and the budget.'),
        callsReply([call('vault.writeFile', { path: 'Projects/Q3.md', content: NEWER_RUN }, 'w2')]),
        textReply('Priya owns it now.'),
      ]),
      settings: { approval: 'review' },
      files: { 'Projects/Q3.md': ORIGINAL },
    });
    const { root, app } = panel;
    await send(root, 'Move the goal to August and the budget to 12k', 'Moved the goal and the budget.');
    await send(root, 'Make Priya the owner', 'Priya owns it now.');
    // The person retitles the note afterwards, two lines above the older run's first change.
    const file = app.vault.getFileByPath('Projects/Q3.md');
    if (!file) throw new Error('Projects/Q3.md is missing');
    await app.vault.modify(file, NEWER_RUN.replace('# Q3', '# Q3 plan'));

    const region = await reviewChanges(app, (found) => {
      expect(queryAllByRole(found, 'listitem', /^Chat: /)).toHaveLength(2);
      return found;
    });
    // Newest first: the older run is the second.
    const older = queryAllByRole(region, 'listitem', /^Chat: /)[1] as HTMLElement;
    click(getByRole(older, 'button', 'Open'));

    const budget = await until(() => getByRole(older, 'group', 'Change 2 of 2 in Projects/Q3.md'));
    click(getByRole(budget, 'button', 'Undo'));
    await until(async () => expect(await read(app)).toBe(NEWER_RUN.replace('# Q3', '# Q3 plan').replace('12k', '10k')));

    const goal = await until(() => getByRole(older, 'group', 'Change 1 of 2 in Projects/Q3.md'));
    click(getByRole(goal, 'button', 'Undo'));
    await until(async () => expect(await read(app)).toBe(note({ 1: '# Q3 plan', 5: 'Owner: Priya' })));
    await until(() => expect(getByRole(region, 'status').textContent).toBe('Change 1 of 2 in Projects/Q3.md undone'));
  });

  it('should undo a rename and the link rewrites that came with it, byte for byte', async () => {
    const index = 'See [[Plan]] and [the plan](Projects/Plan.md).\n';
    panel = await openChatPanel({
      model: new ScriptedModel([
        callsReply([call('vault.rename', { fromPath: 'Projects/Plan.md', toPath: 'Archive/Old plan.md' }, 'r1')]),
        textReply('Archived the plan.'),
      ]),
      settings: { approval: 'review', allowDeletes: true },
      files: { 'Projects/Plan.md': '# Plan\n', 'Index.md': index },
    });
    const { root, app } = panel;
    await send(root, 'Archive the plan', 'Archived the plan.');
    expect(await app.vault.adapter.read('Index.md')).toBe('See [[Old plan]] and [the plan](Old%20plan.md).\n');

    const run = await reviewChanges(app, (region) => getByRole(region, 'listitem', /^Chat: /));
    click(getByRole(run, 'button', 'Undo run'));
    await until(async () => expect(await app.vault.adapter.read('Projects/Plan.md')).toBe('# Plan\n'));
    await until(async () => expect(await app.vault.adapter.read('Index.md')).toBe(index));
    expect(app.vault.getFileByPath('Archive/Old plan.md')).toBeNull();
  });
});
