// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, callsReply, ScriptedModel, textReply } from '../../builders/scriptedModel';
import { bulletsToNotes } from '../../core/plan/plans';
import { click, getByRole, press, queryAllByRole, type } from '../support/a11y';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });

const BULLETS = [
  'Q3: budget review',
  'Why do we meet on Mondays?',
  'The "quiet" hours',
  'Pros * cons of remote work',
  'Read/Write notes',
];
const NAMES = [
  'Q3 - budget review',
  'Why do we meet on Mondays',
  "The 'quiet' hours",
  'Pros - cons of remote work',
  'Read-Write notes',
];

describe('Send, with bullets a file name cannot hold', () => {
  it('should make one note per bullet in the folder, show the final names on the card, and tell the model the paths made', async () => {
    // A model writes each bullet into its path as it is ("/" too); two of its notes carry no heading.
    const headless = new Set([2, 3]);
    const calls = BULLETS.map((bullet, index) =>
      call(
        'vault.createFile',
        {
          path: `Ideas/${bullet}.md`,
          content: headless.has(index) ? 'From the inbox.\n' : `# ${bullet}\n\nFrom the inbox.\n`,
        },
        `c${index}`,
      ),
    );
    const model = new ScriptedModel([callsReply(calls), textReply('Made five notes in Ideas.')]);
    panel = await openChatPanel({ model, files: { 'Inbox.md': BULLETS.map((bullet) => `- ${bullet}`).join('\n') } });
    const { root, app } = panel;

    const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
    type(box as unknown as HTMLInputElement, 'Create a note per bullet of Inbox in the folder Ideas');
    press(box, 'Enter');
    const approveAll = await until(() => getByRole(root, 'button', 'Approve all for this run'));
    // The card names the file that will be made (its arguments still show what the model typed).
    const card = approveAll.closest<HTMLElement>('.embedded-agent-card') as HTMLElement;
    expect(card.querySelector('.embedded-agent-card-title')?.textContent).toBe('Create Ideas/Q3 - budget review.md');
    click(approveAll);
    await until(() => expect(root.textContent).toContain('Made five notes in Ideas.'));

    const made = app.vault
      .getFiles()
      .map((file) => file.path)
      .filter((path) => path.startsWith('Ideas/'))
      .sort();
    expect(made).toEqual(NAMES.map((name) => `Ideas/${name}.md`).sort());
    for (const [index, name] of NAMES.entries()) {
      expect(await app.vault.adapter.read(`Ideas/${name}.md`)).toBe(`# ${BULLETS[index]}\n\nFrom the inbox.\n`);
    }
    const results = JSON.stringify(model.requests[1]?.messages ?? []);
    for (const name of NAMES)
      expect(results).toContain(JSON.stringify(`Ideas/${name}.md`).slice(1, -1).replace(/"/g, '\\"'));
  });

  it("should preview and run the tool reference's bullets pattern, word for word, as one note per bullet with the final names", async () => {
    const list = BULLETS.map((bullet) => `- ${bullet}`).join('\n');
    const model = new ScriptedModel([textReply(JSON.stringify(bulletsToNotes()))]);
    panel = await openChatPanel({
      model,
      files: { 'Inbox.md': list },
      before: async (app) => {
        await app.workspace.getLeaf(false).openFile(app.vault.getFileByPath('Inbox.md')!, { active: true });
        app.workspace.activeEditor?.editor?.setSelection(
          { line: 0, ch: 0 },
          { line: BULLETS.length - 1, ch: `- ${BULLETS.at(-1)!}`.length },
        );
      },
    });
    const { root, app } = panel;
    type(
      getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message') as unknown as HTMLInputElement,
      'Create a note per bullet of the selection',
    );
    click(getByRole(root, 'button', 'Dry run'));
    const preview = await until(() => getByRole(root, 'region', 'Plan preview'));
    for (const name of NAMES) expect(preview.textContent).toContain(`Notes/${name}.md`);
    expect(preview.textContent).not.toContain('would fail');
    const approves = queryAllByRole(root, 'button', 'Approve');
    click(approves[approves.length - 1] as HTMLElement);
    await until(async () => expect(await app.vault.adapter.read(`Notes/${NAMES[4]!}.md`)).toBe(`# ${BULLETS[4]!}\n`));
    const made = app.vault
      .getFiles()
      .map((file) => file.path)
      .filter((path) => path.startsWith('Notes/'))
      .sort();
    expect(made).toEqual(NAMES.map((name) => `Notes/${name}.md`).sort());
    for (const [index, name] of NAMES.entries())
      expect(await app.vault.adapter.read(`Notes/${name}.md`)).toBe(`# ${BULLETS[index]!}\n`);
  });
});
