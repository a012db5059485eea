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
    await until(() =>
      expect(seen[seen.length - 1]).toEqual({
        kind: 'note',
        text: expect.stringMatching(/^Reverted \d+ changes?\./) as unknown,
        tone: 'info',
      }),
    );
  });

  it('should keep only day files in the audit folder after a write, and give the revert an audit line of its own', async () => {
    const model = new ScriptedModel([
      callsReply([call('vault.createFile', { path: 'Chat.md', content: 'from the chat run' })]),
      textReply('Created Chat.md.'),
    ]);
    panel = await openChatPanel({ model });
    const { root, app } = panel;
    const audit = `${app.vault.configDir}/plugins/embedded-agent/audit`;
    const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
    type(box as unknown as HTMLInputElement, 'Make a note');
    press(box, 'Enter');
    click(await until(() => getByRole(root, 'button', 'Approve')));
    await until(() => expect(root.textContent).toContain('Created Chat.md.'));
    const dayFiles = async (): Promise<string[]> => (await app.vault.adapter.list(audit)).files;
    const auditLines = async (): Promise<Record<string, unknown>[]> =>
      (await Promise.all((await dayFiles()).map((file) => app.vault.adapter.read(file)))).flatMap((text) =>
        text
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      );
    // One file per day, one line per call with its outcome: the write's "started" line is kept elsewhere.
    await until(async () =>
      expect((await auditLines()).map((line) => [line.tool, line.ok])).toEqual([['vault.createFile', true]]),
    );
    expect((await dayFiles()).map((file) => file.slice(audit.length + 1))).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}\.jsonl$/),
    ]);

    click(getByRole(root, 'button', 'Revert last run'));
    click(await until(() => getByRole(root, 'button', 'Revert changes')));
    await until(() => expect(app.vault.getAbstractFileByPath('Chat.md')).toBeNull());
    const runId = (await auditLines())[0]!.runId as string;
    await until(async () =>
      expect((await auditLines()).at(-1)).toMatchObject({
        tool: 'checkpoints.revert',
        runId: `revert-${runId}-1`,
        args: { runId, overwriteConflicts: false },
        ok: true,
        error: null,
        restored: ['Chat.md'],
        conflicts: [],
      }),
    );
    expect((await dayFiles()).every((file) => /\/\d{4}-\d{2}-\d{2}\.jsonl$/.test(file))).toBe(true);
  });
});
