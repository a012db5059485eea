import type { ChangePreview, FileChange } from '../ports/changePreview';
import type { RiskLevel } from '../tools/types';

export interface PreviewCounts {
  steps: number;
  /** Tool calls the plan makes (a foreach step makes one per element). */
  calls: number;
  created: number;
  modified: number;
  moved: number;
  deleted: number;
  folders: number;
  commands: number;
}

export function countPreview(preview: ChangePreview, steps: number, calls: number): PreviewCounts {
  const of = (kind: FileChange['kind']): number => preview.files.filter((file) => file.kind === kind).length;
  return {
    steps,
    calls,
    created: of('created'),
    modified: of('modified'),
    moved: of('moved'),
    deleted: of('deleted'),
    folders: of('folder-created'),
    commands: preview.commands.length,
  };
}

/** Moves and deletes: what a person must not overlook before approving. */
export function highlightedChanges(preview: ChangePreview): FileChange[] {
  return preview.files.filter((file) => file.kind === 'moved' || file.kind === 'deleted');
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The folder every path is in, when they share one: "Will create 10 files under folder XYZ". */
function commonFolder(paths: readonly string[]): string | null {
  const folders = new Set(paths.map((path) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')));
  const [only] = [...folders];
  return folders.size === 1 && only ? only : null;
}

function listed(paths: readonly string[], max = 5): string {
  return paths.length > max ? `${paths.slice(0, max).join(', ')} and ${paths.length - max} more` : paths.join(', ');
}

/** The preview in sentences, as the spec words the confirmation: files, folders, commands, deletes and renames, risk. */
export function summaryLines(preview: ChangePreview, counts: PreviewCounts, risk: RiskLevel): string[] {
  const lines: string[] = [];
  const paths = (kind: FileChange['kind']): string[] =>
    preview.files.filter((file) => file.kind === kind).map((file) => file.path);
  const created = paths('created');
  if (created.length > 0) {
    const folder = commonFolder(created);
    lines.push(
      `Will create ${plural(created.length, 'file')}${folder ? ` under folder ${folder}` : ''}: ${listed(created)}`,
    );
  }
  if (counts.modified > 0) lines.push(`Will modify: ${listed(paths('modified'))}`);
  const relinked = paths('links-updated');
  if (relinked.length > 0) lines.push(`Will update links in: ${listed(relinked)}`);
  if (counts.folders > 0)
    lines.push(`Will create ${counts.folders === 1 ? 'folder' : 'folders'}: ${listed(paths('folder-created'))}`);
  if (counts.commands > 0)
    lines.push(`Will run commands: ${listed(preview.commands.map((command) => `${command.name} (${command.id})`))}`);
  const destructive = highlightedChanges(preview).map((file) =>
    file.kind === 'moved'
      ? `${file.path} → ${file.toPath}`
      : `${file.path} (${file.kind === 'deleted' && file.toTrash ? 'to the trash' : 'deleted permanently'})`,
  );
  if (destructive.length > 0) lines.push(`Will delete/rename: ${listed(destructive)}`);
  if (lines.length === 0) lines.push(nothingChanges(preview, risk));
  lines.push(`${plural(counts.steps, 'step')}, ${plural(counts.calls, 'tool call')}; risk: ${risk}`);
  return lines;
}

/**
 * What a preview without changes says. "Only reads" is true only of a plan whose tools read; a writing plan that
 * shows no change has writes that would fail or are known only when it runs (its notes say which), or that find
 * everything already as they would leave it.
 */
export function nothingChanges(preview: ChangePreview, risk: RiskLevel): string {
  if (risk === 'read-only') return 'Changes nothing: the plan only reads';
  if (preview.notes.length > 0)
    return 'Shows no change, though the plan writes: see below what would fail or is known only when it runs';
  return "Changes nothing: the plan's writes would leave everything as it is";
}

/** One line for the approval card's title. */
export function headline(goal: string, counts: PreviewCounts, risk: RiskLevel): string {
  const parts: string[] = [];
  if (counts.created > 0) parts.push(`${counts.created} created`);
  if (counts.modified > 0) parts.push(`${counts.modified} modified`);
  if (counts.moved > 0) parts.push(`${counts.moved} moved`);
  if (counts.deleted > 0) parts.push(`${counts.deleted} deleted`);
  if (counts.folders > 0) parts.push(plural(counts.folders, 'folder'));
  if (counts.commands > 0) parts.push(plural(counts.commands, 'command'));
  return `Run plan "${goal}"${parts.length > 0 ? `: ${parts.join(', ')}` : risk === 'read-only' ? ' (reads only)' : ' (no change shown)'}`;
}
