// @vitest-environment happy-dom
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { diskApprovals, panelApprovals as panelAuditApprovals } from './auditApprovals';
import { describe, expect, it, vi } from 'vitest';
import { AgentSession } from '../../src/core/session/AgentSession';
import { call, callsReply, ScriptedModel, textReply } from '../builders/scriptedModel';
import { exampleVaultCopy, startSession } from '../cli/harness';
import { click, getByRole, press, type } from '../ui/support/a11y';
import { openChatPanel } from '../ui/support/chatPanel';
import { cleanUpBothShells } from './bothShells';

const MESSAGE = 'Note down the weekly review';
const WEEKLY = '# Weekly review\n\nSunday evenings, 30 minutes.\n';
const AUDIT = '.obsidian/plugins/embedded-agent/audit';

/** The model's side of the scenario, the same for both shells: one write, then the answer. */
const model = (): ScriptedModel =>
  new ScriptedModel([
    callsReply([call('vault.createFile', { path: 'Ideas/Weekly review.md', content: WEEKLY }, 'w')], {
      text: 'Writing it.',
    }),
    textReply('Saved Ideas/Weekly review.md.'),
  ]);

const shells = cleanUpBothShells();

describe('one session, two shells', () => {
  it('should run one scenario through AgentSession in the panel and in the terminal, asking the same approval and writing the same note', async () => {
    const send = vi.spyOn(AgentSession.prototype, 'send');

    // The chat panel: type, approve the card, read the answer.
    const panel = shells.track(await openChatPanel({ model: model(), files: { 'Inbox.md': '- weekly review\n' } }));
    const { root, app } = panel;
    const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
    type(box as unknown as HTMLInputElement, MESSAGE);
    press(box, 'Enter');
    click(await vi.waitFor(() => getByRole(root, 'button', 'Approve'), { timeout: 10_000 }));
    await vi.waitFor(() => expect(root.textContent).toContain('Saved Ideas/Weekly review.md.'), { timeout: 10_000 });
    const panelNote = await app.vault.adapter.read('Ideas/Weekly review.md');
    const panelApprovals = await panelAuditApprovals(app.vault.adapter, AUDIT);

    // The terminal: the same message, "y" at the same question.
    const paths = await exampleVaultCopy();
    const terminal = startSession({
      argv: ['--vault', paths.vault, '--checkpoints', paths.checkpoints, '--mode', 'agent', '--provider', 'anthropic'],
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
      lines: [MESSAGE, 'y', '/quit'],
      modesFile: paths.modesFile,
      createLlm: () => model(),
    });
    expect(await terminal.code).toBe(0);
    expect(terminal.stdout()).toContain('Saved Ideas/Weekly review.md.');
    const terminalNote = await readFile(join(paths.vault, 'Ideas/Weekly review.md'), 'utf8');
    const auditFolder = join(paths.vault, AUDIT);
    const terminalApprovals = await diskApprovals(auditFolder);

    expect(send.mock.calls.map(([message]) => message)).toEqual([MESSAGE, MESSAGE]);
    expect(panelApprovals).toEqual(['vault.createFile: approved']);
    expect(terminalApprovals).toEqual(panelApprovals);
    expect(terminalNote).toBe(WEEKLY);
    expect(panelNote).toBe(terminalNote);
  }, 30_000);
});
