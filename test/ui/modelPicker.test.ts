// @vitest-environment happy-dom
import type { App } from 'obsidian';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbeddedAgentSettings } from '../../src/settings/settings';
import { EmbeddedAgentSettingTab } from '../../src/ui/SettingsTab';
import type { ModelChoice } from '../../src/ui/modelPicker';
import { createTestApp, manifest } from '../obsidian-double/harness';
import { click, getByLabel, getByRole, type } from './support/a11y';
import { patchObsidianLikeControls } from './support/obsidianLikeControls';
import { renderSettingTab, SettingsTestPlugin } from './support/settingTab';

patchObsidianLikeControls();

let app: App;
let plugin: SettingsTestPlugin;

function openTab(
  listModels: (settings: Readonly<EmbeddedAgentSettings>) => Promise<readonly ModelChoice[]>,
  declarative = false,
): HTMLElement {
  return renderSettingTab(
    new EmbeddedAgentSettingTab(app, plugin, () => Promise.resolve('ok'), listModels),
    declarative,
  );
}

const statusOf = (button: HTMLElement): HTMLElement =>
  button.closest('.setting-item')!.querySelector('[role="status"]')!;

beforeEach(() => {
  app = createTestApp();
  plugin = new SettingsTestPlugin(app, manifest('embedded-agent', 'Embedded Agent'));
});
afterEach(() => document.body.empty());

describe('settings: the model list', () => {
  it('should fill the model field\'s list on "Refresh models", with the settings of the moment', async () => {
    const asked: EmbeddedAgentSettings[] = [];
    const tab = openTab((settings) => {
      asked.push({ ...settings });
      return Promise.resolve([{ id: 'llama3.1:8b', contextWindow: 131_072, tools: true }, { id: 'gemma2:2b' }]);
    });
    plugin.settings.baseUrl = 'http://localhost:11434/v1';
    const button = getByRole(tab, 'button', 'Refresh models');
    click(button);
    await vi.waitFor(() => expect(statusOf(button).textContent).toBe('2 models listed. Pick one or type any id.'));
    const field = getByLabel<HTMLInputElement>(tab, 'Model');
    const options = Array.from(document.getElementById(field.getAttribute('list')!)!.querySelectorAll('option'));
    expect(options.map((option) => [option.value, option.getAttribute('label')])).toEqual([
      ['llama3.1:8b', 'llama3.1:8b (131k context, tools)'],
      ['gemma2:2b', 'gemma2:2b'],
    ]);
    expect(asked[0]?.baseUrl).toBe('http://localhost:11434/v1');
  });

  it('should offer the same list in the 1.13 settings (getSettingDefinitions)', async () => {
    const tab = openTab(() => Promise.resolve([{ id: 'gpt-4o', contextWindow: 128_000 }]), true);
    const button = getByRole(tab, 'button', 'Refresh models');
    click(button);
    await vi.waitFor(() => expect(statusOf(button).textContent).toBe('1 model listed. Pick one or type any id.'));
    const field = getByLabel<HTMLInputElement>(tab, 'Model');
    expect(document.getElementById(field.getAttribute('list')!)?.querySelector('option')?.value).toBe('gpt-4o');
  });

  it('should save any typed id, listed or not', async () => {
    const tab = openTab(() => Promise.resolve([{ id: 'listed' }]));
    click(getByRole(tab, 'button', 'Refresh models'));
    type(getByLabel<HTMLInputElement>(tab, 'Model'), 'not-in-the-list:70b');
    await vi.waitFor(() => expect(plugin.saved.at(-1)).toContain('"model":"not-in-the-list:70b"'));
  });

  it('should say why the list failed and keep the field usable', async () => {
    const tab = openTab(() =>
      Promise.reject(
        new Error("http://localhost:11434/v1/api/chat/models does not exist (HTTP 404): the base URL's path is wrong."),
      ),
    );
    const button = getByRole<HTMLButtonElement>(tab, 'button', 'Refresh models');
    click(button);
    await vi.waitFor(() =>
      expect(statusOf(button).textContent).toBe(
        "Could not list models: http://localhost:11434/v1/api/chat/models does not exist (HTTP 404): the base URL's path is wrong. You can still type the id.",
      ),
    );
    expect(button.disabled).toBe(false);
    type(getByLabel<HTMLInputElement>(tab, 'Model'), 'typed-anyway');
    await vi.waitFor(() => expect(plugin.settings.model).toBe('typed-anyway'));
  });
});
