import type { ChangeHunk } from '../../core/review/types';
import { contentWarnings } from '../../core/tool-execution/changePreview/contentWarnings';
import { renderWarnings } from '../contentWarningsView';
import { renderDiff } from '../DiffView';
import { runDiff, undoAnywayDiff } from './hunkDiff';
import { hunkName, STATE_TEXT } from './reviewText';

/** What a hunk's buttons do (for the file it is in); the panel carries them out, announces the result and redraws. */
export interface HunkActions {
  keep(hunk: ChangeHunk): void;
  /** `anyway`: the person saw both versions of a hunk changed since and chose "Undo anyway". */
  undo(hunk: ChangeHunk, anyway: boolean): void;
  redo(hunk: ChangeHunk): void;
}

/**
 * One hunk of a file: a group named "Change <n> of <m> in <path>" (" (changed since)" when its lines changed since
 * the run), its word-level diff with hidden characters and links flagged as on the approval card, and its buttons:
 * Keep and Undo, or Redo once undone. Undoing a hunk changed since asks first, showing both versions.
 */
export class HunkGroup {
  readonly el: HTMLElement;
  private question: HTMLElement | null = null;

  constructor(
    parent: HTMLElement,
    readonly hunk: ChangeHunk,
    private readonly actions: HunkActions,
  ) {
    const name = hunkName(hunk);
    this.el = parent.createDiv({
      cls: ['embedded-agent-review-hunk', `is-${hunk.state}`, ...(hunk.changedSince ? ['is-changed-since'] : [])],
      attr: { role: 'group', 'aria-label': name, tabindex: '-1', 'data-review-nav': 'hunk' },
    });
    const header = this.el.createDiv({ cls: 'embedded-agent-review-header' });
    header.createSpan({ cls: 'embedded-agent-review-title', text: name });
    header.createSpan({ cls: 'embedded-agent-review-state', text: STATE_TEXT[hunk.state] });
    renderDiff(this.el, runDiff(hunk), { label: `What the run changed in ${hunk.path}`, newFile: false });
    const warnings = contentWarnings(hunk.after.join('\n'), hunk.before.join('\n')).map((warning) => ({
      ...warning,
      line: warning.line + hunk.afterStart - 1,
    }));
    if (warnings.length > 0) renderWarnings(this.el, warnings, 'Check this change');
    const buttons = this.el.createDiv({ cls: 'embedded-agent-review-buttons' });
    if (hunk.state === 'undone') {
      this.button(buttons, 'Redo', () => actions.redo(hunk));
      return;
    }
    if (hunk.state === 'to-review') this.button(buttons, 'Keep', () => actions.keep(hunk));
    this.button(buttons, 'Undo', () => (hunk.changedSince ? this.ask() : actions.undo(hunk, false)));
  }

  /** The button named `name` in this hunk, if it shows one: where focus goes back after a redraw. */
  buttonNamed(name: string): HTMLButtonElement | null {
    return this.el.querySelector<HTMLButtonElement>(
      `:scope > .embedded-agent-review-buttons > button[data-name="${name}"]`,
    );
  }

  /**
   * Asks before undoing a hunk whose lines changed since the run: what is there now, and what "Undo anyway" puts
   * back in its place. Focus goes to Cancel, the answer that writes nothing.
   */
  ask(): void {
    if (this.question) {
      this.question.querySelector<HTMLButtonElement>('button[data-name="Cancel"]')?.focus();
      return;
    }
    const hunk = this.hunk;
    const question = this.el.createDiv({
      cls: 'embedded-agent-review-question',
      attr: { role: 'group', 'aria-label': `Undo ${hunkName(hunk)}?` },
    });
    this.question = question;
    question.createEl('p', {
      text: 'These lines changed since the run: you or another run wrote here after it. Undo anyway replaces what is there now with what was there before the run.',
    });
    renderDiff(question, undoAnywayDiff(hunk), {
      label: 'Now in the note (removed) and what Undo anyway puts back (added)',
      newFile: false,
    });
    const buttons = question.createDiv({ cls: 'embedded-agent-review-buttons' });
    this.button(buttons, 'Undo anyway', () => this.actions.undo(hunk, true), 'mod-warning');
    const cancel = this.button(buttons, 'Cancel', () => {
      question.remove();
      this.question = null;
      this.buttonNamed('Undo')?.focus();
    });
    cancel.focus();
  }

  private button(parent: HTMLElement, name: string, onClick: () => void, cls?: string): HTMLButtonElement {
    const button = parent.createEl('button', {
      text: name,
      cls: cls ? [cls] : [],
      attr: { type: 'button', 'data-name': name },
    });
    button.addEventListener('click', onClick);
    return button;
  }
}
