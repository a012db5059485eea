// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DryRunController } from '../../../src/ui/plan/DryRunController';
import { ScriptedApproval } from '../../builders/pipeline';
import { PlanModel } from '../../builders/planModel';
import { openNote } from '../../obsidian/fixtures';
import { click, getByRole, queryAllByRole, type } from '../support/a11y';
import { TWO_PROJECT_NOTES as PLAN } from '../support/fixtures';
import { type ObsidianPlanFixture, obsidianPlanHost, vaultSnapshot } from '../support/obsidianPlanHost';

let fixture: ObsidianPlanFixture;
let panel: HTMLElement;
let model: PlanModel;
let controller: DryRunController;
let ran: string[];

beforeEach(async () => {
  fixture = await obsidianPlanHost({ 'Home.md': '# Home\n' });
  panel = document.body.createDiv();
  model = new PlanModel([JSON.stringify(PLAN)]);
  ran = [];
  controller = new DryRunController({
    session: fixture.session(() => model),
    container: () => panel,
    onPlanRan: (plan) => ran.push(plan.goal),
  });
  controller.load();
});

afterEach(async () => {
  controller.unload();
  await fixture.cleanup();
  document.body.empty();
});

const region = (): HTMLElement => getByRole(panel, 'region', 'Plan preview');

describe('DryRunController', () => {
  it('should show the plan preview and write nothing', async () => {
    const before = await vaultSnapshot(fixture.app);
    await controller.dryRun('Make two project notes');
    expect(region().textContent).toContain('Projects/Alpha.md');
    expect(region().textContent).toContain('Will create 2 files under Projects');
    expect(await vaultSnapshot(fixture.app)).toEqual(before);
    expect(fixture.app.vault.getAbstractFileByPath('Projects')).toBeNull();
    expect(model.requests).toHaveLength(1);
  });

  it('should re-validate and re-preview an edited folder, and refuse an edit that leaves the vault', async () => {
    await controller.dryRun('Make two project notes');
    click(getByRole(region(), 'button', 'Edit plan'));
    type(getByRole<HTMLInputElement>(region(), 'textbox', 'Step folder: path'), '../Outside');
    click(getByRole(region(), 'button', 'Apply changes'));
    await vi.waitFor(() =>
      expect(getByRole(region(), 'alert').textContent).toMatch(
        /^The edited plan is not valid:\n.*steps\[0\] \(folder\)/,
      ),
    );

    type(getByRole<HTMLInputElement>(region(), 'textbox', 'Step folder: path'), 'Ideas');
    type(getByRole<HTMLInputElement>(region(), 'textbox', 'Step alpha: path'), 'Ideas/Alpha.md');
    type(getByRole<HTMLInputElement>(region(), 'textbox', 'Step beta: path'), 'Ideas/Beta.md');
    click(getByRole(region(), 'button', 'Apply changes'));
    await vi.waitFor(() => expect(region().textContent).toContain('Ideas/Alpha.md'));
    expect(region().textContent).not.toContain('Projects/');
    expect(fixture.app.vault.getAbstractFileByPath('Ideas')).toBeNull();
  });

  it('should execute the approved plan with log and progress', async () => {
    await controller.dryRun('Make two project notes');
    click(getByRole(panel, 'button', 'Approve'));
    await vi.waitFor(() => expect(ran).toEqual(['Two project notes']));
    expect(await fixture.app.vault.adapter.read('Projects/Alpha.md')).toBe('# Alpha\n');
    expect(await fixture.app.vault.adapter.read('Projects/Beta.md')).toBe('# Beta\n');
    const log = getByRole(panel, 'log', 'Execution log');
    expect(Array.from(log.querySelectorAll('[data-status]')).map((entry) => entry.getAttribute('data-status'))).toEqual(
      ['done', 'done', 'done'],
    );
    const bar = getByRole(panel, 'progressbar');
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['3', '3']);
    expect(queryAllByRole(panel, 'button', 'Approve')).toHaveLength(0);
    expect(fixture.http.attempts).toEqual([]);
  });

  it('should offer "Run the rest" when a step fails and run only what is left', async () => {
    await fixture.app.vault.createFolder('Projects');
    await fixture.app.vault.create('Projects/Beta.md', 'taken');
    model = new PlanModel([
      JSON.stringify({
        ...PLAN,
        steps: PLAN.steps.map((step) =>
          step.id === 'beta' ? { ...step, args: { ...step.args, collisionStrategy: 'error' } } : step,
        ),
      }),
    ]);
    await controller.dryRun('Make two project notes');
    click(getByRole(panel, 'button', 'Approve'));
    await vi.waitFor(() =>
      expect(panel.querySelector('.embedded-agent-plan-run-summary')?.textContent).toMatch(/already exists/),
    );
    expect(ran).toEqual([]);
    await fixture.app.fileManager.trashFile(fixture.app.vault.getFileByPath('Projects/Beta.md')!);
    // The preview showed that Beta.md would fail, not its new text: that write is asked for on its own card.
    const approval = new ScriptedApproval();
    fixture.approval.port = approval;
    click(getByRole(panel, 'button', 'Run the rest'));
    await vi.waitFor(() => expect(ran).toEqual(['Two project notes']));
    expect(approval.requests.map((request) => [request.tool, request.summary])).toEqual([
      ['vault.createFile', 'Create Projects/Beta.md'],
    ]);
    expect(await fixture.app.vault.adapter.read('Projects/Alpha.md')).toBe('# Alpha\n');
    expect(await fixture.app.vault.adapter.read('Projects/Beta.md')).toBe('# Beta\n');
  });

  it('should refuse in "Run the rest" a write the preview could not show, when nobody can be asked', async () => {
    await fixture.app.vault.create('Important.md', 'Keep me\n');
    await fixture.app.vault.create('Projects.md', 'taken');
    await openNote(fixture.app, 'Home.md');
    model = new PlanModel([
      JSON.stringify({
        ...PLAN,
        steps: [
          { id: 'note', tool: 'editor.insertAtCursor', args: { text: 'Logged.\n' } },
          {
            id: 'folder',
            tool: 'vault.createFile',
            args: { path: 'Projects.md', content: 'mine', collisionStrategy: 'error' },
          },
          {
            id: 'overwrite',
            tool: 'vault.writeFile',
            args: { path: 'Important.md', content: 'Replaced after ${steps.note.insertedChars} characters' },
          },
        ],
      }),
    ]);
    await controller.dryRun('Log it');
    click(getByRole(panel, 'button', 'Approve'));
    await vi.waitFor(() =>
      expect(panel.querySelector('.embedded-agent-plan-run-summary')?.textContent).toMatch(/already exists/),
    );
    await fixture.app.fileManager.trashFile(fixture.app.vault.getFileByPath('Projects.md')!);
    click(getByRole(panel, 'button', 'Run the rest'));
    await vi.waitFor(() =>
      expect(panel.querySelector('.embedded-agent-plan-run-summary')?.textContent).toMatch(/not approved/),
    );
    expect(await fixture.app.vault.adapter.read('Important.md')).toBe('Keep me\n');
    expect(await fixture.app.vault.adapter.exists('Projects.md')).toBe(false);
    expect(await fixture.app.vault.adapter.read('Home.md')).toBe('Logged.\n# Home\n');
  });

  it('should stop the approved plan with Stop after the call in flight, then hide Stop', async () => {
    await controller.dryRun('Make two project notes');
    const create = fixture.app.vault.create.bind(fixture.app.vault);
    vi.spyOn(fixture.app.vault, 'create').mockImplementation((path, data, options) => {
      click(getByRole(panel, 'button', 'Stop run'));
      return create(path, data, options);
    });
    click(getByRole(panel, 'button', 'Approve'));
    await vi.waitFor(() =>
      expect(panel.querySelector('.embedded-agent-plan-run-summary')?.textContent).toBe(
        'Cancelled: the rest of the plan did not run.',
      ),
    );
    expect(await fixture.app.vault.adapter.read('Projects/Alpha.md')).toBe('# Alpha\n');
    expect(await fixture.app.vault.adapter.exists('Projects/Beta.md')).toBe(false);
    expect(queryAllByRole(panel, 'button', 'Stop run')).toHaveLength(0);
    expect(ran).toEqual([]);
  });
});
