import type { ChangedFile, ChangedRun } from '../../core/review/types';
import { FileGroup, type FileActions } from './FileGroup';
import { changeSize, runAuthor, runName, runTime, STATE_TEXT } from './reviewText';

/** What a run's buttons do, and where its files come from. */
export interface RunActions extends FileActions {
  keepRun(run: ChangedRun): void;
  undoRun(run: ChangedRun): void;
  redoRun(run: ChangedRun): void;
  files(runId: string): AsyncIterable<ChangedFile>;
}

/**
 * One run of the list: a listitem named for who made it, when, what it changed and where it stands, with Open,
 * Keep run and Undo run. Open shows its files as the core works them out, each file's hunks loading one file after
 * another, so the first file of a long run shows at once. Closing it drops its files and hunks: only open runs hold
 * any.
 */
export class RunItem {
  readonly el: HTMLLIElement;
  private readonly summaryEl: HTMLElement;
  private readonly buttonsEl: HTMLElement;
  private filesEl: HTMLElement | null = null;
  private readonly groups = new Map<string, FileGroup>();
  /** Bumped when the run closes or reloads: a listing still under way for an older one stops. */
  private listing = 0;

  constructor(
    list: HTMLElement,
    private run: ChangedRun,
    private readonly actions: RunActions,
    before: HTMLElement | null = null,
  ) {
    this.el = list.createEl('li', {
      cls: 'embedded-agent-review-run',
      attr: { tabindex: '-1', 'data-review-nav': 'run' },
    });
    if (before) list.insertBefore(this.el, before);
    this.summaryEl = this.el.createDiv({ cls: 'embedded-agent-review-summary' });
    this.buttonsEl = this.el.createDiv({ cls: 'embedded-agent-review-buttons' });
    this.draw();
  }

  get runId(): string {
    return this.run.runId;
  }

  get isOpen(): boolean {
    return this.filesEl !== null;
  }

  get fileGroups(): readonly FileGroup[] {
    return [...this.groups.values()];
  }

  fileGroup(path: string): FileGroup | undefined {
    return this.groups.get(path);
  }

  /** Takes the run's new state from the list; files already shown keep theirs until `reloadFiles`. */
  update(run: ChangedRun): void {
    const changed = JSON.stringify(run) !== JSON.stringify(this.run);
    this.run = run;
    if (changed) this.draw();
  }

  buttonNamed(name: string): HTMLButtonElement | null {
    return this.buttonsEl.querySelector<HTMLButtonElement>(`button[data-name="${name}"]`);
  }

  /** Shows the run's files, each as it comes; resolves once all are listed (their hunks may still be loading). */
  async open(): Promise<void> {
    if (!this.filesEl) {
      this.filesEl = this.el.createDiv({ cls: 'embedded-agent-review-files' });
      this.draw();
    }
    await this.listFiles();
  }

  /** Drops the files and hunks shown: a closed run keeps nothing but its line in the list. */
  close(): void {
    this.listing++;
    this.filesEl?.remove();
    this.filesEl = null;
    this.groups.clear();
    this.draw();
  }

  /** Lists the files anew (their states change after a decision), reloading the hunks of each. */
  reloadFiles(): Promise<void> {
    return this.filesEl ? this.listFiles() : Promise.resolve();
  }

  private async listFiles(): Promise<void> {
    const listing = ++this.listing;
    const filesEl = this.filesEl;
    if (!filesEl) return;
    const listed: [FileGroup, ChangedFile][] = [];
    try {
      for await (const file of this.actions.files(this.run.runId)) {
        if (listing !== this.listing) return;
        let group = this.groups.get(file.path);
        if (!group) {
          group = new FileGroup(filesEl, file, this.actions);
          this.groups.set(file.path, group);
        }
        listed.push([group, file]);
      }
    } catch (error) {
      this.actions.failed(`the files of this run`, error);
    }
    if (listing !== this.listing) return;
    const seen = new Set(listed.map(([group]) => group.path));
    for (const [path, group] of this.groups) {
      if (seen.has(path)) continue;
      group.el.remove();
      this.groups.delete(path);
    }
    // The hunks once the files are listed, one file after another: the core works a run's files out once, for the
    // listing, and answers each file's hunks from that.
    for (const [group, file] of listed) {
      if (listing !== this.listing) return;
      await group.reload(file);
    }
  }

  private draw(): void {
    const run = this.run;
    this.el.setAttribute('aria-label', runName(run));
    this.el.className = `embedded-agent-review-run is-${run.state}`;
    // Four spans and no more: a list of runs is drawn a page at a time, and each element costs.
    this.summaryEl.empty();
    this.summaryEl.createSpan({ cls: 'embedded-agent-review-author', text: runAuthor(run) });
    this.summaryEl.createSpan({ cls: 'embedded-agent-review-time', text: runTime(run.startedAt) });
    this.summaryEl.createSpan({ cls: 'embedded-agent-review-size', text: changeSize(run) });
    this.summaryEl.createSpan({
      cls: 'embedded-agent-review-state',
      text: run.endedAt === null ? 'still running' : STATE_TEXT[run.state],
    });
    // Redrawn buttons replace the focused one: focus moves to its successor (Open and Close are one toggle).
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const refocus = focused && this.buttonsEl.contains(focused) ? focused.dataset.name : undefined;
    this.buttonsEl.empty();
    this.drawButtons(run);
    if (refocus === undefined) return;
    const twin = refocus === 'Open' || refocus === 'Close' ? ['Open', 'Close'] : [refocus];
    const next = twin.map((name) => this.buttonNamed(name)).find((found) => found);
    (next ?? this.el).focus();
  }

  private drawButtons(run: ChangedRun): void {
    const open = this.button(this.isOpen ? 'Close' : 'Open', () => (this.isOpen ? this.close() : void this.open()));
    open.setAttribute('aria-expanded', String(this.isOpen));
    // A run still going can be looked at, not decided: what it writes next would not be covered.
    if (run.endedAt === null) return;
    if (run.state === 'to-review' || run.state === 'partly-undone')
      this.button('Keep run', () => this.actions.keepRun(this.run));
    if (run.state !== 'undone') this.button('Undo run', () => this.actions.undoRun(this.run));
    else this.button('Redo run', () => this.actions.redoRun(this.run));
  }

  private button(name: string, onClick: () => void): HTMLButtonElement {
    const button = this.buttonsEl.createEl('button', { text: name, attr: { type: 'button', 'data-name': name } });
    button.addEventListener('click', onClick);
    return button;
  }
}
