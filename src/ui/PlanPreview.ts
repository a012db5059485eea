import { Component } from 'obsidian';
import type { ApprovalRequest } from '../core/ports/approval';
import { nothingChanges } from '../core/plan/previewSummary';
import type { ChangePreview, FileChange } from '../core/ports/changePreview';
import { RISK_LABELS } from './changeLabels';
import { appendRevealed, plural } from './revealedText';

/** A literal argument of a plan step that the person may change before approving (a folder name, a title). */
export interface EditableArg {
  stepId: string;
  /** Where the value sits in the step's args, e.g. "folder" or "items.0.title". */
  path: string;
  value: string;
}

export interface PlanPreviewOptions {
  preview: ChangePreview;
  risk: ApprovalRequest['risk'];
  counts: { steps: number };
  /** The plan's goal, in the model's words. */
  goal?: string;
  /** Arguments the "Edit plan" form offers; no form without them and `onEdit`. */
  editableArgs?: readonly EditableArg[];
  /**
   * Receives the arguments the person changed. The plan core validates them and renders a new preview; a
   * rejection's message is shown next to the form.
   */
  onEdit?: (edits: EditableArg[]) => void | Promise<void>;
}

type Group = { title: (count: number) => string; short: (count: number) => string; cls: string; items: FileChange[] };

/**
 * The region "Plan preview": what a plan will do, grouped the way a person checks it (files created, changed,
 * moved, deleted; folders; commands), with the risk level and counts. Moves and deletes are highlighted. It
 * shows and collects edits; whether the plan runs is decided elsewhere.
 */
export class PlanPreview extends Component {
  readonly el: HTMLElement;
  private editButton: HTMLButtonElement | null = null;
  private form: HTMLFormElement | null = null;
  private formError: HTMLElement | null = null;

  constructor(
    parentEl: HTMLElement,
    private readonly options: PlanPreviewOptions,
  ) {
    super();
    this.el = parentEl.createDiv({
      cls: 'embedded-agent-plan',
      attr: { role: 'region', 'aria-label': 'Plan preview' },
    });
    this.render();
  }

  override onload(): void {
    const { editButton, form } = this;
    if (!editButton || !form) return;
    this.registerDomEvent(editButton, 'click', () => this.toggleForm());
    this.registerDomEvent(form, 'submit', (event: SubmitEvent) => {
      event.preventDefault();
      void this.submit();
    });
  }

  private render(): void {
    const { preview, risk, counts, goal } = this.options;
    const header = this.el.createDiv({ cls: 'embedded-agent-plan-header' });
    header.createSpan({ cls: 'embedded-agent-plan-title', text: 'Plan preview' });
    header.createSpan({ cls: ['embedded-agent-risk', `is-${risk}`], text: `Risk: ${RISK_LABELS[risk].toLowerCase()}` });
    if (goal) this.el.createDiv({ cls: 'embedded-agent-plan-goal', text: goal });

    const files = preview.files;
    const of = (kind: FileChange['kind']): FileChange[] => files.filter((file) => file.kind === kind);
    const groups: Group[] = [
      {
        title: (n) => `Will create ${plural(n, 'file')}`,
        short: (n) => `${n} created`,
        cls: 'is-created',
        items: of('created'),
      },
      {
        title: (n) => `Will change ${plural(n, 'file')}`,
        short: (n) => `${n} changed`,
        cls: 'is-modified',
        items: of('modified'),
      },
      {
        title: (n) => `Will move or rename ${plural(n, 'item')}`,
        short: (n) => `${n} moved`,
        cls: 'is-warning',
        items: of('moved'),
      },
      {
        title: (n) => `Will update links in ${plural(n, 'note')}`,
        short: (n) => `${n} with links updated`,
        cls: 'is-modified',
        items: of('links-updated'),
      },
      {
        title: (n) => `Will delete ${plural(n, 'item')}`,
        short: (n) => `${n} deleted`,
        cls: 'is-danger',
        items: of('deleted'),
      },
      {
        title: (n) => `Will create ${plural(n, 'folder')}`,
        short: (n) => plural(n, 'new folder'),
        cls: 'is-folder',
        items: of('folder-created'),
      },
    ];
    this.el.createDiv({
      cls: 'embedded-agent-plan-counts',
      text: countsLine(counts.steps, groups, preview.commands.length),
    });

    for (const group of groups) {
      if (group.items.length === 0) continue;
      const section = this.el.createDiv({ cls: ['embedded-agent-plan-group', group.cls] });
      section.createDiv({
        cls: 'embedded-agent-plan-group-title',
        text: `${group.title(group.items.length)}${commonFolder(group.items)}`,
      });
      const list = section.createEl('ul');
      for (const item of group.items) renderItem(list.createEl('li'), item);
    }
    if (preview.commands.length > 0) {
      const section = this.el.createDiv({ cls: ['embedded-agent-plan-group', 'is-warning'] });
      section.createDiv({
        cls: 'embedded-agent-plan-group-title',
        text: `Will run ${plural(preview.commands.length, 'command')}`,
      });
      const list = section.createEl('ul');
      for (const command of preview.commands) {
        const item = list.createEl('li');
        appendRevealed(item, command.name);
        appendRevealed(item.createEl('code'), command.id);
      }
    }
    if (files.length === 0 && preview.commands.length === 0)
      this.el.createDiv({ cls: 'embedded-agent-plan-empty', text: `${nothingChanges(preview, risk)}.` });
    if (preview.notes.length > 0) {
      const notes = this.el.createEl('ul', { cls: 'embedded-agent-notes' });
      for (const note of preview.notes) notes.createEl('li', { text: note });
    }
    this.renderEditForm();
  }

  private renderEditForm(): void {
    const args = this.options.editableArgs ?? [];
    if (args.length === 0 || !this.options.onEdit) return;
    this.editButton = this.el.createEl('button', {
      text: 'Edit plan',
      cls: 'embedded-agent-plan-edit',
      attr: { type: 'button', 'aria-expanded': 'false' },
    });
    const form = this.el.createEl('form', { cls: 'embedded-agent-plan-form' });
    form.hide();
    for (const arg of args) {
      const label = form.createEl('label', { cls: 'embedded-agent-plan-field' });
      const name = `Step ${arg.stepId}: ${arg.path}`;
      label.createSpan({ text: name });
      label.createEl('input', {
        type: 'text',
        value: arg.value,
        attr: { 'aria-label': name, 'data-step': arg.stepId, 'data-path': arg.path },
      });
    }
    this.formError = form.createDiv({ cls: 'embedded-agent-error', attr: { role: 'alert' } });
    form.createEl('button', { text: 'Apply changes', cls: 'mod-cta', attr: { type: 'submit' } });
    this.form = form;
  }

  private toggleForm(): void {
    if (!this.form || !this.editButton) return;
    const open = !this.form.isShown();
    this.form.toggle(open);
    this.editButton.setAttr('aria-expanded', String(open));
    if (open) this.form.querySelector('input')?.focus();
  }

  private async submit(): Promise<void> {
    if (!this.form || !this.options.onEdit) return;
    const before = new Map(
      (this.options.editableArgs ?? []).map((arg) => [`${arg.stepId}\u0000${arg.path}`, arg.value]),
    );
    const edits: EditableArg[] = [];
    for (const input of Array.from(this.form.querySelectorAll('input'))) {
      const stepId = input.getAttr('data-step') ?? '';
      const path = input.getAttr('data-path') ?? '';
      if (before.get(`${stepId}\u0000${path}`) !== input.value) edits.push({ stepId, path, value: input.value });
    }
    this.formError?.setText('');
    if (edits.length === 0) {
      this.formError?.setText('Nothing was changed.');
      return;
    }
    try {
      await this.options.onEdit(edits);
    } catch (error) {
      this.formError?.setText(error instanceof Error ? error.message : String(error));
    }
  }
}

function renderItem(item: HTMLElement, change: FileChange): void {
  appendRevealed(item.createSpan({ cls: 'embedded-agent-path' }), change.path);
  if (change.kind === 'moved') {
    item.appendText(' → ');
    appendRevealed(item.createSpan({ cls: 'embedded-agent-path' }), change.toPath);
  } else if (change.kind === 'modified') {
    item.createSpan({ cls: 'embedded-agent-plan-delta', text: ` +${change.added} −${change.removed}` });
  } else if (change.kind === 'deleted') {
    item.createSpan({ cls: 'embedded-agent-plan-delta', text: change.toTrash ? ' (to the trash)' : ' (permanently)' });
  }
}

function countsLine(steps: number, groups: readonly Group[], commands: number): string {
  const parts = [plural(steps, 'step')];
  for (const group of groups) if (group.items.length > 0) parts.push(group.short(group.items.length));
  if (commands > 0) parts.push(plural(commands, 'command'));
  return parts.join(' · ');
}

/** " under Projects/Ideas" when every item sits in that one folder: "Will create 10 files under XYZ". */
function commonFolder(items: readonly FileChange[]): string {
  if (items.length < 2) return '';
  const folders = new Set(
    items.map((item) => (item.path.includes('/') ? item.path.slice(0, item.path.lastIndexOf('/')) : '')),
  );
  const [only] = [...folders];
  return folders.size === 1 && only ? ` under ${only}` : '';
}
