import type { ChangedFile, ChangeHunk } from '../../core/review/types';
import { HunkGroup, type HunkActions } from './HunkGroup';
import { fileChangeText, fileName, STATE_TEXT } from './reviewText';

/** What a file's buttons and its hunks' do, and where its hunks come from. */
export interface FileActions {
  keepHunk(file: ChangedFile, hunk: ChangeHunk): void;
  undoHunk(file: ChangedFile, hunk: ChangeHunk, anyway: boolean): void;
  redoHunk(file: ChangedFile, hunk: ChangeHunk): void;
  keepFile(file: ChangedFile): void;
  undoFile(file: ChangedFile): void;
  redoFile(file: ChangedFile): void;
  hunks(file: ChangedFile): Promise<ChangeHunk[]>;
  /** Says, in the live region, that a file's hunks could not be loaded. */
  failed(what: string, error: unknown): void;
}

/**
 * One file of an open run: a group named "File <path>" with what happened to it, Keep file and Undo file, and its
 * hunks below (a file that is not text has none: it is undone whole, byte for byte).
 */
export class FileGroup {
  readonly el: HTMLElement;
  private readonly headerEl: HTMLElement;
  private readonly buttonsEl: HTMLElement;
  private readonly hunksEl: HTMLElement;
  private hunkGroups: HunkGroup[] = [];
  /** Bumped by every reload, so an older load that finishes late draws nothing. */
  private generation = 0;

  constructor(
    parent: HTMLElement,
    private file: ChangedFile,
    private readonly actions: FileActions,
  ) {
    this.el = parent.createDiv({
      cls: 'embedded-agent-review-file',
      attr: { role: 'group', 'aria-label': fileName(file) },
    });
    this.headerEl = this.el.createDiv({ cls: 'embedded-agent-review-header' });
    this.buttonsEl = this.el.createDiv({ cls: 'embedded-agent-review-buttons' });
    this.hunksEl = this.el.createDiv({ cls: 'embedded-agent-review-hunks' });
    this.drawHeader();
  }

  /** The hunks' buttons act on this file as it is now. */
  private readonly hunkActions: HunkActions = {
    keep: (hunk) => this.actions.keepHunk(this.file, hunk),
    undo: (hunk, anyway) => this.actions.undoHunk(this.file, hunk, anyway),
    redo: (hunk) => this.actions.redoHunk(this.file, hunk),
  };

  get path(): string {
    return this.file.path;
  }

  get hunks(): readonly HunkGroup[] {
    return this.hunkGroups;
  }

  /** Takes the file's new state and loads its hunks anew; then focuses `focus` (a hunk's button) if given. */
  async reload(file: ChangedFile = this.file, focus?: { hunk: number; names: readonly string[] }): Promise<void> {
    this.file = file;
    this.drawHeader();
    const generation = ++this.generation;
    if (file.binary || file.hunks === 0) {
      this.hunksEl.empty();
      this.hunkGroups = [];
      return;
    }
    let hunks: ChangeHunk[];
    try {
      hunks = await this.actions.hunks(file);
    } catch (error) {
      this.actions.failed(`the changes of ${file.path}`, error);
      return;
    }
    if (generation !== this.generation || !this.el.isConnected) return;
    this.hunksEl.empty();
    this.hunkGroups = hunks.map((hunk) => new HunkGroup(this.hunksEl, hunk, this.hunkActions));
    if (!focus) return;
    const group = this.hunkGroups.find((candidate) => candidate.hunk.index === focus.hunk);
    const button = focus.names.map((name) => group?.buttonNamed(name)).find((found) => found);
    (button ?? group?.el)?.focus();
  }

  /** The hunk group of `index`, for asking before an undo the core found changed since. */
  hunkAt(index: number): HunkGroup | undefined {
    return this.hunkGroups.find((group) => group.hunk.index === index);
  }

  buttonNamed(name: string): HTMLButtonElement | null {
    return this.buttonsEl.querySelector<HTMLButtonElement>(`button[data-name="${name}"]`);
  }

  private drawHeader(): void {
    const file = this.file;
    this.el.className = `embedded-agent-review-file is-${file.state}`;
    this.headerEl.empty();
    this.headerEl.createSpan({ cls: 'embedded-agent-review-title', text: file.path });
    this.headerEl.createSpan({ cls: 'embedded-agent-review-detail', text: fileChangeText(file) });
    this.headerEl.createSpan({ cls: 'embedded-agent-review-state', text: STATE_TEXT[file.state] });
    this.buttonsEl.empty();
    if (file.state === 'to-review' || file.state === 'partly-undone')
      this.button('Keep file', () => this.actions.keepFile(this.file));
    if (file.state !== 'undone') this.button('Undo file', () => this.actions.undoFile(this.file));
    // A file that is not text has no hunk to redo: it is put back whole.
    else this.button('Redo file', () => this.actions.redoFile(this.file));
  }

  private button(name: string, onClick: () => void): void {
    const button = this.buttonsEl.createEl('button', { text: name, attr: { type: 'button', 'data-name': name } });
    button.addEventListener('click', onClick);
  }
}
