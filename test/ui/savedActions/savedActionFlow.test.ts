// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UiApprovalPort } from '../../../src/ui/UiApprovalPort';
import { SaveAsButton } from '../../../src/ui/savedActions/SaveAsButton';
import { type FinishedRun, SavedActionsController } from '../../../src/ui/savedActions/SavedActionsController';
import { SavedActionCommands } from '../../../src/plugin/savedActionCommands';
import { commandsOf } from '../../obsidian-double/harness';
import { openNote } from '../../obsidian/fixtures';
import { click, getByRole, queryAllByRole, type } from '../support/a11y';
import { keepModalsOpen, openModals } from '../support/modals';
import { type ObsidianPlanFixture, obsidianPlanHost } from '../support/obsidianPlanHost';

const FINISHED: FinishedRun = {
  kind: 'calls',
  calls: [
    { tool: 'editor.getSelection', input: {}, ok: true },
    { tool: 'vault.ensureFolder', input: { path: 'Projects' }, ok: true },
    { tool: 'vault.createFile', input: { path: 'Projects/Alpha.md', content: '# Alpha\n' }, ok: true },
    { tool: 'vault.createFile', input: { path: 'Projects/Beta.md', content: '# Beta\n' }, ok: true },
  ],
  context: {
    userMessage: 'Make a note per bullet in the folder Projects',
    selection: '- Alpha\n- Beta',
    activeFile: 'Inbox/List.md',
    now: Date.now(),
  },
};

let fixture: ObsidianPlanFixture;
let panel: HTMLElement;
let controller: SavedActionsController;

beforeEach(async () => {
  keepModalsOpen();
  fixture = await obsidianPlanHost({
    'Inbox/List.md': 'Ideas\n- Alpha\n- Beta\n',
    'Inbox/Later.md': 'Later\n- Gamma\n- Delta\n- Epsilon\n',
  });
  panel = document.body.createDiv({ cls: 'panel' });
  fixture.approval.port = new UiApprovalPort(() => panel);
  controller = new SavedActionsController({
    app: fixture.app,
    commands: (run) => new SavedActionCommands(fixture.plugin, run),
    settings: () => fixture.settings,
    saveSettings: () => {
      fixture.saves++;
      return Promise.resolve();
    },
    session: fixture.session(),
    container: () => panel,
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await fixture.cleanup();
  document.body.empty();
});

const modal = (): HTMLElement => {
  const open = openModals();
  if (open.length !== 1) throw new Error(`Expected one open modal, found ${open.length}`);
  return open[0] as HTMLElement;
};

async function saveAsButton(name: string, askEachTime: string[] = []): Promise<void> {
  const button = new SaveAsButton(panel, fixture.app, controller, FINISHED);
  button.load();
  click(getByRole(panel, 'button', 'Save as button'));
  await vi.waitFor(() => modal());
  type(getByRole<HTMLInputElement>(modal(), 'textbox', 'Action name'), name);
  for (const parameter of askEachTime) click(getByRole(modal(), 'checkbox', `Ask each time for ${parameter}`));
  click(getByRole(modal(), 'button', 'Save'));
  await vi.waitFor(() => expect(openModals()).toHaveLength(0));
  button.unload();
}

describe('saved actions from a finished run', () => {
  it('should create the three notes of three new bullets in the saved folder from the palette after one approval, with no modal and no network', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await saveAsButton('Bullets to notes');
    const command = commandsOf(fixture.app).findCommand('embedded-agent:run-saved-action-bullets-to-notes');
    expect(command?.name).toBe('Embedded Agent: Run saved action: Bullets to notes');
    expect(fixture.saves).toBe(1);
    expect(fixture.settings.savedActions).toHaveLength(1);
    const cards = vi.spyOn(fixture.approval.port as UiApprovalPort, 'request');

    const view = await openNote(fixture.app, 'Inbox/Later.md');
    view.editor.setSelection({ line: 1, ch: 0 }, { line: 3, ch: 9 });
    commandsOf(fixture.app).executeCommandById('embedded-agent:run-saved-action-bullets-to-notes');

    await vi.waitFor(() => getByRole(panel, 'button', 'Approve'));
    expect(openModals()).toHaveLength(0);
    const preview = getByRole(panel, 'region', 'Plan preview').textContent;
    for (const name of ['Gamma', 'Delta', 'Epsilon']) expect(preview).toContain(`Projects/${name}.md`);
    click(getByRole(panel, 'button', 'Approve'));

    await vi.waitFor(() =>
      expect(panel.querySelector('.embedded-agent-plan-run-summary')?.textContent).toMatch(/^Done/),
    );
    for (const name of ['Gamma', 'Delta', 'Epsilon'])
      expect(await fixture.app.vault.adapter.read(`Projects/${name}.md`)).toBe(`# ${name}\n`);
    expect(cards).toHaveBeenCalledTimes(1);
    expect(queryAllByRole(panel, 'button', 'Approve')).toHaveLength(1);
    expect(openModals()).toHaveLength(0);
    expect(getByRole(panel, 'progressbar').getAttribute('aria-valuenow')).toBe(
      getByRole(panel, 'progressbar').getAttribute('aria-valuemax'),
    );
    expect(getByRole(panel, 'log', 'Execution log').textContent).toContain('vault.createFile');
    expect(fixture.http.attempts).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await fixture.services.lastRun()).toMatchObject({
      files: expect.arrayContaining(['Projects/Gamma.md', 'Projects/Epsilon.md']) as unknown,
    });
  });

  it('should keep the folder the run named, and list it in the save modal with an unticked "Ask each time"', async () => {
    const button = new SaveAsButton(panel, fixture.app, controller, FINISHED);
    button.load();
    click(getByRole(panel, 'button', 'Save as button'));
    await vi.waitFor(() => modal());
    expect(modal().querySelector('.embedded-agent-kept-value')?.textContent).toBe('folderName: Projects Ask each time');
    expect(getByRole<HTMLInputElement>(modal(), 'checkbox', 'Ask each time for folderName').checked).toBe(false);
    type(getByRole<HTMLInputElement>(modal(), 'textbox', 'Action name'), 'Bullets to notes');
    click(getByRole(modal(), 'button', 'Save'));
    await vi.waitFor(() => expect(openModals()).toHaveLength(0));
    expect(fixture.settings.savedActions).toMatchObject([
      { kind: 'template', parameters: [{ name: 'folderName', default: 'Projects' }] },
    ]);
    expect((fixture.settings.savedActions[0] as { parameters: object[] }).parameters[0]).not.toHaveProperty('ask');
  });

  it("should ask each time for a value ticked in the save modal, its field prefilled with the run's value", async () => {
    await saveAsButton('Bullets to notes', ['folderName']);
    const view = await openNote(fixture.app, 'Inbox/Later.md');
    view.editor.setSelection({ line: 1, ch: 0 }, { line: 2, ch: 7 });
    commandsOf(fixture.app).executeCommandById('embedded-agent:run-saved-action-bullets-to-notes');

    await vi.waitFor(() => modal());
    const folder = getByRole<HTMLInputElement>(modal(), 'textbox', 'folderName');
    expect(folder.value).toBe('Projects');
    expect(modal().querySelectorAll('input, textarea')).toHaveLength(1);
    type(folder, 'Someday');
    click(getByRole(modal(), 'button', 'Run'));

    await vi.waitFor(() => getByRole(panel, 'button', 'Approve'));
    expect(getByRole(panel, 'region', 'Plan preview').textContent).toContain('Someday/Gamma.md');
    click(getByRole(panel, 'button', 'Approve'));
    await vi.waitFor(() =>
      expect(panel.querySelector('.embedded-agent-plan-run-summary')?.textContent).toMatch(/^Done/),
    );
    expect(await fixture.app.vault.adapter.read('Someday/Gamma.md')).toBe('# Gamma\n');
    expect(await fixture.app.vault.adapter.read('Someday/Delta.md')).toBe('# Delta\n');

    // The next run's field holds the value typed last.
    await vi.waitFor(() =>
      expect(fixture.settings.savedActions).toMatchObject([
        { parameters: [{ name: 'folderName', default: 'Someday', ask: true }] },
      ]),
    );
    commandsOf(fixture.app).executeCommandById('embedded-agent:run-saved-action-bullets-to-notes');
    await vi.waitFor(() => modal());
    expect(getByRole<HTMLInputElement>(modal(), 'textbox', 'folderName').value).toBe('Someday');
  });

  it('should refuse an empty or duplicate name in the save modal, saying why', async () => {
    await saveAsButton('Bullets to notes');
    const button = new SaveAsButton(panel, fixture.app, controller, FINISHED);
    button.load();
    click(getByRole(panel, 'button', 'Save as button'));
    await vi.waitFor(() => modal());
    const name = getByRole<HTMLInputElement>(modal(), 'textbox', 'Action name');
    type(name, '   ');
    click(getByRole(modal(), 'button', 'Save'));
    expect(getByRole(modal(), 'alert').textContent).toBe('Give the action a name.');
    type(name, 'bullets TO notes');
    click(getByRole(modal(), 'button', 'Save'));
    expect(getByRole(modal(), 'alert').textContent).toBe(
      'A saved action is already named "bullets TO notes". Choose another name.',
    );
    expect(fixture.settings.savedActions).toHaveLength(1);
  });

  it('should rename the command with the action and remove it with the action', async () => {
    await saveAsButton('Bullets to notes');
    const store = await controller.store();
    await store.rename('bullets-to-notes', 'Split bullets');
    expect(commandsOf(fixture.app).findCommand('embedded-agent:run-saved-action-bullets-to-notes')?.name).toBe(
      'Embedded Agent: Run saved action: Split bullets',
    );
    await store.remove('bullets-to-notes');
    expect(commandsOf(fixture.app).findCommand('embedded-agent:run-saved-action-bullets-to-notes')).toBeUndefined();
    expect(fixture.settings.savedActions).toEqual([]);
  });

  it('should stop a running action with Stop after the call in flight, and run the rest on request without asking again', async () => {
    await saveAsButton('Bullets to notes');
    const view = await openNote(fixture.app, 'Inbox/Later.md');
    view.editor.setSelection({ line: 1, ch: 0 }, { line: 2, ch: 7 });
    commandsOf(fixture.app).executeCommandById('embedded-agent:run-saved-action-bullets-to-notes');
    await vi.waitFor(() => getByRole(panel, 'button', 'Approve'));

    // The person presses Stop while the first note is being written.
    const create = fixture.app.vault.create.bind(fixture.app.vault);
    vi.spyOn(fixture.app.vault, 'create').mockImplementation((path, data, options) => {
      if (path.endsWith('Gamma.md')) click(getByRole(panel, 'button', 'Stop run'));
      return create(path, data, options);
    });
    click(getByRole(panel, 'button', 'Approve'));

    await vi.waitFor(() =>
      expect(panel.querySelector('.embedded-agent-plan-run-summary')?.textContent).toMatch(/^Cancelled/),
    );
    expect(await fixture.app.vault.adapter.read('Projects/Gamma.md')).toBe('# Gamma\n');
    expect(await fixture.app.vault.adapter.exists('Projects/Delta.md')).toBe(false);
    expect(queryAllByRole(panel, 'button', 'Stop run')).toHaveLength(0);

    // The rest was part of the plan the person approved: it runs on that answer, with no second preview.
    click(getByRole(panel, 'button', 'Run the rest'));
    await vi.waitFor(() =>
      expect(panel.querySelector('.embedded-agent-plan-run-summary')?.textContent).toMatch(/^Done/),
    );
    expect(await fixture.app.vault.adapter.read('Projects/Delta.md')).toBe('# Delta\n');
    expect(queryAllByRole(panel, 'region', 'Plan preview')).toHaveLength(1);
  });

  it('should run nothing when the parameter modal is cancelled', async () => {
    await saveAsButton('Bullets to notes', ['folderName']);
    const before = fixture.app.vault.getFiles().length;
    commandsOf(fixture.app).executeCommandById('embedded-agent:run-saved-action-bullets-to-notes');
    await vi.waitFor(() => modal());
    click(getByRole(modal(), 'button', 'Cancel'));
    await vi.waitFor(() => expect(openModals()).toHaveLength(0));
    expect(fixture.app.vault.getFiles().length).toBe(before);
    expect(panel.querySelector('.embedded-agent-plan-run')).toBeNull();
  });
});
