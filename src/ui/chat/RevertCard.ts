import type { RestoreChange, RevertConflict, RevertPlan, RevertResult } from '../../core/checkpoints/types';

export type RevertChoice = 'revert' | 'overwrite' | 'keep';

const ACTION: Record<RestoreChange['action'], string> = {
  restore: 'Restore',
  delete: 'Delete (the run created it)',
  recreate: 'Bring back',
};

/**
 * Asks before a revert: what undoing the run changes, and which files were edited since the run. Those are left
 * alone unless the person picks "Revert and overwrite edits". Resolves with the choice; the card stays as a record.
 */
export function askRevert(parentEl: HTMLElement, plan: RevertPlan): Promise<RevertChoice> {
  const card = parentEl.createDiv({
    cls: 'embedded-agent-revert',
    attr: { role: 'group', 'aria-label': 'Revert last run' },
  });
  card.createDiv({ cls: 'embedded-agent-revert-title', text: 'Revert last run?' });
  const list = card.createEl('ul');
  for (const change of plan.changes)
    list.createEl('li', { text: `${ACTION[change.action]} ${change.path}${change.kind === 'folder' ? '/' : ''}` });
  const edited = plan.conflicts.filter((conflict) => conflict.reason === 'edited');
  if (plan.conflicts.length > 0) {
    card.createDiv({
      cls: 'embedded-agent-revert-warning',
      text: 'Changed since the run, left alone unless you overwrite them:',
    });
    const conflicts = card.createEl('ul', { cls: 'embedded-agent-revert-conflicts' });
    for (const conflict of plan.conflicts)
      conflicts.createEl('li', { text: `${conflict.path} (${conflictReason(conflict)})` });
  }
  const buttons = card.createDiv({ cls: 'embedded-agent-revert-buttons' });
  return new Promise((resolve) => {
    const choose = (choice: RevertChoice): void => {
      for (const button of Array.from(buttons.querySelectorAll('button'))) button.disabled = true;
      resolve(choice);
    };
    if (plan.changes.length > 0)
      buttons
        .createEl('button', { cls: 'mod-cta', text: 'Revert changes', attr: { type: 'button' } })
        .addEventListener('click', () => choose('revert'));
    if (edited.length > 0)
      buttons
        .createEl('button', { cls: 'mod-warning', text: 'Revert and overwrite edits', attr: { type: 'button' } })
        .addEventListener('click', () => choose('overwrite'));
    buttons
      .createEl('button', { text: 'Keep changes', attr: { type: 'button' } })
      .addEventListener('click', () => choose('keep'));
  });
}

/**
 * Asks whether to end a run still going (an MCP client's session) so it can be reverted: `why` says whose it is.
 * Resolves true for "End the session and revert"; the card stays as a record.
 */
export function askEndOpenRun(parentEl: HTMLElement, why: string): Promise<boolean> {
  const card = parentEl.createDiv({
    cls: 'embedded-agent-revert',
    attr: { role: 'group', 'aria-label': 'Revert last run' },
  });
  card.createDiv({ cls: 'embedded-agent-revert-title', text: 'Revert last run?' });
  card.createDiv({ text: why });
  const buttons = card.createDiv({ cls: 'embedded-agent-revert-buttons' });
  return new Promise((resolve) => {
    const choose = (end: boolean): void => {
      for (const button of Array.from(buttons.querySelectorAll('button'))) button.disabled = true;
      resolve(end);
    };
    buttons
      .createEl('button', { cls: 'mod-cta', text: 'End the session and revert', attr: { type: 'button' } })
      .addEventListener('click', () => choose(true));
    buttons
      .createEl('button', { text: 'Keep it running', attr: { type: 'button' } })
      .addEventListener('click', () => choose(false));
  });
}

export function describeRevert(result: RevertResult): string {
  const parts = [`Reverted ${result.applied.length} ${result.applied.length === 1 ? 'change' : 'changes'}.`];
  if (result.skipped.length > 0)
    parts.push(`Left alone: ${result.skipped.map((conflict) => conflict.path).join(', ')}.`);
  if (result.keptFolders.length > 0)
    parts.push(`Kept ${result.keptFolders.map((folder) => `${folder}/`).join(', ')}: they hold other files.`);
  return parts.join(' ');
}

function conflictReason(conflict: RevertConflict): string {
  return conflict.reason === 'edited' ? 'edited after the run' : 'a folder with other files is in the way';
}
