import { beforeAll, describe, expect, it } from 'vitest';
import { bindPrompt } from '../../../src/core/plan/promptAction';
import {
  createPromptAction,
  createSavedAction,
  type SavedAction,
  savedActionCommandName,
} from '../../../src/core/plan/savedActions';
import { exportSavedActions, importSavedActions, loadSavedActions } from '../../../src/core/plan/savedActionsIO';
import { SavedActionStore } from '../../../src/core/plan/SavedActionStore';
import type { PlanPolicy } from '../../../src/core/plan/validatePlan';
import { builtinTools } from '../../../src/core/tools/builtinTools';
import { ToolRegistry } from '../../../src/core/tools/ToolRegistry';
import { FakeClock } from '../../builders/planHost';
import { findTodos } from './plans';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const PROMPT = 'Summarize ${selection} for ${audience} into a note in ${folderName}, dated ${date}.';
let policy: PlanPolicy;
beforeAll(() => {
  policy = { tools: new ToolRegistry(builtinTools()), maxRetries: 3, configDir: '.obsidian' };
});

const context = (selection: string | null = '- Alpha\n- Beta') => ({ selection, activeFile: 'Inbox.md', now: NOW });

describe('prompt actions', () => {
  it('should save a prompt as the third kind, asking for each placeholder that is not a context value', () => {
    expect(createPromptAction({ name: 'Summary for someone', prompt: PROMPT, now: NOW }, [])).toEqual({
      id: 'summary-for-someone',
      name: 'Summary for someone',
      kind: 'prompt',
      prompt: PROMPT,
      parameters: [{ name: 'audience' }, { name: 'folderName', description: 'Folder name' }],
      createdAt: '2026-01-15T12:00:00.000Z',
    });
    expect(savedActionCommandName({ name: 'Summary for someone' })).toBe('Run saved action: Summary for someone');
  });

  it('should refuse placeholders a prompt cannot bind, naming each', () => {
    expect(() =>
      createPromptAction(
        { name: 'Bad', prompt: 'Use ${steps.read.content} and ${selection.length} and ${open', now: NOW },
        [],
      ),
    ).toThrow(
      'The prompt cannot be saved:\n- "${open" opens a placeholder with "${" but never closes it with "}" (write $${ for a literal "${")',
    );
    expect(() =>
      createPromptAction({ name: 'Bad', prompt: 'Use ${steps.read.content} and ${selection.length}', now: NOW }, []),
    ).toThrow(
      'The prompt cannot be saved:\n- ${steps.read.content}: a prompt has no steps; use ${selection}, ${activeFile}, ${date} or a parameter such as ${topic}\n- ${selection.length}: a prompt takes whole values only; write ${selection}',
    );
    expect(() => createPromptAction({ name: 'Empty', prompt: '  ', now: NOW }, [])).toThrow(
      'The prompt cannot be saved:\n- the prompt is empty; write what the agent should do',
    );
  });

  it('should bind the selection, the active file and today, and ask only for the parameters without a value', () => {
    const action = createPromptAction({ name: 'Summary', prompt: `${PROMPT} From \${activeFile}.`, now: NOW }, []);
    expect(bindPrompt(action, context())).toEqual({
      status: 'needs-input',
      missing: [
        { name: 'audience', kind: 'parameter', description: 'audience' },
        { name: 'folderName', kind: 'parameter', description: 'Folder name' },
      ],
    });
    expect(bindPrompt(action, context(), { audience: 'the team', folderName: 'Notes' })).toEqual({
      status: 'ready',
      message: 'Summarize - Alpha\n- Beta for the team into a note in Notes, dated 2026-01-15. From Inbox.md.',
    });
  });

  it('should ask for the selection when nothing is selected, and take what was typed instead', () => {
    const action = createPromptAction(
      { name: 'Bullets', prompt: 'Make a note of each of these:\n${selectionBullets}', now: NOW },
      [],
    );
    expect(bindPrompt(action, context(null))).toEqual({
      status: 'needs-input',
      missing: [
        {
          name: 'selection',
          kind: 'selection',
          description: 'The text to work on (nothing is selected in the editor)',
        },
      ],
    });
    expect(bindPrompt(action, context(null), { selection: 'Intro\n- One\n  - Two' })).toEqual({
      status: 'ready',
      message: 'Make a note of each of these:\n- One\n  - Two',
    });
  });

  it('should send a prompt without placeholders as written, "$${" as a literal "${"', () => {
    const action = createPromptAction({ name: 'Tidy', prompt: 'Tidy the inbox; keep $${price} as is.', now: NOW }, []);
    expect(action.parameters).toEqual([]);
    expect(bindPrompt(action, context())).toEqual({ status: 'ready', message: 'Tidy the inbox; keep ${price} as is.' });
  });

  it('should export and import prompt actions beside plan actions, in the same JSON', () => {
    const list: SavedAction[] = [createSavedAction({ name: 'Find TODOs', plan: findTodos(), now: NOW }, [])];
    list.push(createPromptAction({ name: 'Summary', prompt: PROMPT, now: NOW }, list));
    const json = exportSavedActions(list);
    const imported = importSavedActions(json, [], policy);
    expect(imported).toMatchObject({ ok: true, renamed: [] });
    expect(imported.ok && imported.actions).toEqual(list);
    expect(loadSavedActions(JSON.parse(json), policy)).toEqual({ actions: list, problems: [] });
  });

  it('should refuse an imported prompt action with a bad placeholder or field, naming the entry, and an unknown kind', () => {
    const entry = {
      id: 'summary',
      name: 'Summary',
      kind: 'prompt',
      prompt: 'Read ${steps.a.b}',
      parameters: [],
      createdAt: '2026-01-15T12:00:00.000Z',
    };
    expect(importSavedActions(JSON.stringify([entry]), [], policy)).toEqual({
      ok: false,
      errors: [
        'actions[0] ("Summary").prompt: ${steps.a.b}: a prompt has no steps; use ${selection}, ${activeFile}, ${date} or a parameter such as ${topic}',
      ],
    });
    const withPlan = importSavedActions(JSON.stringify([{ ...entry, prompt: 'Hi', plan: findTodos() }]), [], policy);
    expect(withPlan.ok ? [] : withPlan.errors.join('\n')).toContain('actions[0] ("Summary")');
    const unknown = importSavedActions(JSON.stringify([{ ...entry, kind: 'macro' }]), [], policy);
    expect(unknown.ok ? [] : unknown.errors.join('\n')).toContain('"template", "fixed", "prompt"');
  });

  it("should work out an imported prompt's parameters from its text, keeping a declared default and dropping a stray", () => {
    const entry = {
      id: 'summary',
      name: 'Summary',
      kind: 'prompt',
      prompt: PROMPT,
      parameters: [{ name: 'audience', default: 'everyone' }, { name: 'stray' }],
      createdAt: '2026-01-15T12:00:00.000Z',
    };
    const loaded = loadSavedActions([entry], policy);
    expect(loaded.actions[0]?.parameters).toEqual([
      { name: 'audience', default: 'everyone' },
      { name: 'folderName', description: 'Folder name' },
    ]);
    const action = loaded.actions[0];
    if (action?.kind !== 'prompt') throw new Error('expected the prompt action to load');
    expect(bindPrompt(action, context(), { folderName: 'Notes' })).toEqual({
      status: 'ready',
      message: 'Summarize - Alpha\n- Beta for everyone into a note in Notes, dated 2026-01-15.',
    });
  });

  it('should add a prompt action to the store, and refuse one holding a key', async () => {
    const saved: unknown[] = [];
    const store = new SavedActionStore(
      { load: () => [], save: (actions) => Promise.resolve(void saved.push(actions)) },
      { policy: () => policy, clock: new FakeClock(NOW), knownSecrets: () => ['my-own-key-123'] },
    );
    const action = await store.addPrompt('Summary', PROMPT);
    expect(store.list()).toEqual([action]);
    expect(saved).toHaveLength(1);
    await expect(store.addPrompt('Leaky', 'Call the API with my-own-key-123')).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message:
        "The prompt cannot be saved as an action: it holds what looks like an API key or a secret, and saved actions are kept in clear in the plugin's settings (which sync services copy); remove it from the prompt first",
    });
    await expect(
      store.addPrompt('Shaped', 'Use sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789'),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(store.list()).toEqual([action]);
  });
});
