import type { FileChange } from '../core/ports/changePreview';
import type { ApprovalRequest } from '../core/ports/approval';

/** The verb a person reads for each kind of change, shared by the approval card and the plan preview. */
export function changeVerb(change: FileChange): string {
  switch (change.kind) {
    case 'created':
      return 'Create';
    case 'modified':
      return 'Change';
    case 'moved':
      return change.isFolder ? 'Move folder' : 'Move';
    case 'deleted':
      return `${change.toTrash ? 'Move to trash' : 'Delete permanently'}${change.isFolder ? ' (folder)' : ''}`;
    case 'folder-created':
      return 'Create folder';
    case 'links-updated':
      return 'Update links in';
  }
}

/** What an approval asks, and who asks when an outside client does: "Claude Code wants to create Notes/x.md". */
export function approvalTitle(request: Pick<ApprovalRequest, 'summary' | 'requester'>): string {
  const { requester, summary } = request;
  if (requester === undefined) return summary;
  // "Create x" reads on as "wants to create x"; a word in capitals ("MCP …") keeps them.
  const verb = /^[A-Z][a-z]/.test(summary) ? summary.charAt(0).toLowerCase() + summary.slice(1) : summary;
  return `${requester} wants to ${verb}`;
}

/** Moves and deletes are the changes a person most needs to notice: they get the warning styles. */
export function isHighlighted(change: FileChange): boolean {
  return change.kind === 'moved' || change.kind === 'deleted';
}

export const RISK_LABELS: Record<ApprovalRequest['risk'], string> = {
  'read-only': 'Reads only',
  writes: 'Writes to the vault',
  commands: 'Runs commands',
};
