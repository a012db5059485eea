import type { ChangesPort } from '../../core/review/types';

/**
 * How many runs wait to be reviewed, in the status bar, named "Changes to review: <n>" and announced to a screen
 * reader when it changes; a click (or Enter, Space) opens the Changes view. It shows once the review core is loaded.
 */
export class ChangesCount {
  private readonly button: HTMLElement;
  private readonly live: HTMLElement;
  private count: number | null = null;
  private stop: (() => void) | null = null;
  /** Bumped by each count asked for, so an older answer that comes late is dropped. */
  private asked = 0;

  constructor(
    private readonly el: HTMLElement,
    open: () => void,
  ) {
    el.addClass('embedded-agent-changes-count');
    this.button = el.createSpan({ cls: 'mod-clickable', attr: { role: 'button', tabindex: '0' } });
    this.live = el.createSpan({ cls: 'embedded-agent-sr-only', attr: { role: 'status', 'aria-live': 'polite' } });
    el.hidden = true;
    this.button.addEventListener('click', open);
    this.button.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      open();
    });
  }

  /** Follows `port` from now on: every change it reports is counted again. */
  attach(port: ChangesPort): void {
    this.stop?.();
    this.stop = port.onChange(() => void this.update(port));
    void this.update(port);
  }

  detach(): void {
    this.stop?.();
    this.stop = null;
  }

  private async update(port: ChangesPort): Promise<void> {
    const asked = ++this.asked;
    let count: number;
    try {
      count = await port.toReviewCount();
    } catch (error) {
      // Once detached (the plugin unloads) a count that fails says nothing: its repository may be gone.
      if (this.stop) console.error('Embedded Agent: could not count the changes to review', error);
      return;
    }
    if (asked !== this.asked || count === this.count) return;
    const first = this.count === null;
    this.count = count;
    const name = `Changes to review: ${count}`;
    this.button.setAttribute('aria-label', name);
    this.button.setText(name);
    this.el.hidden = false;
    // The first count is what was already there: said only when it changes.
    if (!first) this.live.setText(name);
  }
}
