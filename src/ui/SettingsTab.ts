import {
  PluginSettingTab,
  SecretComponent,
  Setting,
  type App,
  type Plugin,
  type SettingDefinitionItem,
  type TextComponent,
} from 'obsidian';
import { DEFAULT_MODELS, SETTING_SPECS, type EmbeddedAgentSettings, type ProviderId } from '../settings/settings';
import { attachModelPicker, type ListModels } from './modelPicker';
import {
  MCP_STATUS_ROW,
  MCP_TOKEN_ROW,
  type McpServerControls,
  renderMcpStatus,
  renderMcpToken,
} from './McpSettingsRows';
import { SECTION_ORDER, SETTING_LABELS, type SettingSection } from './settingLabels';

/** The plugin as the settings tab sees it: its settings and a way to save them. */
export interface SettingsHost extends Plugin {
  settings: EmbeddedAgentSettings;
  saveSettings(): Promise<void>;
}

/** Sends a small request with these settings; resolves with what to show on success, rejects with the error. */
export type TestConnection = (settings: Readonly<EmbeddedAgentSettings>) => Promise<string>;

type Spec = (typeof SETTING_SPECS)[number];
type Key = keyof EmbeddedAgentSettings;

/**
 * The settings tab, generated from SETTING_SPECS: a dropdown per enumeration, a toggle per boolean, a text field
 * per string or number. A value outside its range is refused with a message that names the setting, and is not
 * saved. The API key is picked with Obsidian's SecretComponent, so data.json holds only the secret's name.
 *
 * Both entry points render the same rows: `display()` for Obsidian before 1.13 (the manifest's minAppVersion is
 * lower), `getSettingDefinitions()` for 1.13 and later, where the rows also appear in the settings search.
 */
export class EmbeddedAgentSettingTab extends PluginSettingTab {
  private readonly textFields = new Map<Key, TextComponent>();
  /** What the rows follow while the tab is shown (the MCP server's state), stopped when it is hidden. */
  private following: (() => void)[] = [];

  constructor(
    app: App,
    private readonly host: SettingsHost,
    private readonly testConnection: TestConnection,
    /** Lists the provider's models with the settings as they are at the click; no refresh button without it. */
    private readonly listModels?: (settings: Readonly<EmbeddedAgentSettings>) => ReturnType<ListModels>,
    /** The MCP server's status and token; without it the MCP section has its settings only. */
    private readonly mcp?: McpServerControls,
  ) {
    super(app, host);
  }

  override display(): void {
    const { containerEl } = this;
    this.stopFollowing();
    containerEl.empty();
    for (const section of SECTION_ORDER) {
      new Setting(containerEl).setName(section).setHeading();
      for (const spec of specsOf(section)) {
        const setting = new Setting(containerEl).setName(SETTING_LABELS[spec.key].name).setDesc(describe(spec));
        this.renderControl(setting, spec);
      }
      if (section === 'Model')
        this.renderTestConnection(new Setting(containerEl).setName('Test connection').setDesc(TEST_DESCRIPTION));
      for (const row of this.extraRows(section))
        row.render(new Setting(containerEl).setName(row.name).setDesc(row.desc));
    }
  }

  override hide(): void {
    this.stopFollowing();
    super.hide();
  }

  override getSettingDefinitions(): SettingDefinitionItem[] {
    this.stopFollowing();
    return SECTION_ORDER.map((section) => ({
      type: 'group' as const,
      heading: section,
      items: [
        ...specsOf(section).map((spec) => ({
          name: SETTING_LABELS[spec.key].name,
          desc: describe(spec),
          aliases: [spec.key],
          render: (setting: Setting) => this.renderControl(setting, spec),
        })),
        ...(section === 'Model'
          ? [
              {
                name: 'Test connection',
                desc: TEST_DESCRIPTION,
                render: (setting: Setting) => this.renderTestConnection(setting),
              },
            ]
          : []),
        ...this.extraRows(section),
      ],
    }));
  }

  /** Rows that are not settings: the MCP server's status and token. */
  private extraRows(section: SettingSection): { name: string; desc: string; render: (setting: Setting) => void }[] {
    const mcp = this.mcp;
    if (section !== 'MCP server' || !mcp) return [];
    const url = (): string => `http://127.0.0.1:${this.host.settings.mcpPort}/mcp`;
    return [
      { name: MCP_STATUS_ROW, desc: '', render: (setting) => void this.following.push(renderMcpStatus(setting, mcp)) },
      {
        name: MCP_TOKEN_ROW,
        desc: MCP_TOKEN_DESCRIPTION,
        render: (setting) =>
          void this.following.push(renderMcpToken(setting, mcp, url, () => this.host.settings.approvalTimeoutMinutes)),
      },
    ];
  }

  private stopFollowing(): void {
    for (const stop of this.following.splice(0)) stop();
  }

  private renderControl(setting: Setting, spec: Spec): void {
    const label = SETTING_LABELS[spec.key];
    const settings = this.host.settings as unknown as Record<Key, unknown>;
    const current = settings[spec.key];
    if (spec.key === 'apiKeySecret') {
      // The component lists the secrets in Obsidian's keychain and lets the person add one; we keep its name only.
      setting.addComponent((el) => {
        const picker = new SecretComponent(this.app, el).setValue(String(current)).onChange((name) => {
          if (name !== this.host.settings.apiKeySecret) void this.save(setting, spec.key, name);
        });
        nameControl(el, label.name);
        return picker;
      });
    } else if (spec.values) {
      const values = spec.values as readonly string[];
      setting.addDropdown((dropdown) => {
        for (const value of values) dropdown.addOption(value, label.options?.[value] ?? value);
        dropdown.selectEl.setAttr('aria-label', label.name);
        // setValue before onChange: showing the stored value must not count as a change.
        dropdown.setValue(String(current)).onChange((value) => {
          if (!values.includes(value))
            return this.showError(
              setting,
              `${label.name} must be one of ${values.join(', ')}; got "${value}". Not saved.`,
            );
          if (spec.key === 'provider') this.followProviderDefault(value as ProviderId);
          void this.save(setting, spec.key, value);
        });
      });
    } else if (typeof spec.default === 'boolean') {
      setting.addToggle((toggle) => {
        nameControl(toggle.toggleEl, label.name);
        toggle.setValue(current === true).onChange((value) => void this.save(setting, spec.key, value));
      });
    } else if (typeof spec.default === 'number') {
      setting.addText((text) => {
        text.inputEl.type = 'number';
        text.inputEl.setAttr('aria-label', label.name);
        if (spec.range)
          text.inputEl.setAttrs({
            min: String(spec.range.min),
            max: String(spec.range.max),
            step: label.fractional ? 'any' : '1',
          });
        text.setValue(String(current)).onChange((raw) => {
          const problem = numberProblem(raw, label.name, spec.range, label.fractional === true);
          text.inputEl.setAttr('aria-invalid', String(problem !== null));
          if (problem !== null) return this.showError(setting, problem);
          void this.save(setting, spec.key, Number(raw));
        });
      });
    } else if (typeof spec.default === 'string') {
      setting.addText((text) => {
        this.textFields.set(spec.key, text);
        text.inputEl.setAttr('aria-label', label.name);
        if (label.placeholder) text.setPlaceholder(label.placeholder);
        text.setValue(String(current)).onChange((raw) => {
          const problem = textProblem(spec.key, raw, label.name);
          text.inputEl.setAttr('aria-invalid', String(problem !== null));
          if (problem !== null) return this.showError(setting, problem);
          void this.save(setting, spec.key, spec.key === 'baseUrl' ? raw.trim() : raw);
        });
        const listModels = this.listModels;
        if (spec.key === 'model' && listModels)
          attachModelPicker(setting, text, () => listModels({ ...this.host.settings }));
      });
    } else if (spec.key === 'customModes') {
      this.renderCustomModes(setting, label.name);
    } else if (Array.isArray(current)) {
      setting.setDesc(`${current.length} saved. Run them from the command palette; manage them in the chat panel.`);
    }
  }

  /** The vault's modes as JSON: saved only when every mode is valid; otherwise the problems, by mode and field. */
  private renderCustomModes(setting: Setting, name: string): void {
    setting.addTextArea((area) => {
      area.inputEl.setAttr('aria-label', name);
      area.inputEl.rows = 6;
      area.setPlaceholder(
        '[{ "slug": "researcher", "name": "Researcher", "toolGroups": ["read", "vault"], "roleDefinition": "…" }]',
      );
      const current = this.host.settings.customModes;
      area.setValue(current.length === 0 ? '' : JSON.stringify(current, null, 2)).onChange(async (raw) => {
        const problem = await customModesProblem(raw);
        area.inputEl.setAttr('aria-invalid', String(problem !== null));
        if (problem !== null) return this.showError(setting, problem);
        void this.save(setting, 'customModes', raw.trim() === '' ? [] : (JSON.parse(raw) as unknown[]));
      });
    });
  }

  private renderTestConnection(setting: Setting): void {
    const status = setting.infoEl.createDiv({ cls: 'embedded-agent-setting-status', attr: { role: 'status' } });
    setting.addButton((button) =>
      button.setButtonText('Test connection').onClick(async () => {
        button.setDisabled(true);
        status.removeClass('is-error', 'is-success');
        status.setText('Testing…');
        try {
          const detail = await this.testConnection({ ...this.host.settings });
          status.addClass('is-success');
          status.setText(detail ? `Connection works: ${detail}` : 'Connection works.');
        } catch (error) {
          status.addClass('is-error');
          status.setText(`Connection failed: ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          button.setDisabled(false);
        }
      }),
    );
  }

  /** A model id left at the old provider's default follows the new provider; one the person typed stays. */
  private followProviderDefault(provider: ProviderId): void {
    const previous = this.host.settings.provider;
    if (previous === provider || this.host.settings.model !== DEFAULT_MODELS[previous]) return;
    this.host.settings.model = DEFAULT_MODELS[provider];
    const field = this.textFields.get('model');
    if (field) field.inputEl.value = DEFAULT_MODELS[provider];
  }

  private async save(setting: Setting, key: Key, value: unknown): Promise<void> {
    this.showError(setting, null);
    (this.host.settings as unknown as Record<Key, unknown>)[key] = value;
    try {
      await this.host.saveSettings();
    } catch (error) {
      this.showError(
        setting,
        `${SETTING_LABELS[key].name} was not saved: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** A message under the row's description (Setting.setErrorMessage needs Obsidian 1.13). */
  private showError(setting: Setting, message: string | null): void {
    let el = setting.infoEl.querySelector<HTMLElement>('.embedded-agent-setting-error');
    if (!message) {
      el?.remove();
      setting.settingEl.removeClass('is-invalid');
      return;
    }
    el ??= setting.infoEl.createDiv({ cls: 'embedded-agent-setting-error', attr: { role: 'alert' } });
    el.setText(message);
    setting.settingEl.addClass('is-invalid');
  }
}

const MCP_TOKEN_DESCRIPTION =
  'Clients send it in the header "Authorization: Bearer <token>". It is kept in Obsidian\'s secret storage, not in data.json, and shown only when it is made.';

const TEST_DESCRIPTION =
  'Checks the settings above, one line each: reachable, key accepted, model exists, streams, a native tool call (one short request), context window and price.';

function specsOf(section: SettingSection): Spec[] {
  return SETTING_SPECS.filter((spec) => SETTING_LABELS[spec.key].section === section);
}

/** The spec's description with its `code` spans and *emphasis* kept, as a fragment (never as HTML). */
function describe(spec: Spec): DocumentFragment {
  return createFragment((fragment) => {
    for (const part of spec.description.split(/(`[^`]+`|\*[^*]+\*)/)) {
      if (part.startsWith('`') && part.endsWith('`') && part.length > 1)
        fragment.createEl('code', { text: part.slice(1, -1) });
      else if (part.startsWith('*') && part.endsWith('*') && part.length > 1)
        fragment.createEl('em', { text: part.slice(1, -1) });
      else if (part) fragment.appendText(part);
    }
  });
}

export function numberProblem(
  raw: string,
  name: string,
  range: { min: number; max: number } | undefined,
  fractional: boolean,
): string | null {
  const kind = fractional ? 'a number' : 'a whole number';
  const bounds = range ? ` from ${range.min} to ${range.max}` : '';
  const value = raw.trim() === '' ? Number.NaN : Number(raw);
  if (
    !Number.isFinite(value) ||
    (!fractional && !Number.isInteger(value)) ||
    (range && (value < range.min || value > range.max))
  ) {
    return `${name} must be ${kind}${bounds}; got "${raw}". Not saved.`;
  }
  return null;
}

export function textProblem(key: Key, raw: string, name: string): string | null {
  if (key === 'model' && raw.trim() === '')
    return `${name} must not be empty: enter the model id the provider expects. Not saved.`;
  if (key === 'baseUrl' && raw.trim() !== '') {
    let url: URL | null = null;
    try {
      url = new URL(raw.trim());
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      return `${name} must be empty or an http(s) address like http://localhost:11434/v1; got "${raw}". Not saved.`;
  }
  return null;
}

let modeSchema: Promise<typeof import('../core/modes/modeSchema')> | null = null;

/**
 * Why the custom modes text cannot be saved, naming the mode and field; null when it can. The mode checker (and the
 * JSON-schema validator under it) loads on the first edit, not with the plugin. Every answer waits for that one
 * promise first, so answers come in the order of the edits, and the last edit's answer is the one that stays.
 */
async function customModesProblem(raw: string): Promise<string | null> {
  modeSchema ??= import('../core/modes/modeSchema');
  const { parseModeList } = await modeSchema;
  if (raw.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    return `Custom modes must be JSON: ${error instanceof Error ? error.message : String(error)}. Not saved.`;
  }
  if (!Array.isArray(parsed)) return 'Custom modes must be a JSON list of modes ([ … ]). Not saved.';
  const { errors } = parseModeList(parsed, 'Custom modes', 'vault');
  return errors.length === 0 ? null : `${errors.map((error) => error.message).join(' ')} Not saved.`;
}

/**
 * Names the form control a component rendered inside `el` (a toggle's checkbox, the secret picker's field), which a
 * screen reader announces; a name on a wrapper div is not read, and ARIA does not allow one there.
 */
function nameControl(el: HTMLElement, name: string): void {
  const control = el.querySelector('input, select, textarea, button');
  if (control instanceof HTMLElement) control.setAttr('aria-label', name);
  else el.setAttrs({ role: 'group', 'aria-label': name });
}
