export type StepStatus = 'pending' | 'running' | 'done' | 'failed' | 'skipped';

export interface LogEntry {
  /** Identifies the entry across updates: a plan step id or a tool call id. */
  id: string;
  /** Canonical tool name, e.g. "vault.createFile". */
  tool: string;
  status: StepStatus;
  /** What happened, or the error; already redacted by the core. */
  message?: string;
}

const STATUS_TEXT: Record<StepStatus, string> = {
  pending: 'Waiting',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  skipped: 'Skipped',
};

/**
 * The log `Execution log`: one entry per step with its tool, status and message. Entries are updated in place,
 * so a step that runs and then finishes stays one line. It only shows what it is told.
 */
export class ExecutionLog {
  readonly el: HTMLElement;
  private readonly entries = new Map<string, { row: HTMLElement; status: HTMLElement; message: HTMLElement }>();

  constructor(parentEl: HTMLElement) {
    this.el = parentEl.createDiv({
      cls: 'embedded-agent-log',
      attr: { role: 'log', 'aria-label': 'Execution log', 'aria-live': 'polite' },
    });
  }

  /** Adds the entry, or updates the one with the same id. */
  update(entry: LogEntry): void {
    let parts = this.entries.get(entry.id);
    if (!parts) {
      const row = this.el.createDiv({ cls: 'embedded-agent-log-entry' });
      const status = row.createSpan({ cls: 'embedded-agent-log-status' });
      row.createEl('code', { cls: 'embedded-agent-log-tool', text: entry.tool });
      const message = row.createSpan({ cls: 'embedded-agent-log-message' });
      parts = { row, status, message };
      this.entries.set(entry.id, parts);
    }
    for (const status of Object.keys(STATUS_TEXT)) parts.row.removeClass(`is-${status}`);
    parts.row.addClass(`is-${entry.status}`);
    parts.row.setAttr('data-status', entry.status);
    parts.status.setText(STATUS_TEXT[entry.status]);
    parts.message.setText(entry.message ?? '');
  }

  clear(): void {
    this.entries.clear();
    this.el.empty();
  }

  get size(): number {
    return this.entries.size;
  }
}
