import { Component } from 'obsidian';
import type { ApprovalDecision, ApprovalRequest } from '../core/ports/approval';
import type { CommandChange, FileChange } from '../core/ports/changePreview';
import { toolMeta } from '../core/tools/metadata';
import { RISK_LABELS, approvalTitle, changeVerb, isHighlighted } from './changeLabels';
import { renderDiff } from './DiffView';
import { renderWarnings } from './contentWarningsView';
import { PlanPreview, type PlanPreviewOptions } from './PlanPreview';
import { appendRevealed, formatSize, plural } from './revealedText';

/** What a plan's card shows beyond the request: step counts and the "Edit plan" hook. */
export type PlanDetails = Omit<PlanPreviewOptions, 'preview' | 'risk'>;

export interface ApprovalCardOptions {
  /** For `tool: "plan"`: counts and editable arguments for the plan preview at the top of the card. */
  plan?: PlanDetails;
}

const MAX_ARGUMENTS_SHOWN = 2000;
/** With more files than this, new files' content starts folded, so the card stays short enough to review. */
const OPEN_DIFFS_UP_TO = 3;
let nextId = 0;

/**
 * One approval request as a card: what will change, file by file with diffs, the commands that will run, and
 * the buttons. It reports the person's choice through `onDecision` and decides nothing itself; until a button is
 * pressed nothing is approved. Escape rejects.
 */
export class ApprovalCard extends Component {
  readonly el: HTMLElement;
  private readonly buttons: { el: HTMLButtonElement; decision: ApprovalDecision; status: string }[] = [];
  private readonly statusEl: HTMLElement;
  private closed = false;

  constructor(
    parentEl: HTMLElement,
    private readonly request: ApprovalRequest,
    private readonly onDecision: (decision: ApprovalDecision) => void,
    options: ApprovalCardOptions = {},
  ) {
    super();
    const titleId = `embedded-agent-approval-${++nextId}`;
    this.el = parentEl.createDiv({
      cls: 'embedded-agent-card',
      attr: { role: 'group', 'aria-labelledby': titleId, tabindex: '-1' },
    });
    this.renderHeader(titleId);
    if (request.tool === 'plan') {
      this.addChild(
        new PlanPreview(this.el, {
          preview: request.preview,
          risk: request.risk,
          ...(options.plan ?? { counts: { steps: stepCount(request.input) } }),
        }),
      );
    }
    this.renderNotes(
      request.preview.notes.filter((note) => !request.preview.files.some((file) => note.includes(file.path))),
    );
    for (const change of request.preview.files) this.renderChange(change);
    if (request.preview.commands.length > 0) this.renderCommands(request.preview.commands);
    this.renderArguments();
    this.renderButtons();
    this.statusEl = this.el.createDiv({ cls: 'embedded-agent-card-status', attr: { role: 'status' } });
  }

  override onload(): void {
    for (const button of this.buttons) {
      this.registerDomEvent(button.el, 'click', () => this.decide(button.decision, button.status));
    }
    this.registerDomEvent(this.el, 'keydown', (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      this.decide({ approved: false, reason: 'the user rejected it' }, 'Rejected');
    });
  }

  /** Moves keyboard focus to the card, so Tab reaches its buttons next and a screen reader reads its title. */
  focus(): void {
    this.el.focus();
  }

  /** What the card asks, in one line ("Create Ideas/Weekly review.md"). */
  get summary(): string {
    return this.request.summary;
  }

  /** The card's title: what it asks, and who asks when an outside client does ("Claude Code wants to create …"). */
  get title(): string {
    return approvalTitle(this.request);
  }

  /** Whether keyboard focus is on the card or inside it. */
  get hasFocus(): boolean {
    return this.el.contains(this.el.ownerDocument.activeElement);
  }

  /** Ends the card without a choice (the run was cancelled, the panel closed): buttons off, the reason shown. */
  close(status: string): void {
    if (this.closed) return;
    this.closed = true;
    for (const button of this.buttons) button.el.disabled = true;
    this.el.addClass('is-settled');
    this.statusEl.setText(status);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** How the card ended ("Approved", "Not approved: no answer within 60 s"); empty while it waits. */
  get status(): string {
    return this.statusEl.textContent ?? '';
  }

  private decide(decision: ApprovalDecision, status: string): void {
    if (this.closed) return;
    this.close(status);
    this.onDecision(decision);
  }

  private renderHeader(titleId: string): void {
    const header = this.el.createDiv({ cls: 'embedded-agent-card-header' });
    appendRevealed(header.createDiv({ cls: 'embedded-agent-card-title', attr: { id: titleId } }), this.title);
    const meta = header.createDiv({ cls: 'embedded-agent-card-meta' });
    meta.createSpan({ cls: ['embedded-agent-risk', `is-${this.request.risk}`], text: RISK_LABELS[this.request.risk] });
    meta.createEl('code', { cls: 'embedded-agent-tool', text: this.request.tool });
    const description = toolMeta(this.request.tool)?.description;
    if (description) this.el.createDiv({ cls: 'embedded-agent-card-desc', text: description });
  }

  private renderNotes(notes: readonly string[], parent: HTMLElement = this.el): void {
    if (notes.length === 0) return;
    const list = parent.createEl('ul', { cls: 'embedded-agent-notes' });
    for (const note of notes) list.createEl('li', { text: note });
  }

  private renderChange(change: FileChange): void {
    const section = this.el.createDiv({ cls: ['embedded-agent-change', `is-${change.kind}`] });
    if (isHighlighted(change)) section.addClass(change.kind === 'deleted' ? 'is-danger' : 'is-warning');
    const header = section.createDiv({ cls: 'embedded-agent-change-header' });
    header.createSpan({ cls: 'embedded-agent-change-verb', text: changeVerb(change) });
    appendRevealed(header.createSpan({ cls: 'embedded-agent-path' }), change.path);
    const detail = section.createDiv({ cls: 'embedded-agent-change-detail' });
    switch (change.kind) {
      case 'created':
        detail.setText(`New file, ${formatSize(change.newSize)}`);
        break;
      case 'modified':
        detail.setText(
          `${plural(change.added, 'line')} added, ${plural(change.removed, 'line')} removed; ${formatSize(change.oldSize)} → ${formatSize(change.newSize)}`,
        );
        break;
      case 'moved':
        detail.appendText('To ');
        appendRevealed(detail.createSpan({ cls: 'embedded-agent-path' }), change.toPath);
        break;
      case 'deleted':
        detail.setText(
          change.toTrash
            ? `Goes to the trash (${formatSize(change.oldSize)}); it can be restored from there`
            : `Deleted for good (${formatSize(change.oldSize)})`,
        );
        break;
      case 'folder-created':
        detail.remove();
        break;
      case 'links-updated':
        detail.appendText('Its links to ');
        appendRevealed(detail.createSpan({ cls: 'embedded-agent-path' }), change.target);
        detail.appendText(' are rewritten to the new place');
        break;
    }
    this.renderNotes(
      this.request.preview.notes.filter((note) => note.includes(change.path)),
      section,
    );
    if ('warnings' in change && change.warnings.length > 0)
      renderWarnings(section, change.warnings, 'Check before approving');
    if ((change.kind === 'created' || change.kind === 'modified') && change.hunks.length > 0) {
      // Changes to existing notes, and content with hidden characters or links, always show; new notes fold when many.
      const diffable = this.request.preview.files.filter((file) => 'hunks' in file && file.hunks.length > 0).length;
      const open = diffable <= OPEN_DIFFS_UP_TO || change.kind === 'modified' || change.warnings.length > 0;
      const details = section.createEl('details', {
        cls: 'embedded-agent-diff-details',
        attr: open ? { open: '' } : {},
      });
      details.createEl('summary', { text: change.kind === 'created' ? 'Content' : 'Diff' });
      renderDiff(details, change.hunks, {
        label: `${change.kind === 'created' ? 'Content of' : 'Diff of'} ${change.path}`,
        newFile: change.kind === 'created',
      });
    }
  }

  private renderCommands(commands: readonly CommandChange[]): void {
    const section = this.el.createDiv({ cls: ['embedded-agent-change', 'is-command', 'is-warning'] });
    section.createDiv({
      cls: 'embedded-agent-change-header',
      text: commands.length === 1 ? 'Runs a command' : `Runs ${commands.length} commands`,
    });
    const list = section.createEl('ul', { cls: 'embedded-agent-commands' });
    for (const command of commands) {
      const item = list.createEl('li');
      appendRevealed(item.createSpan({ cls: 'embedded-agent-command-name' }), command.name);
      appendRevealed(item.createEl('code'), command.id);
    }
  }

  private renderArguments(): void {
    if (this.request.input === undefined || this.request.tool === 'plan') return;
    let text = JSON.stringify(this.request.input, null, 2) ?? '';
    if (text.length > MAX_ARGUMENTS_SHOWN)
      text = `${text.slice(0, MAX_ARGUMENTS_SHOWN)}\n… (${text.length - MAX_ARGUMENTS_SHOWN} more characters)`;
    const details = this.el.createEl('details', { cls: 'embedded-agent-arguments' });
    details.createEl('summary', { text: 'Arguments' });
    appendRevealed(details.createEl('pre'), text);
  }

  private renderButtons(): void {
    const row = this.el.createDiv({ cls: 'embedded-agent-card-buttons' });
    const add = (text: string, cls: string[], decision: ApprovalDecision, status: string): void => {
      this.buttons.push({ el: row.createEl('button', { cls, text, attr: { type: 'button' } }), decision, status });
    };
    add('Approve', ['mod-cta'], { approved: true, scope: 'once' }, 'Approved');
    add('Reject', [], { approved: false, reason: 'the user rejected it' }, 'Rejected');
    add(
      'Approve all for this run',
      ['embedded-agent-approve-all'],
      { approved: true, scope: 'run' },
      'Approved, with every later change of this run',
    );
  }
}

function stepCount(input: unknown): number {
  const steps = input !== null && typeof input === 'object' ? (input as { steps?: unknown }).steps : undefined;
  return Array.isArray(steps) ? steps.length : 0;
}
