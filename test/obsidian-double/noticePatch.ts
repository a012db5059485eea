import { Notice } from 'obsidian-test-mocks/obsidian';

/** How long a notice stays when no duration is given (Obsidian's default). */
const DEFAULT_DURATION_MS = 5000;

/**
 * Notices show as in Obsidian: the notice (`containerEl`, class `notice`) goes into the document's
 * `.notice-container`, stays for its duration (0: until dismissed), and a click or `hide()` removes it. The mock
 * keeps it detached, so a test could not find it, and its `hide()` does nothing.
 */
export function patchNotice(): void {
  const proto = Notice.prototype as unknown as {
    constructor__: (message: unknown, duration?: number) => void;
    hide: () => void;
  };
  proto.constructor__ = function (this: Notice, _message: unknown, duration?: number): void {
    if (typeof document === 'undefined') return;
    this.containerEl.addClass('notice');
    this.messageEl.addClass('notice-message');
    let container = document.body.querySelector('.notice-container');
    if (!container) container = document.body.createDiv({ cls: 'notice-container' });
    container.appendChild(this.containerEl);
    this.containerEl.addEventListener('click', () => this.hide());
    const wait = duration ?? DEFAULT_DURATION_MS;
    if (wait > 0) setTimeout(() => this.hide(), wait);
  };
  proto.hide = function (this: Notice): void {
    this.containerEl.remove();
  };
}
