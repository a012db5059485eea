import { describeError } from '../../core/errors';
import type {
  ChangedFile,
  ChangedRun,
  ChangeHunk,
  ChangesPort,
  ChangeTarget,
  UndoOutcome,
} from '../../core/review/types';
import { plural } from '../revealedText';
import { moveFocus } from './reviewKeys';
import { hunkName } from './reviewText';
import { RunItem, type RunActions } from './RunItem';

/**
 * Runs listed at first, and added by each "Show older runs": several screens of runs (a run is a few lines tall),
 * and few enough that the list draws at once.
 */
export const RUNS_PER_PAGE = 30;

/**
 * The Changes view's content: every run, newest first, opening into files and hunks, with their Keep, Undo and
 * Redo. Every decision goes to the review core (ChangesPort); the panel announces its result in a live region and
 * draws what the core says now. It decides nothing itself.
 */
export class ChangesPanel {
  private readonly statusEl: HTMLElement;
  private readonly listEl: HTMLUListElement;
  private readonly emptyEl: HTMLElement;
  private readonly olderButton: HTMLButtonElement;
  private readonly items = new Map<string, RunItem>();
  private shown = RUNS_PER_PAGE;
  private hasOlder = false;
  private refreshing: Promise<void> | null = null;
  private refreshAgain = false;
  private readonly stopWatching: () => void;
  private closed = false;

  constructor(
    root: HTMLElement,
    private readonly port: ChangesPort,
  ) {
    this.statusEl = root.createDiv({
      cls: 'embedded-agent-review-status',
      attr: { role: 'status', 'aria-live': 'polite' },
    });
    this.emptyEl = root.createEl('p', {
      cls: 'embedded-agent-review-empty',
      text: 'No changes yet: every run that changes the vault shows here, to keep or undo.',
    });
    this.emptyEl.hidden = true;
    this.listEl = root.createEl('ul', { cls: 'embedded-agent-review-runs', attr: { 'aria-label': 'Runs' } });
    this.listEl.addEventListener('keydown', (event) => moveFocus(event, this.listEl));
    this.olderButton = root.createEl('button', { text: 'Show older runs', attr: { type: 'button' } });
    this.olderButton.hidden = true;
    this.olderButton.addEventListener('click', () => {
      this.shown += RUNS_PER_PAGE;
      void this.refresh();
    });
    this.stopWatching = port.onChange(() => void this.refresh());
  }

  /** The run items shown, newest first. */
  get runs(): readonly RunItem[] {
    return [...this.listEl.children].flatMap((el) => [...this.items.values()].filter((item) => item.el === el));
  }

  close(): void {
    this.closed = true;
    this.stopWatching();
    for (const item of this.items.values()) item.close();
    this.items.clear();
  }

  /** Lists the runs anew, one refresh at a time; a change during one is drawn by another right after. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false;
        await this.drawRuns();
      } while (this.refreshAgain && !this.closed);
    })().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private async drawRuns(): Promise<void> {
    let runs: ChangedRun[];
    try {
      // One more than shown tells whether older runs remain.
      runs = await this.port.listRuns({ limit: this.shown + 1 });
    } catch (error) {
      this.failed('the runs', error);
      return;
    }
    if (this.closed) return;
    this.hasOlder = runs.length > this.shown;
    runs = runs.slice(0, this.shown);
    const keep = new Set(runs.map((run) => run.runId));
    for (const [runId, item] of this.items) {
      if (keep.has(runId)) continue;
      item.close();
      item.el.remove();
      this.items.delete(runId);
    }
    runs.forEach((run, index) => {
      const at = this.listEl.children[index] ?? null;
      const item = this.items.get(run.runId);
      if (!item) this.items.set(run.runId, new RunItem(this.listEl, run, this.actions, at as HTMLElement | null));
      else {
        item.update(run);
        if (item.el !== at) this.listEl.insertBefore(item.el, at);
      }
    });
    this.emptyEl.hidden = runs.length > 0;
    this.olderButton.hidden = !this.hasOlder;
    // One run is in the Tab order; the arrow keys move between runs (see reviewKeys).
    const first = this.listEl.firstElementChild;
    if (first instanceof HTMLElement && !this.listEl.querySelector(':scope > li[tabindex="0"]')) first.tabIndex = 0;
  }

  private announce(text: string): void {
    // Emptied first, so the same words said twice are announced twice.
    this.statusEl.setText('');
    window.setTimeout(() => this.statusEl.setText(text), 0);
  }

  private failed(what: string, error: unknown): void {
    this.announce(`Could not load ${what}: ${describeError(error)}`);
  }

  private readonly actions: RunActions = {
    files: (runId) => this.port.files(runId),
    hunks: (file) => this.port.hunks(file.runId, file.path),
    failed: (what, error) => this.failed(what, error),
    keepHunk: (file, hunk) =>
      void this.decide(`Keep ${hunkName(hunk)}`, async () => {
        await this.port.keep(this.target(file, hunk));
        await this.redrawFile(file, hunk, ['Undo', 'Keep']);
        return `${hunkName(hunk)} kept`;
      }),
    undoHunk: (file, hunk, anyway) =>
      void this.decide(`Undo ${hunkName(hunk)}`, async () => {
        const outcome = await this.port.undo(this.target(file, hunk), anyway ? { anyway: true } : {});
        if (outcome.changedSince.length > 0) {
          // Its lines changed after the list was drawn: ask, showing both versions, as for one marked so.
          await this.redrawFile(file, hunk, ['Undo']);
          this.items.get(file.runId)?.fileGroup(file.path)?.hunkAt(hunk.index)?.ask();
          return `${hunkName(hunk)}: its lines changed since the run, so undoing it asks first`;
        }
        await this.redrawFile(file, hunk, ['Redo', 'Undo']);
        return `${hunkName(hunk)} undone`;
      }),
    redoHunk: (file, hunk) =>
      void this.decide(`Redo ${hunkName(hunk)}`, async () => {
        const outcome = await this.port.redo(this.target(file, hunk));
        await this.redrawFile(file, hunk, ['Undo', 'Redo']);
        return outcome.changedSince.length > 0
          ? `${hunkName(hunk)} was not redone: its lines changed since the undo`
          : `${hunkName(hunk)} redone`;
      }),
    keepFile: (file) =>
      void this.decideFor(file.runId, `Keep file ${file.path}`, { runId: file.runId, path: file.path }, 'keep'),
    undoFile: (file) =>
      void this.decideFor(file.runId, `Undo file ${file.path}`, { runId: file.runId, path: file.path }, 'undo'),
    redoFile: (file) =>
      void this.decideFor(file.runId, `Redo file ${file.path}`, { runId: file.runId, path: file.path }, 'redo'),
    keepRun: (run) => void this.decideFor(run.runId, 'Keep run', { runId: run.runId }, 'keep'),
    undoRun: (run) => void this.decideFor(run.runId, 'Undo run', { runId: run.runId }, 'undo'),
    redoRun: (run) => void this.decideFor(run.runId, 'Redo run', { runId: run.runId }, 'redo'),
  };

  private target(file: ChangedFile, hunk: ChangeHunk): ChangeTarget {
    return { runId: file.runId, path: file.path, hunk: hunk.index };
  }

  /** Carries out one decision, announcing what came of it, or why it failed. */
  private async decide(what: string, act: () => Promise<string>): Promise<void> {
    try {
      this.announce(await act());
    } catch (error) {
      this.announce(`${what} failed: ${describeError(error)}`);
    }
    await this.refresh();
  }

  /**
   * A decision about a whole file or run. Hunks left because their lines changed since are not written: the run
   * opens on them, so the person can look and decide each.
   */
  private decideFor(
    runId: string,
    what: string,
    target: ChangeTarget,
    action: 'keep' | 'undo' | 'redo',
  ): Promise<void> {
    return this.decide(what, async () => {
      const outcome: UndoOutcome | null =
        action === 'keep' ? (await this.port.keep(target), null) : await this.port[action](target);
      const item = this.items.get(runId);
      if (item && !item.isOpen && outcome && outcome.changedSince.length > 0) await item.open();
      else await item?.reloadFiles();
      return outcomeText(what, action, outcome);
    });
  }

  /** Reloads one file of an open run (its state and hunks), focusing the hunk's first button of `names` shown. */
  private async redrawFile(file: ChangedFile, hunk: ChangeHunk, names: readonly string[]): Promise<void> {
    const item = this.items.get(file.runId);
    const group = item?.fileGroup(file.path);
    if (!item || !group) return;
    let now: ChangedFile | undefined;
    for await (const listed of this.port.files(file.runId)) {
      if (listed.path !== file.path) continue;
      now = listed;
      break;
    }
    await group.reload(now ?? file, { hunk: hunk.index, names });
  }
}

/** What a decision about a file or a run did, in a sentence for the live region. */
function outcomeText(what: string, action: 'keep' | 'undo' | 'redo', outcome: UndoOutcome | null): string {
  const done = { keep: 'kept', undo: 'undone', redo: 'redone' }[action];
  const subject = what.replace(/^(Keep|Undo|Redo) /, '');
  const name = subject.charAt(0).toUpperCase() + subject.slice(1);
  if (!outcome || outcome.changedSince.length === 0) return `${name} ${done}`;
  const left = plural(outcome.changedSince.length, 'change');
  if (outcome.applied.length === 0 && outcome.restoredFiles.length === 0)
    return `${name} not ${done}: its ${left} changed since the run; open them to decide each`;
  return `${name} ${done}, except ${left} whose lines changed since the run: decide each below`;
}
