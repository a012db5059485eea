// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionPlan, SavedAction, SavedActionStore } from '../../../src/core/plan';
import { SavedActionsController } from '../../../src/ui/savedActions/SavedActionsController';
import { SavedActionsPalette } from '../../../src/ui/savedActions/SavedActionsPalette';
import { SavedActionCommands } from '../../../src/plugin/savedActionCommands';
import { commandsOf } from '../../obsidian-double/harness';
import { click, getByRole, queryAllByRole, type } from '../support/a11y';
import { keepModalsOpen, openModals } from '../support/modals';
import { type ObsidianPlanFixture, obsidianPlanHost } from '../support/obsidianPlanHost';
import { bulletsTemplate } from '../../core/plan/plans';

const plan = (folder: string): ActionPlan => ({
  version: '1.0',
  goal: `Make ${folder}`,
  assumptions: [],
  riskLevel: 'writes',
  steps: [{ id: 'folder', tool: 'vault.ensureFolder', args: { path: folder } }],
});

let fixture: ObsidianPlanFixture;
let controller: SavedActionsController;
let panel: HTMLElement;
let store: SavedActionStore;
const ran: string[] = [];

beforeEach(async () => {
  keepModalsOpen();
  fixture = await obsidianPlanHost({});
  panel = document.body.createDiv();
  controller = new SavedActionsController({
    app: fixture.app,
    commands: (run) => new SavedActionCommands(fixture.plugin, run),
    settings: () => fixture.settings,
    saveSettings: () => Promise.resolve(),
    session: fixture.session(),
    container: () => panel,
  });
  await controller.save('Archive', plan('Archive'));
  await controller.save('Inbox', plan('Inbox'));
  ran.length = 0;
  store = await controller.store();
  new SavedActionsPalette(panel, { app: fixture.app, store, run: (action) => ran.push(action.id) }).load();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await fixture.cleanup();
  document.body.empty();
});

/** The store's list: it changes after the setting is saved, and the commands change with it. */
const names = (): string[] => store.list().map((action) => action.name);
const savedNames = (): string[] => (fixture.settings.savedActions as SavedAction[]).map((action) => action.name);
const modal = (): HTMLElement => openModals()[0]!;

describe('SavedActionsPalette', () => {
  it('should show under each action its steps in words and what it needs', async () => {
    await controller.save('Bullets to notes', bulletsTemplate());
    await vi.waitFor(() => getByRole(panel, 'button', 'Run Bullets to notes'));
    const summary = (name: string): string[] => {
      const el = panel.querySelector<HTMLElement>(`[aria-label="What ${name} does"]`);
      return Array.from(el?.querySelectorAll('li, .embedded-agent-saved-action-needs') ?? []).map(
        (line) => line.textContent ?? '',
      );
    };
    expect(summary('Archive')).toEqual(['Make the folder Archive', 'Needs nothing']);
    expect(summary('Bullets to notes')).toEqual([
      'Make the folder Inbox',
      'Create Inbox/‹bullet›.md, for each bullet of the selection',
      'Needs: a selection',
    ]);
  });

  it('should run, reorder and rename from the list', async () => {
    click(getByRole(panel, 'button', 'Run Inbox'));
    expect(ran).toEqual(['inbox']);
    click(getByRole(panel, 'button', 'Move Inbox up'));
    await vi.waitFor(() => expect(names()).toEqual(['Inbox', 'Archive']));
    click(getByRole(panel, 'button', 'Rename Archive'));
    type(getByRole<HTMLInputElement>(modal(), 'textbox', 'Action name'), 'Inbox');
    click(getByRole(modal(), 'button', 'Rename'));
    expect(getByRole(modal(), 'alert').textContent).toBe(
      'A saved action is already named "Inbox". Choose another name.',
    );
    type(getByRole<HTMLInputElement>(modal(), 'textbox', 'Action name'), 'Old notes');
    click(getByRole(modal(), 'button', 'Rename'));
    await vi.waitFor(() => expect(names()).toEqual(['Inbox', 'Old notes']));
    expect(savedNames()).toEqual(['Inbox', 'Old notes']);
    expect(commandsOf(fixture.app).findCommand('embedded-agent:run-saved-action-archive')?.name).toBe(
      'Embedded Agent: Run saved action: Old notes',
    );
    expect(getByRole(panel, 'button', 'Run Old notes')).toBeTruthy();
  });

  it('should delete only after confirmation, and remove the command', async () => {
    click(getByRole(panel, 'button', 'Delete Archive'));
    expect(names()).toEqual(['Archive', 'Inbox']);
    click(getByRole(panel, 'button', 'Keep Archive'));
    click(getByRole(panel, 'button', 'Delete Archive'));
    click(getByRole(panel, 'button', 'Confirm delete Archive'));
    await vi.waitFor(() => expect(names()).toEqual(['Inbox']));
    expect(commandsOf(fixture.app).findCommand('embedded-agent:run-saved-action-archive')).toBeUndefined();
    expect(queryAllByRole(panel, 'button', 'Run Archive')).toHaveLength(0);
  });

  it('should import what it exported, as new actions with their own commands', async () => {
    const exported = (await controller.store()).exportJson();
    expect(JSON.parse(exported)).toEqual(fixture.settings.savedActions);
    click(getByRole(panel, 'button', 'Import saved actions'));
    type(getByRole<HTMLInputElement>(modal(), 'textbox', 'Saved actions JSON'), exported);
    click(getByRole(modal(), 'button', 'Import'));
    await vi.waitFor(() => expect(openModals()).toHaveLength(0));
    expect(names()).toEqual(['Archive', 'Inbox', 'Archive', 'Inbox']);
    expect(commandsOf(fixture.app).findCommand('embedded-agent:run-saved-action-archive-2')?.name).toBe(
      'Embedded Agent: Run saved action: Archive',
    );
  });

  it('should import nothing from an invalid file and say which entry and field is wrong', async () => {
    const entries = JSON.parse((await controller.store()).exportJson()) as Record<string, unknown>[];
    const broken = [
      entries[0],
      { ...entries[1], plan: { ...plan('X'), steps: [{ id: 'gone', tool: 'vault.explode', args: {} }] } },
    ];
    click(getByRole(panel, 'button', 'Import saved actions'));
    type(getByRole<HTMLInputElement>(modal(), 'textbox', 'Saved actions JSON'), JSON.stringify(broken));
    click(getByRole(modal(), 'button', 'Import'));
    await vi.waitFor(() => expect(getByRole(modal(), 'alert').textContent).toContain('Nothing was imported'));
    expect(getByRole(modal(), 'alert').textContent).toContain('actions[1] ("Inbox").plan.steps[0] (gone)');
    expect(names()).toEqual(['Archive', 'Inbox']);
  });
});
