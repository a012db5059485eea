import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createSavedAction,
  deleteSavedAction,
  moveSavedAction,
  newActionId,
  type PlanSavedAction,
  renameSavedAction,
  type SavedAction,
  savedActionCommandId,
  savedActionCommandName,
} from '../../../src/core/plan/savedActions';
import type { ActionPlan } from '../../../src/core/plan/types';
import { exportSavedActions, importSavedActions, loadSavedActions } from '../../../src/core/plan/savedActionsIO';
import { SavedActionStore } from '../../../src/core/plan/SavedActionStore';
import type { PlanPolicy } from '../../../src/core/plan/validatePlan';
import { builtinTools } from '../../../src/core/tools/builtinTools';
import { ToolRegistry } from '../../../src/core/tools/ToolRegistry';
import { FakeClock } from '../../builders/planHost';
import { archiveInbox, bulletsTemplate, findTodos } from './plans';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
let policy: PlanPolicy;
beforeAll(() => {
  policy = { tools: new ToolRegistry(builtinTools()), maxRetries: 3, configDir: '.obsidian' };
});

function three(): SavedAction[] {
  const list: SavedAction[] = [];
  list.push(createSavedAction({ name: 'Bullets → notes', plan: bulletsTemplate(), now: NOW }, list));
  list.push(createSavedAction({ name: 'Find TODOs', plan: findTodos(), now: NOW }, list));
  list.push(createSavedAction({ name: 'Archive inbox', plan: archiveInbox(), now: NOW }, list));
  return list;
}

describe('saved actions', () => {
  it('should save a plan with its parameters beside it, as a template when it uses placeholders', () => {
    const [bullets, todos] = three();
    expect(bullets).toEqual({
      id: 'bullets-notes',
      name: 'Bullets → notes',
      plan: { ...bulletsTemplate(), parameters: undefined },
      kind: 'template',
      parameters: [{ name: 'folderName', description: 'Folder for the new notes', default: 'Inbox' }],
      createdAt: '2026-01-15T12:00:00.000Z',
    });
    expect(Object.keys((bullets as PlanSavedAction).plan)).not.toContain('parameters');
    expect(todos).toMatchObject({ id: 'find-todos', kind: 'fixed', parameters: [] });
  });

  it('should declare a built-in parameter the plan uses without declaring it', () => {
    const plan = {
      ...findTodos(),
      steps: [{ id: 'list', tool: 'vault.listFiles', args: { prefix: '${folderName}' } }],
    };
    expect(createSavedAction({ name: 'List', plan, now: NOW }, []).parameters).toEqual([
      { name: 'folderName', description: 'Folder name' },
    ]);
  });

  describe('ids', () => {
    it('should make the id from the name, numbered when taken, and "action" when the name has no ASCII letters', () => {
      expect(newActionId('Bullets → Notes!', [])).toBe('bullets-notes');
      expect(newActionId('Bullets notes', ['bullets-notes', 'bullets-notes-2'])).toBe('bullets-notes-3');
      expect(newActionId('Café crème', [])).toBe('cafe-creme');
      expect(newActionId('日本語のメモ', [])).toBe('action');
      expect(newActionId('日本語のメモ', ['action'])).toBe('action-2');
    });

    it('should always give a command-safe id, whatever the name', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.array(fc.string()), (name, taken) => {
          const id = newActionId(name, taken);
          expect(savedActionCommandId({ id })).toMatch(/^run-saved-action-[a-z0-9]+(-[a-z0-9]+)*$/);
          expect(id.length).toBeLessThanOrEqual(48);
          expect(taken).not.toContain(id);
        }),
      );
    });

    it('should name the command after the action, keeping the id through a rename', () => {
      const renamed = renameSavedAction(three(), 'find-todos', '  Open   tasks ');
      expect(renamed[1]).toMatchObject({ id: 'find-todos', name: 'Open tasks' });
      expect(savedActionCommandId(renamed[1]!)).toBe('run-saved-action-find-todos');
      expect(savedActionCommandName(renamed[1]!)).toBe('Run saved action: Open tasks');
    });
  });

  describe('rename, reorder, delete', () => {
    it('should reorder, clamping the position to the list', () => {
      expect(moveSavedAction(three(), 'archive-inbox', 0).map((action) => action.id)).toEqual([
        'archive-inbox',
        'bullets-notes',
        'find-todos',
      ]);
      expect(moveSavedAction(three(), 'bullets-notes', 99).map((action) => action.id)).toEqual([
        'find-todos',
        'archive-inbox',
        'bullets-notes',
      ]);
    });

    it('should delete by id', () => {
      expect(deleteSavedAction(three(), 'find-todos').map((action) => action.id)).toEqual([
        'bullets-notes',
        'archive-inbox',
      ]);
    });

    it('should refuse an unknown id and an empty name', () => {
      expect(() => deleteSavedAction(three(), 'nope')).toThrow('No saved action has the id "nope"');
      expect(() => renameSavedAction(three(), 'find-todos', '   ')).toThrow('Action name: must not be empty');
    });
  });

  describe('export and import', () => {
    it('should import what it exported, unchanged', () => {
      const result = importSavedActions(exportSavedActions(three()), [], policy);
      expect(result).toEqual({ ok: true, actions: three(), imported: three(), renamed: [] });
    });

    it('should give an imported action a new id when its id is taken, never replacing an action', () => {
      const result = importSavedActions(exportSavedActions(three().slice(1, 2)), three(), policy);
      expect(result.ok && result.renamed).toEqual([{ from: 'find-todos', to: 'find-todos-2' }]);
      expect(result.ok && result.actions.map((action) => action.id)).toEqual([
        'bullets-notes',
        'find-todos',
        'archive-inbox',
        'find-todos-2',
      ]);
    });

    it('should import nothing from a file with one bad entry, naming each entry and field', () => {
      const file = JSON.parse(exportSavedActions(three())) as Record<string, unknown>[];
      (file[2]!.plan as { steps: { tool: string }[] }).steps[1]!.tool = 'vault.move';
      file[1]!.kind = 'macro';
      file.push({ ...file[0]!, name: '' });
      const result = importSavedActions(JSON.stringify(file), [], policy);
      expect(result).toEqual({
        ok: false,
        errors: [
          'actions[1] ("Find TODOs").kind: must be one of "template", "fixed", "prompt", got "macro"',
          expect.stringMatching(
            /^actions\[2\] \("Archive inbox"\)\.plan\.steps\[1\] \(moveFiles\)\.tool: unknown tool "vault\.move"; tools a plan may use: /,
          ) as unknown,
          'actions[3].name: must not be empty',
        ],
      });
    });

    it('should refuse duplicate ids in one file, a plan that declares its own parameters, and files that are not lists', () => {
      const [first] = three();
      expect(importSavedActions(JSON.stringify([first, first]), [], policy)).toEqual({
        ok: false,
        errors: ['actions[1] ("Bullets → notes").id: "bullets-notes" is also the id of actions[0]; ids must be unique'],
      });
      expect(importSavedActions(JSON.stringify([{ ...first, plan: bulletsTemplate() }]), [], policy)).toEqual({
        ok: false,
        errors: [
          'actions[0] ("Bullets → notes").plan.parameters: declare parameters on the action ("parameters"), not inside its plan',
        ],
      });
      expect(importSavedActions('{"savedActions": []}', [], policy)).toEqual({
        ok: false,
        errors: ['The file must hold a list of saved actions (as exported), got object; nothing was imported'],
      });
      expect(importSavedActions('not json', [], policy)).toMatchObject({
        ok: false,
        errors: [expect.stringMatching(/^The file is not valid JSON \(.+\); nothing was imported$/)],
      });
    });

    it('should name a bad id and date by field', () => {
      const [first] = three();
      expect(
        importSavedActions(JSON.stringify([{ ...first, id: 'Bad Id', createdAt: 'yesterday' }]), [], policy),
      ).toEqual({
        ok: false,
        errors: [
          'actions[0] ("Bullets → notes").id: must be /^[a-z0-9]+(?:-[a-z0-9]+)*$/, got "Bad Id"',
          'actions[0] ("Bullets → notes").createdAt: must be /^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z$/, got "yesterday"',
        ],
      });
    });

    it('should load the valid entries of the setting and report the others', () => {
      const [first, second] = three();
      const { actions, problems } = loadSavedActions([first, { ...second, kind: 'macro' }], policy);
      expect(actions.map((action) => action.id)).toEqual(['bullets-notes']);
      expect(problems).toEqual([
        'actions[1] ("Find TODOs").kind: must be one of "template", "fixed", "prompt", got "macro" (this saved action was not loaded)',
      ]);
    });

    it('should read an older action that kept its folder only as a "last time" hint as asking each time, prefilled with it', () => {
      const [first] = three();
      const older = {
        ...first,
        parameters: [{ name: 'folderName', description: 'Folder name (last time: Projects/Ideas)' }],
      };
      const { actions, problems } = loadSavedActions([older], policy);
      expect(problems).toEqual([]);
      expect(actions[0]?.parameters).toEqual([
        { name: 'folderName', description: 'Folder name', default: 'Projects/Ideas', ask: true },
      ]);
    });

    it('should load an action whose parameter is asked each time, and export it in the same shape', () => {
      const [first] = three();
      const asked = {
        ...first,
        parameters: [{ name: 'folderName', description: 'Folder for the new notes', default: 'Inbox', ask: true }],
      };
      const { actions } = loadSavedActions([asked], policy);
      expect(JSON.parse(exportSavedActions(actions))).toEqual([asked]);
    });
  });

  describe('SavedActionStore', () => {
    it('should keep the value typed for a parameter asked each time as its prefill, but not one holding a key, nor a kept value', async () => {
      const known = 'OpenSesame-4f9c2b7e1d';
      const saved: SavedAction[][] = [];
      const store = new SavedActionStore(
        { load: () => [], save: (actions) => Promise.resolve(void saved.push(actions)) },
        { policy: () => policy, clock: new FakeClock(NOW), knownSecrets: () => [known] },
      );
      const plan = {
        ...bulletsTemplate(),
        parameters: [
          { name: 'folderName', default: 'Inbox', ask: true },
          { name: 'kept', default: 'As saved' },
        ],
      };
      const action = await store.add('Bullets', plan);
      await store.rememberAskedValues(action.id, { folderName: 'Someday', kept: 'Changed' });
      expect(store.get(action.id)?.parameters).toEqual([
        { name: 'folderName', default: 'Someday', ask: true },
        { name: 'kept', default: 'As saved' },
      ]);
      await store.rememberAskedValues(action.id, { folderName: `Keys/${known}` });
      expect(store.get(action.id)?.parameters[0]).toEqual({ name: 'folderName', default: 'Someday', ask: true });
      expect(saved).toHaveLength(2);
    });

    it('should save every change and tell listeners, so commands follow', async () => {
      const saved: SavedAction[][] = [];
      const store = new SavedActionStore(
        { load: () => [], save: (actions) => Promise.resolve(void saved.push(actions)) },
        { policy: () => policy, clock: new FakeClock(NOW) },
      );
      const seen: string[][] = [];
      store.onChange((actions) => seen.push(actions.map((action) => `${action.id}:${action.name}`)));
      const action = await store.add('Find TODOs', findTodos());
      await store.rename(action.id, 'Open tasks');
      await store.add('Archive inbox', archiveInbox());
      await store.move('archive-inbox', 0);
      await store.remove('find-todos');
      expect(seen).toEqual([
        ['find-todos:Find TODOs'],
        ['find-todos:Open tasks'],
        ['find-todos:Open tasks', 'archive-inbox:Archive inbox'],
        ['archive-inbox:Archive inbox', 'find-todos:Open tasks'],
        ['archive-inbox:Archive inbox'],
      ]);
      expect(saved.at(-1)).toEqual(store.list());
    });

    it('should refuse to save a plan holding a key or a huge value, naming the step and argument, and save nothing', async () => {
      const saved: SavedAction[][] = [];
      const known = 'OpenSesame-4f9c2b7e1d';
      const store = new SavedActionStore(
        { load: () => [], save: (actions) => Promise.resolve(void saved.push(actions)) },
        { policy: () => policy, clock: new FakeClock(NOW), knownSecrets: () => [known] },
      );
      const withContent = (content: string): ActionPlan => {
        const plan = bulletsTemplate();
        (plan.steps[1] as { args: Record<string, unknown> }).args.content = content;
        return plan;
      };
      await expect(store.add('Leaky', withContent(`token ${known.toLowerCase()}`))).rejects.toMatchObject({
        code: 'INVALID_PLAN',
        message: expect.stringContaining(
          'step "createNotes", argument "content" holds what looks like an API key or a secret',
        ) as unknown,
      });
      await expect(store.add('Shaped', withContent('ghp_abcdefghijklmnopqrstuvwxyz0123456789'))).rejects.toMatchObject({
        code: 'INVALID_PLAN',
      });
      await expect(store.add('Huge', withContent('x'.repeat(200_001)))).rejects.toMatchObject({
        code: 'INVALID_PLAN',
        message: expect.stringContaining(
          'step "createNotes", argument "content" is 200,001 characters long',
        ) as unknown,
      });
      expect(saved).toEqual([]);
      expect((await store.add('Fine', bulletsTemplate())).name).toBe('Fine');
    });

    it('should refuse to save a plan that is not valid', async () => {
      const store = new SavedActionStore(
        { load: () => [], save: () => Promise.resolve() },
        { policy: () => policy, clock: new FakeClock(NOW) },
      );
      await expect(store.add('Broken', { ...findTodos(), riskLevel: 'never' } as never)).rejects.toMatchObject({
        code: 'INVALID_PLAN',
        message:
          'The plan to save is not valid:\n- riskLevel: must be one of "read-only", "writes", "commands", got "never"',
      });
      expect(store.list()).toEqual([]);
    });

    it('should keep the list as it was when an import fails', async () => {
      const store = new SavedActionStore(
        { load: () => three(), save: () => Promise.resolve() },
        { policy: () => policy, clock: new FakeClock(NOW) },
      );
      const result = await store.importJson('[{"id": "x"}]');
      expect(result.ok).toBe(false);
      expect(store.list().map((action) => action.id)).toEqual(['bullets-notes', 'find-todos', 'archive-inbox']);
    });
  });
});
