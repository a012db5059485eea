import { Component, MarkdownView, type App, type WorkspaceLeaf } from 'obsidian';

const SNIPPET_CHARS = 80;
const DEBOUNCE_MS = 150;

/**
 * `Selection`: a snippet of what is selected in the note the user last worked in, and a token estimate
 * (characters / 4). Clicking into the panel makes it the active leaf, so the indicator follows the last Markdown
 * leaf itself instead of asking for the active editor. Hidden when nothing is selected. A selection in a note the
 * ignore rules hide is not sent: the indicator then says so and why, and shows none of its text.
 */
export class SelectionIndicator extends Component {
  readonly el: HTMLElement;
  private readonly snippetEl: HTMLElement;
  private readonly tokensEl: HTMLElement;
  private leaf: WorkspaceLeaf | null = null;
  private timer: number | null = null;
  private current = '';
  /** Counts updates, so an answer about an older selection cannot overwrite a newer one. */
  private updates = 0;

  constructor(
    private readonly app: App,
    parentEl: HTMLElement,
    /** Why the agent may not read `path` (e.g. "this note is listed in .agentignore"), or null when it may. */
    private readonly whyHidden: (path: string) => Promise<string | null>,
  ) {
    super();
    this.el = parentEl.createDiv({
      cls: 'embedded-agent-selection',
      attr: { 'aria-label': 'Selection', role: 'status' },
    });
    this.snippetEl = this.el.createSpan({ cls: 'embedded-agent-selection-snippet' });
    this.tokensEl = this.el.createSpan({ cls: 'embedded-agent-selection-tokens' });
    this.el.setAttr('hidden', '');
  }

  override onload(): void {
    const { workspace } = this.app;
    const markdown = workspace.getActiveViewOfType(MarkdownView);
    if (markdown) this.leaf = markdown.leaf;
    this.registerEvent(
      workspace.on('active-leaf-change', (leaf) => {
        if (leaf?.view instanceof MarkdownView) this.leaf = leaf;
        this.schedule();
      }),
    );
    this.registerEvent(workspace.on('file-open', () => this.schedule()));
    this.registerEvent(workspace.on('editor-change', () => this.schedule()));
    // CodeMirror reports selection changes to no workspace event: the DOM's selection events are the signal.
    for (const name of ['selectionchange', 'mouseup', 'keyup'] as const)
      this.registerDomEvent(activeDocument, name, () => this.schedule());
    this.register(() => {
      if (this.timer !== null) window.clearTimeout(this.timer);
    });
    void this.update();
  }

  /** The selected text of the tracked note, '' for none. */
  get selection(): string {
    return this.current;
  }

  /** The file the selection is in. */
  get filePath(): string | null {
    const view = this.view();
    return view?.file?.path ?? null;
  }

  schedule(): void {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => {
      this.timer = null;
      void this.update();
    }, DEBOUNCE_MS);
  }

  async update(): Promise<void> {
    const update = ++this.updates;
    const text = this.view()?.editor.getSelection() ?? '';
    this.current = text.trim() === '' ? '' : text;
    if (this.current === '') {
      this.el.setAttr('hidden', '');
      return;
    }
    const path = this.filePath;
    const hidden = path === null ? null : await this.whyHidden(path).catch(() => null);
    if (update !== this.updates) return;
    this.el.toggleClass('is-not-sent', hidden !== null);
    if (hidden !== null) {
      this.snippetEl.setText(`Not sent: ${hidden}`);
      this.tokensEl.setText('');
      this.el.removeAttribute('hidden');
      return;
    }
    const line = this.current.replace(/\s+/g, ' ').trim();
    this.snippetEl.setText(line.length > SNIPPET_CHARS ? `“${line.slice(0, SNIPPET_CHARS - 1)}…”` : `“${line}”`);
    this.tokensEl.setText(`~${Math.ceil(this.current.length / 4).toLocaleString('en')} tokens`);
    this.el.removeAttribute('hidden');
  }

  private view(): MarkdownView | null {
    const view = this.leaf?.view;
    // A closed tab keeps its view object: only a leaf still in the workspace counts.
    if (!(view instanceof MarkdownView) || !this.isOpen(this.leaf)) return null;
    return view;
  }

  private isOpen(leaf: WorkspaceLeaf | null): boolean {
    let found = false;
    this.app.workspace.iterateAllLeaves((candidate) => {
      if (candidate === leaf) found = true;
    });
    return found;
  }
}
