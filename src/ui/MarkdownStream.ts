import { Component, MarkdownRenderer, type App } from 'obsidian';
import { blockBoundaries } from './markdownBlocks';
import { neutralizeRemote } from './remoteMarkdown';
import { placeRemotes } from './remotePlaceholders';

/**
 * Renders an assistant answer while it streams in, append-only: each completed Markdown block is rendered once
 * into its own element and left alone; only the open block at the end (the tail) is rendered again as text
 * arrives. Tail renders never overlap: text that arrives during one is picked up by the next. Rendered blocks
 * belong to this component, so unloading it (with the message or the view) unloads what Obsidian attached to them.
 */
export class MarkdownStream extends Component {
  readonly el: HTMLElement;
  private readonly tailEl: HTMLElement;
  private text = '';
  private committed = 0;
  /** Owns what the current tail render attached; replaced on each render so old ones do not pile up. */
  private tailComponent: Component | null = null;
  private tailLoop: Promise<void> | null = null;
  private tailDirty = false;
  private finished = false;
  private readonly blockRenders: Promise<void>[] = [];
  /** Remote resources the person chose to load in this answer. */
  private readonly loadedRemotes = new Set<string>();

  constructor(
    private readonly app: App,
    parentEl: HTMLElement,
    /** The note that relative links in the answer resolve against; empty for none. */
    private readonly sourcePath = '',
  ) {
    super();
    this.el = parentEl.createDiv({ cls: ['embedded-agent-answer', 'markdown-rendered'] });
    this.tailEl = this.el.createDiv({ cls: 'embedded-agent-answer-tail' });
  }

  /** The whole answer so far. */
  get markdown(): string {
    return this.text;
  }

  append(delta: string): void {
    if (this.finished || delta === '') return;
    this.text += delta;
    for (const end of blockBoundaries(this.text, this.committed)) {
      this.renderBlock(this.text.slice(this.committed, end));
      this.committed = end;
    }
    this.scheduleTail();
  }

  /** The answer is complete: the tail becomes a block like the others. Resolves once everything is rendered. */
  async finish(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    const rest = this.text.slice(this.committed);
    this.committed = this.text.length;
    if (rest.trim() !== '') this.renderBlock(rest);
    await this.tailLoop;
    this.dropTail();
    this.tailEl.remove();
    await Promise.all(this.blockRenders);
  }

  override onunload(): void {
    this.finished = true;
    this.tailComponent = null;
  }

  private renderBlock(markdown: string): void {
    const blockEl = createDiv({ cls: 'embedded-agent-answer-block' });
    this.el.insertBefore(blockEl, this.tailEl);
    this.blockRenders.push(
      this.render(markdown, blockEl, this).catch(() => {
        // A renderer failure must not lose the answer: show the source.
        blockEl.empty();
        blockEl.setText(markdown);
      }),
    );
  }

  /** Renders with every remote resource replaced by a button: nothing in a model's answer loads by itself. */
  private async render(markdown: string, el: HTMLElement, owner: Component): Promise<void> {
    const safe = neutralizeRemote(markdown);
    await MarkdownRenderer.render(this.app, safe.markdown, el, this.sourcePath, owner);
    placeRemotes(el, safe.remotes, this.loadedRemotes);
  }

  private scheduleTail(): void {
    if (this.tailLoop) {
      this.tailDirty = true;
      return;
    }
    this.tailLoop = this.renderTail().finally(() => {
      this.tailLoop = null;
    });
  }

  private async renderTail(): Promise<void> {
    do {
      this.tailDirty = false;
      const start = this.committed;
      const source = this.text.slice(start);
      if (source.trim() === '') {
        this.dropTail();
        this.tailEl.empty();
        continue;
      }
      const owner = new Component();
      this.addChild(owner);
      const scratch = createDiv();
      try {
        await this.render(source, scratch, owner);
      } catch {
        scratch.empty();
        scratch.setText(source);
      }
      // A block completed (or the answer ended) while rendering: this render repeats text already shown above.
      if (this.finished || this.committed !== start) {
        this.removeChild(owner);
        this.tailDirty = !this.finished;
        continue;
      }
      this.dropTail();
      this.tailComponent = owner;
      this.tailEl.replaceChildren(...Array.from(scratch.childNodes));
    } while (this.tailDirty);
  }

  private dropTail(): void {
    if (this.tailComponent) this.removeChild(this.tailComponent);
    this.tailComponent = null;
  }
}
