/**
 * The mock's setting components keep their callbacks off the DOM (a button's click handler runs only through
 * `simulateClick__`, a text field's `onChange` only through `setValue`). The real ones listen to their elements,
 * and these patches make the mock do the same, so the settings tab can be driven like a person drives it: find a
 * control by its name, type, pick, click. They also give rows Obsidian's class names and order (name and
 * description before the control), for the screenshot page's CSS.
 */
import {
  ButtonComponent,
  DropdownComponent,
  SecretComponent,
  Setting,
  TextAreaComponent,
  TextComponent,
  ToggleComponent,
} from 'obsidian-test-mocks/obsidian';
import type { App } from 'obsidian';
import { originalOf } from '../../obsidian-double/original';

const PATCHED = Symbol.for('embedded-agent.obsidian-like-controls');

interface MockText {
  inputEl: HTMLInputElement;
  value: string;
  onChanged(): void;
}
interface MockToggle {
  toggleEl: HTMLElement;
  getValue(): boolean;
  onClick(): void;
}
interface MockSecret {
  selectEl__?: HTMLSelectElement;
  onChange__?: (value: string) => unknown;
}

export function patchObsidianLikeControls(): void {
  if (Object.prototype.hasOwnProperty.call(Setting.prototype, PATCHED)) return;
  Object.defineProperty(Setting.prototype, PATCHED, { value: true });

  const setting = Setting.prototype as unknown as { constructor__(this: Setting, containerEl: HTMLElement): void };
  setting.constructor__ = function (this: Setting): void {
    this.settingEl.addClass('setting-item');
    this.infoEl.addClass('setting-item-info');
    this.nameEl.addClass('setting-item-name');
    this.descEl.addClass('setting-item-description');
    this.controlEl.addClass('setting-item-control');
    this.settingEl.prepend(this.infoEl);
  };

  const button = ButtonComponent.prototype as unknown as {
    onClick(this: ButtonComponent, callback: (event: MouseEvent) => unknown): ButtonComponent;
    setDisabled(this: ButtonComponent, disabled: boolean): ButtonComponent;
  };
  const originalOnClick = originalOf(button, 'onClick');
  button.onClick = function (this: ButtonComponent, callback): ButtonComponent {
    originalOnClick.call(this, callback);
    this.buttonEl.addEventListener('click', (event) => void callback(event));
    return this;
  };
  button.setDisabled = function (this: ButtonComponent, disabled: boolean): ButtonComponent {
    this.disabled = disabled;
    this.buttonEl.disabled = disabled;
    return this;
  };

  const text = TextComponent.prototype as unknown as { constructor4__(this: MockText): void };
  text.constructor4__ = function (this: MockText): void {
    this.inputEl.type = 'text';
    this.inputEl.addEventListener('input', () => {
      this.value = this.inputEl.value;
      this.onChanged();
    });
  };

  const textArea = TextAreaComponent.prototype as unknown as { constructor4__(this: MockText): void };
  textArea.constructor4__ = function (this: MockText): void {
    this.inputEl.addEventListener('input', () => {
      this.value = this.inputEl.value;
      this.onChanged();
    });
  };

  const dropdown = DropdownComponent.prototype as unknown as {
    constructor3__(this: DropdownComponent & { simulateChange__(): void }): void;
  };
  dropdown.constructor3__ = function (this: DropdownComponent & { simulateChange__(): void }): void {
    this.selectEl.addClass('dropdown');
    this.selectEl.addEventListener('change', () => this.simulateChange__());
  };

  const toggle = ToggleComponent.prototype as unknown as {
    constructor3__(this: MockToggle): void;
    setValue(this: MockToggle, value: boolean): unknown;
  };
  const originalToggleSetValue = originalOf(toggle, 'setValue');
  toggle.constructor3__ = function (this: MockToggle): void {
    this.toggleEl.addClass('checkbox-container');
    this.toggleEl.createEl('input', { type: 'checkbox', attr: { tabindex: '0' } });
    this.toggleEl.addEventListener('click', () => {
      this.onClick();
      this.toggleEl.toggleClass('is-enabled', this.getValue());
    });
  };
  toggle.setValue = function (this: MockToggle, value: boolean): unknown {
    const result = originalToggleSetValue.call(this, value);
    this.toggleEl.toggleClass('is-enabled', value);
    return result;
  };

  // The real component is a picker over the keychain's secret names; a select over listSecrets() stands in.
  const secret = SecretComponent.prototype as unknown as {
    constructor2__(this: MockSecret, app: App, containerEl: HTMLElement): void;
    setValue(this: MockSecret, value: string): unknown;
    onChange(this: MockSecret, callback: (value: string) => unknown): unknown;
  };
  secret.constructor2__ = function (this: MockSecret, app: App, containerEl: HTMLElement): void {
    const select = containerEl.createEl('select', { cls: 'dropdown' });
    select.createEl('option', { value: '', text: 'Select a secret…' });
    for (const id of app.secretStorage.listSecrets()) select.createEl('option', { value: id, text: id });
    this.onChange__ = undefined;
    select.addEventListener('change', () => void this.onChange__?.(select.value));
    this.selectEl__ = select;
  };
  secret.setValue = function (this: MockSecret, value: string): unknown {
    const select = this.selectEl__;
    if (select && value && !Array.from(select.options).some((option) => option.value === value))
      select.createEl('option', { value, text: value });
    if (select) select.value = value;
    return this;
  };
  secret.onChange = function (this: MockSecret, callback: (value: string) => unknown): unknown {
    this.onChange__ = callback;
    return this;
  };
}
