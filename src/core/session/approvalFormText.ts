import type { ApprovalRequest } from '../ports/approval';
import type { ChangePreview, DiffHunk } from '../ports/changePreview';
import { formatSize, PLAIN_PREVIEW_STYLE, renderApproval } from '../tool-execution/changePreview/previewText';
import { controlMarker, visibleText } from '../tool-execution/changePreview/visibleText';

/**
 * The question a person reads in an outside client's form. Claude Code shows only the first three lines of it
 * ("… (+7 more lines)"), so they carry what the person decides on: who asks for what, on which path; how big the
 * change is; and every warning. The change as the terminal shows it, diffs included, follows.
 */
export function approvalMessage(clientName: string, request: ApprovalRequest): string {
  const head = [
    `${clientName} wants to change your vault through Embedded Agent: ${request.summary}`,
    sizeLine(request),
    warningsLine(request.preview),
  ].map(oneLine);
  return `${head.join('\n')}\n\n${renderApproval(request, PLAIN_PREVIEW_STYLE)}`;
}

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** "Size: 1 file modified; +1 -5 lines; 1.2 KB → 5 B": the files by what happens to them, the lines, the bytes. */
function sizeLine(request: ApprovalRequest): string {
  const { files, commands } = request.preview;
  const kinds = new Map<string, number>();
  let added = 0;
  let removed = 0;
  let before = 0;
  let after = 0;
  for (const change of files) {
    const kind =
      change.kind === 'folder-created'
        ? 'folder created'
        : change.kind === 'links-updated'
          ? 'links updated'
          : change.kind;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    if (change.kind === 'created') {
      added += addedLines(change.hunks);
      after += change.newSize;
    } else if (change.kind === 'modified') {
      added += change.added;
      removed += change.removed;
      before += change.oldSize;
      after += change.newSize;
    } else if (change.kind === 'deleted') before += change.oldSize;
  }
  const parts: string[] = [];
  if (files.length > 0) {
    const [only] = kinds.size === 1 ? kinds.keys() : [];
    parts.push(
      `${plural(files.length, 'file')} ${only ?? `(${[...kinds].map(([kind, count]) => `${count} ${kind}`).join(', ')})`}`,
    );
  }
  if (commands.length > 0) parts.push(plural(commands.length, 'command'));
  if (parts.length === 0) return `Size: no file changes (${request.tool})`;
  if (added > 0 || removed > 0)
    parts.push(removed === 0 ? `+${plural(added, 'line')}` : `+${added} -${plural(removed, 'line')}`);
  if (before > 0 || after > 0)
    parts.push(before === 0 ? formatSize(after) : `${formatSize(before)} → ${formatSize(after)}`);
  return `Size: ${parts.join('; ')}`;
}

function addedLines(hunks: readonly DiffHunk[]): number {
  return hunks.reduce(
    (sum, hunk) => sum + (hunk.tooLarge?.added ?? hunk.lines.filter((line) => line.kind === 'added').length),
    0,
  );
}

/** Every warning, each with its file: hidden characters, external links, permanent deletes, commands, notes. */
function warningsLine(preview: ChangePreview): string {
  const warnings: string[] = [];
  for (const change of preview.files) {
    if (change.kind === 'deleted' && !change.toTrash)
      warnings.push(`${change.path} is deleted permanently, not to the trash`);
    if (change.kind !== 'created' && change.kind !== 'modified') continue;
    for (const warning of change.warnings) {
      warnings.push(
        warning.kind === 'external-url'
          ? `${change.path} line ${warning.line}: external link ${warning.value}`
          : `${change.path} line ${warning.line}: hidden character ${warning.value} ${warning.label}`,
      );
    }
  }
  for (const command of preview.commands) warnings.push(`runs the command "${command.name}" (${command.id})`);
  warnings.push(...preview.notes);
  return warnings.length === 0 ? 'Warnings: none' : `Warnings (${warnings.length}): ${warnings.join('; ')}`;
}

/** As `visibleText`, with new lines and tabs shown too: a path or a note must not push a line out of the first three. */
function oneLine(text: string): string {
  return visibleText(text).replace(/[\n\t]/g, controlMarker);
}
