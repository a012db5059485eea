// @vitest-environment happy-dom
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { diskApprovals, panelApprovals as panelAuditApprovals } from './auditApprovals';
import { describe, expect, it, vi } from 'vitest';
import { createSavedAction } from '../../src/core/plan/savedActions';
import type { ActionOutcome } from '../../src/core/session/sessionPlans';
import { AgentSession } from '../../src/core/session/AgentSession';
import { exampleVaultCopy, startSession } from '../cli/harness';
import { PlanModel, twoIdeasPlan } from '../builders/planModel';
import { commandsOf } from '../obsidian-double/harness';
import { click, getByRole, type } from '../ui/support/a11y';
import { openChatPanel } from '../ui/support/chatPanel';
import { cleanUpBothShells } from './bothShells';
import { keepModalsOpen, openModals } from '../ui/support/modals';

const PLUGIN = '.obsidian/plugins/embedded-agent';
const NOTE = 'Ideas/Weekly review.md';
const TEXT = '# Weekly review\n\nSunday evenings, 30 minutes.\n';

/** A saved action with a parameter the context cannot give: both shells must ask for it. */
const ACTION = createSavedAction(
  {
    name: 'Weekly note',
    plan: {
      version: '1.0',
      goal: 'Write a weekly note',
      assumptions: [],
      riskLevel: 'writes',
      parameters: [{ name: 'title', description: 'Title' }],
      steps: [
        {
          id: 'note',
          tool: 'vault.createFile',
          args: { path: 'Ideas/${title}.md', content: '# ${title}\n\nSunday evenings, 30 minutes.\n' },
        },
      ],
    },
    now: Date.UTC(2026, 0, 15),
  },
  [],
);

const until = <T>(check: () => T | Promise<T>): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });

const shells = cleanUpBothShells();

describe('one session, two shells: plans', () => {
  it('should run the same saved action through AgentSession.runSavedAction in the panel and the terminal, asking the same input and confirmation and writing the same note', async () => {
    keepModalsOpen();
    const run = vi.spyOn(AgentSession.prototype, 'runSavedAction');
    const headline = async (index: number): Promise<string | undefined> => {
      const outcome = (await run.mock.results[index]?.value) as ActionOutcome | undefined;
      return outcome && outcome.status === 'ran' ? outcome.dryRun?.headline : undefined;
    };

    // The panel: the palette command, the parameter modal, then Approve on the plan's card.
    const panel = shells.track(await openChatPanel({ settings: { savedActions: [structuredClone(ACTION)] } }));
    const { root, app } = panel;
    await until(() =>
      expect(commandsOf(app).findCommand(`embedded-agent:run-saved-action-${ACTION.id}`)).toBeDefined(),
    );
    commandsOf(app).executeCommandById(`embedded-agent:run-saved-action-${ACTION.id}`);
    const title = await until(() => getByRole<HTMLInputElement>(openModals()[0] as HTMLElement, 'textbox', 'title'));
    type(title, 'Weekly review');
    click(getByRole(openModals()[0] as HTMLElement, 'button', 'Run'));
    click(await until(() => getByRole(root, 'button', 'Approve')));
    await until(() => expect(run.mock.settledResults[0]?.type).toBe('fulfilled'));
    const panelHeadline = await headline(0);
    expect(panelHeadline).toBe('Run plan "Write a weekly note": 1 created');
    const panelNote = await app.vault.adapter.read(NOTE);
    const panelApprovals = await panelAuditApprovals(app.vault.adapter, `${PLUGIN}/audit`);

    // The terminal: the vault's data.json holds the same action; "/run", the title, "y" at the same confirmation.
    const paths = await exampleVaultCopy();
    await mkdir(join(paths.vault, PLUGIN), { recursive: true });
    await writeFile(join(paths.vault, PLUGIN, 'data.json'), JSON.stringify({ savedActions: [ACTION] }));
    const terminal = startSession({
      argv: ['--vault', paths.vault, '--checkpoints', paths.checkpoints, '--provider', 'anthropic'],
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
      lines: ['/actions', '/run Weekly note', 'Weekly review', 'y', '/quit'],
      modesFile: paths.modesFile,
    });
    expect(await terminal.code).toBe(0);
    const out = terminal.stdout();
    expect(out).toContain(`${ACTION.id}  Weekly note`);
    expect(out).toContain('Title (title): ');
    expect(out).toContain(`Approval needed: ${panelHeadline}`);
    const terminalNote = await readFile(join(paths.vault, NOTE), 'utf8');
    const auditFolder = join(paths.vault, PLUGIN, 'audit');
    const terminalApprovals = await diskApprovals(auditFolder);

    expect(run.mock.calls.map(([action, values]) => [typeof action === 'string' ? action : action.id, values])).toEqual(
      [
        [ACTION.id, { title: 'Weekly review' }],
        [ACTION.id, { title: 'Weekly review' }],
      ],
    );
    expect(await headline(1)).toBe(panelHeadline);
    expect(panelApprovals).toEqual(['vault.createFile: approved-in-preview']);
    expect(terminalApprovals).toEqual(panelApprovals);
    expect(panelNote).toBe(TEXT);
    expect(terminalNote).toBe(panelNote);
  }, 30_000);

  it('should dry run the same message through AgentSession in both shells, preview the same plan and write the same notes on the one yes', async () => {
    const dryRun = vi.spyOn(AgentSession.prototype, 'dryRun');
    const runPlan = vi.spyOn(AgentSession.prototype, 'runPlan');
    const previewed = async (index: number): Promise<string[]> => {
      const outcome = (await dryRun.mock.results[index]?.value) as Awaited<ReturnType<AgentSession['dryRun']>>;
      return outcome.status === 'previewed'
        ? outcome.previewed.dryRun.preview.files.map((file) => `${file.kind} ${file.path}`)
        : [];
    };

    // The panel: Dry run, then Approve under the preview.
    const panel = shells.track(await openChatPanel({ model: new PlanModel([JSON.stringify(twoIdeasPlan())]) }));
    const { root, app } = panel;
    type(getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message') as unknown as HTMLInputElement, 'Make two ideas');
    click(getByRole(root, 'button', 'Dry run'));
    await until(() => getByRole(root, 'region', 'Plan preview'));
    click(getByRole(root, 'button', 'Approve'));
    await until(() => expect(runPlan.mock.settledResults[0]?.type).toBe('fulfilled'));
    const panelNotes = [await app.vault.adapter.read('Ideas/Alpha.md'), await app.vault.adapter.read('Ideas/Beta.md')];

    // The terminal: /dry-run, then y at "Run it?".
    const paths = await exampleVaultCopy();
    const terminal = startSession({
      argv: ['--vault', paths.vault, '--checkpoints', paths.checkpoints, '--provider', 'anthropic'],
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
      lines: ['/dry-run Make two ideas', 'y', '/quit'],
      modesFile: paths.modesFile,
      createLlm: () => new PlanModel([JSON.stringify(twoIdeasPlan())]),
    });
    expect(await terminal.code).toBe(0);
    const terminalNotes = [
      await readFile(join(paths.vault, 'Ideas/Alpha.md'), 'utf8'),
      await readFile(join(paths.vault, 'Ideas/Beta.md'), 'utf8'),
    ];

    expect(dryRun.mock.calls.map(([message]) => message)).toEqual(['Make two ideas', 'Make two ideas']);
    expect(await previewed(0)).toEqual(['created Ideas/Alpha.md', 'created Ideas/Beta.md']);
    expect(await previewed(1)).toEqual(await previewed(0));
    expect(runPlan).toHaveBeenCalledTimes(2);
    expect(panelNotes).toEqual(['# Alpha\n', '# Beta\n']);
    expect(terminalNotes).toEqual(panelNotes);
  }, 30_000);
});
