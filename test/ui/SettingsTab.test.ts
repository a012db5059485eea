// @vitest-environment happy-dom
import type { App } from 'obsidian';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MODELS, SETTING_SPECS, type EmbeddedAgentSettings } from '../../src/settings/settings';
import { EmbeddedAgentSettingTab, type TestConnection } from '../../src/ui/SettingsTab';
import { SETTING_LABELS } from '../../src/ui/settingLabels';
import { createTestApp, manifest } from '../obsidian-double/harness';
import { click, getByLabel, getByRole, queryAllByRole, type } from './support/a11y';

/** The toggle whose checkbox is named `name`. */
const toggleOf = (root: HTMLElement, name: string): HTMLElement => getByLabel(root, name).parentElement as HTMLElement;
import { patchObsidianLikeControls } from './support/obsidianLikeControls';
import { renderSettingTab, SettingsTestPlugin } from './support/settingTab';

patchObsidianLikeControls();

let app: App;
let plugin: SettingsTestPlugin;

function openTab(
  testConnection: TestConnection = () => Promise.resolve('the model answered'),
  declarative = false,
): HTMLElement {
  return renderSettingTab(new EmbeddedAgentSettingTab(app, plugin, testConnection), declarative);
}

const rowOf = (el: HTMLElement): HTMLElement => el.closest('.setting-item') as HTMLElement;

beforeEach(() => {
  app = createTestApp();
  plugin = new SettingsTestPlugin(app, manifest('embedded-agent', 'Embedded Agent'));
});

afterEach(() => document.body.empty());

describe('EmbeddedAgentSettingTab', () => {
  for (const declarative of [false, true]) {
    describe(declarative ? 'rendered from getSettingDefinitions()' : 'rendered by display()', () => {
      it('should give every setting a control named after it, with its stored value', () => {
        const tab = openTab(undefined, declarative);
        expect(getByRole<HTMLSelectElement>(tab, 'combobox', 'Provider').value).toBe('anthropic');
        expect(
          Array.from(getByRole<HTMLSelectElement>(tab, 'combobox', 'Provider').options).map((option) => option.value),
        ).toEqual(['anthropic', 'openai', 'openai-compatible']);
        expect(getByRole<HTMLSelectElement>(tab, 'combobox', 'Ask for approval').value).toBe('writes');
        expect(getByRole<HTMLInputElement>(tab, 'textbox', 'Model').value).toBe(DEFAULT_MODELS.anthropic);
        expect(getByRole<HTMLInputElement>(tab, 'spinbutton', 'Maximum tokens per answer').value).toBe('4096');
        // The name is on the checkbox a screen reader reads; Obsidian marks the state on the toggle around it.
        expect(toggleOf(tab, 'Allow deletes and renames').classList.contains('is-enabled')).toBe(false);
        expect(toggleOf(tab, 'Stream answers').classList.contains('is-enabled')).toBe(true);
        expect(getByLabel(tab, 'Stream answers').tagName).toBe('INPUT');
        for (const spec of SETTING_SPECS) expect(tab.textContent).toContain(SETTING_LABELS[spec.key].name);
        expect(getByRole(tab, 'button', 'Test connection')).toBeTruthy();
      });

      it('should save a valid number', async () => {
        const tab = openTab(undefined, declarative);
        type(getByRole<HTMLInputElement>(tab, 'spinbutton', 'Maximum tokens per answer'), '8192');
        await vi.waitFor(() => expect(plugin.saved).toHaveLength(1));
        expect(plugin.settings.maxTokens).toBe(8192);
      });
    });
  }

  it('should refuse a number out of range with a message naming the setting, and save nothing', async () => {
    const tab = openTab();
    const field = getByRole<HTMLInputElement>(tab, 'spinbutton', 'Maximum tokens per answer');
    type(field, '500000');
    expect(getByRole(rowOf(field), 'alert').textContent).toBe(
      'Maximum tokens per answer must be a whole number from 1 to 200000; got "500000". Not saved.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    type(field, '2.5');
    expect(getByRole(rowOf(field), 'alert').textContent).toBe(
      'Maximum tokens per answer must be a whole number from 1 to 200000; got "2.5". Not saved.',
    );
    await Promise.resolve();
    expect(plugin.saved).toEqual([]);
    expect(plugin.settings.maxTokens).toBe(4096);
  });

  it('should save valid custom modes and refuse invalid ones, naming the mode and field', async () => {
    const tab = openTab();
    const area = getByRole<HTMLInputElement>(tab, 'textbox', 'Custom modes (JSON)');
    type(
      area,
      '[{ "slug": "researcher", "name": "Researcher", "toolGroups": ["read", "teleport"], "roleDefinition": "You research." }]',
    );
    // The mode checker loads on the first edit: the answer comes a moment later.
    await vi.waitFor(() =>
      expect(getByRole(rowOf(area), 'alert').textContent).toBe(
        'Custom modes: mode "researcher" (modes[0]): `toolGroups[1]` must be one of "read", "vault", "edit", "web", "agent", "mcp", "skill", got "teleport" Not saved.',
      ),
    );
    type(area, '{ not json');
    await vi.waitFor(() =>
      expect(getByRole(rowOf(area), 'alert').textContent).toMatch(/^Custom modes must be JSON: .*\. Not saved\.$/),
    );
    await Promise.resolve();
    expect(plugin.saved).toEqual([]);
    type(
      area,
      '[{ "slug": "researcher", "name": "Researcher", "toolGroups": ["read", "vault"], "roleDefinition": "You research." }]',
    );
    await vi.waitFor(() => expect(plugin.saved).toHaveLength(1));
    expect(plugin.settings.customModes).toEqual([
      { slug: 'researcher', name: 'Researcher', toolGroups: ['read', 'vault'], roleDefinition: 'You research.' },
    ]);
  });

  it('should answer custom modes edits in the order they were made, while the mode checker is still loading', async () => {
    const tab = openTab();
    const area = getByRole<HTMLInputElement>(tab, 'textbox', 'Custom modes (JSON)');
    type(
      area,
      '[{ "slug": "researcher", "name": "Researcher", "toolGroups": ["read", "vault"], "roleDefinition": "You research." }]',
    );
    type(area, '{ not json');
    await vi.waitFor(() =>
      expect(getByRole(rowOf(area), 'alert').textContent).toMatch(/^Custom modes must be JSON: .*\. Not saved\.$/),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getByRole(rowOf(area), 'alert').textContent).toMatch(/^Custom modes must be JSON/);
  });

  it('should clear the message once the value is valid again', async () => {
    const tab = openTab();
    const field = getByRole<HTMLInputElement>(tab, 'spinbutton', 'Temperature');
    type(field, '3');
    expect(getByRole(rowOf(field), 'alert').textContent).toBe(
      'Temperature must be a number from 0 to 2; got "3". Not saved.',
    );
    type(field, '0.7');
    await vi.waitFor(() => expect(plugin.settings.temperature).toBe(0.7));
    expect(queryAllByRole(rowOf(field), 'alert')).toHaveLength(0);
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it('should refuse a base URL that is not an http(s) address', () => {
    const tab = openTab();
    const field = getByRole<HTMLInputElement>(tab, 'textbox', 'Base URL');
    type(field, 'localhost:11434');
    expect(getByRole(rowOf(field), 'alert').textContent).toBe(
      'Base URL must be empty or an http(s) address like http://localhost:11434/v1; got "localhost:11434". Not saved.',
    );
    expect(plugin.settings.baseUrl).toBe('');
  });

  it('should refuse an empty model id', () => {
    const tab = openTab();
    const field = getByRole<HTMLInputElement>(tab, 'textbox', 'Model');
    type(field, '  ');
    expect(getByRole(rowOf(field), 'alert').textContent).toBe(
      'Model must not be empty: enter the model id the provider expects. Not saved.',
    );
    expect(plugin.settings.model).toBe(DEFAULT_MODELS.anthropic);
  });

  it('should save a toggle when it is clicked', async () => {
    const tab = openTab();
    click(toggleOf(tab, 'Allow deletes and renames'));
    await vi.waitFor(() => expect(plugin.settings.allowDeletes).toBe(true));
    expect(JSON.parse(plugin.saved.at(-1) as string)).toMatchObject({ allowDeletes: true });
  });

  it('should move a default model along when the provider changes, and keep one the person typed', async () => {
    const tab = openTab();
    type(getByRole<HTMLSelectElement>(tab, 'combobox', 'Provider'), 'openai');
    await vi.waitFor(() => expect(plugin.settings.provider).toBe('openai'));
    expect(plugin.settings.model).toBe(DEFAULT_MODELS.openai);
    expect(getByRole<HTMLInputElement>(tab, 'textbox', 'Model').value).toBe(DEFAULT_MODELS.openai);
    type(getByRole<HTMLInputElement>(tab, 'textbox', 'Model'), 'gpt-4o-mini');
    type(getByRole<HTMLSelectElement>(tab, 'combobox', 'Provider'), 'openai-compatible');
    await vi.waitFor(() => expect(plugin.settings.provider).toBe('openai-compatible'));
    expect(plugin.settings.model).toBe('gpt-4o-mini');
  });

  it("should keep only the secret's name in data.json, never the key", async () => {
    app.secretStorage.setSecret('work-anthropic', 'sk-ant-very-secret');
    const tab = openTab();
    const picker = getByLabel<HTMLSelectElement>(tab, 'API key');
    expect(picker.tagName).toBe('SELECT');
    type(picker, 'work-anthropic');
    await vi.waitFor(() => expect(plugin.settings.apiKeySecret).toBe('work-anthropic'));
    expect(plugin.saved.join('\n')).not.toContain('sk-ant-very-secret');
  });

  it('should show success from "Test connection"', async () => {
    const tested: EmbeddedAgentSettings[] = [];
    const tab = openTab((settings) => {
      tested.push(settings);
      return Promise.resolve('claude-sonnet-4-5 answered in 0.4 s');
    });
    click(getByRole(tab, 'button', 'Test connection'));
    await vi.waitFor(() =>
      expect(getByRole(tab, 'status').textContent).toBe('Connection works: claude-sonnet-4-5 answered in 0.4 s'),
    );
    expect(tested[0]).toMatchObject({ provider: 'anthropic', model: DEFAULT_MODELS.anthropic });
  });

  it('should show the exact error from "Test connection"', async () => {
    const message = 'Anthropic rejected the API key (401): set it in Settings → Embedded Agent';
    const tab = openTab(() => Promise.reject(new Error(message)));
    const button = getByRole<HTMLButtonElement>(tab, 'button', 'Test connection');
    click(button);
    expect(button.disabled).toBe(true);
    await vi.waitFor(() => expect(getByRole(tab, 'status').textContent).toBe(`Connection failed: ${message}`));
    expect(button.disabled).toBe(false);
  });

  it('should group the settings under sentence-case headings', () => {
    const tab = openTab();
    const headings = Array.from(tab.querySelectorAll('.setting-item-heading')).map((el) => el.textContent);
    expect(headings).toEqual(['Model', 'Safety', 'Budget', 'Checkpoints', 'MCP server', 'Advanced']);
  });
});
