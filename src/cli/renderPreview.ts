import type { ApprovalRequest } from '../core/ports/approval';
import { tooLargeText } from '../core/tool-execution/changePreview/textDiff';
import type { ContentWarning, DiffHunk, DiffLine, FileChange } from '../core/ports/changePreview';
import type { Style } from './ansi';
import { terminalText } from './terminalText';

const RISK: Record<ApprovalRequest['risk'], string> = {
  'read-only': 'reads only',
  writes: 'writes to the vault',
  commands: 'runs commands',
};
const INPUT_CHARS = 600;

/** "1.2 KB", "340 B". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * What the terminal shows before asking for approval: the summary and risk, then per file what happens
 * (created, modified, moved, deleted, links updated) with a unified diff, hidden characters and controls made visible and
 * external links listed; commands by name and id. With color, changed words inside changed lines are highlighted.
 */
export function renderApproval(request: ApprovalRequest, style: Style): string {
  const lines = [style.bold(`Approval needed: ${terminalText(request.summary)}`), style.dim(`${request.tool} · ${RISK[request.risk]}`)];
  const { files, commands, notes } = request.preview;
  for (const change of files) lines.push(...renderFileChange(change, style));
  for (const command of commands) lines.push(`${style.yellow('▶ command ')} ${terminalText(command.name)} (${terminalText(command.id)})`);
  if (files.length === 0 && commands.length === 0) lines.push(`  input: ${terminalText(truncate(JSON.stringify(request.input) ?? 'none', INPUT_CHARS))}`);
  for (const note of notes) lines.push(style.dim(`  note: ${terminalText(note)}`));
  return `${lines.join('\n')}\n`;
}

export function renderFileChange(change: FileChange, style: Style): string[] {
  const path = terminalText(change.path);
  switch (change.kind) {
    case 'created':
      return [`${style.green('+ created ')} ${style.bold(path)} (${formatSize(change.newSize)})`, ...renderHunks(change.hunks, style), ...renderWarnings(change.warnings, style)];
    case 'modified':
      return [
        `${style.yellow('~ modified')} ${style.bold(path)} (${style.green(`+${change.added}`)} ${style.red(`-${change.removed}`)}, ${formatSize(change.oldSize)} → ${formatSize(change.newSize)})`,
        ...renderHunks(change.hunks, style),
        ...renderWarnings(change.warnings, style),
      ];
    case 'moved':
      return [`${style.yellow('→ moved   ')} ${style.bold(path)} → ${style.bold(terminalText(change.toPath))}${change.isFolder ? ' (folder)' : ''}`];
    case 'deleted':
      return [
        `${style.red('- deleted ')} ${style.bold(path)}${change.isFolder ? ' (folder)' : ''} (${formatSize(change.oldSize)}, ${change.toTrash ? 'to the trash' : style.red('permanently')})`,
      ];
    case 'folder-created':
      return [`${style.green('+ created ')} ${style.bold(`${path}/`)} (folder)`];
    case 'links-updated':
      return [`${style.yellow('~ links   ')} ${style.bold(path)} (its links to ${terminalText(change.target)} are rewritten)`];
  }
}

function renderHunks(hunks: readonly DiffHunk[], style: Style): string[] {
  const out: string[] = [];
  for (const hunk of hunks) {
    const oldCount = hunk.tooLarge?.removed ?? hunk.lines.filter((line) => line.kind !== 'added').length;
    const newCount = hunk.tooLarge?.added ?? hunk.lines.filter((line) => line.kind !== 'removed').length;
    const range = (start: number, count: number): string => `${count === 0 ? 0 : start},${count}`;
    out.push(style.cyan(`    @@ -${range(hunk.oldStart, oldCount)} +${range(hunk.newStart, newCount)} @@`));
    if (hunk.tooLarge) out.push(style.yellow(`    ${tooLargeText(hunk.tooLarge)}`));
    for (const line of hunk.lines) out.push(`    ${renderDiffLine(line, style)}`);
  }
  return out;
}

function renderDiffLine(line: DiffLine, style: Style): string {
  if (line.kind === 'context') return style.dim(` ${terminalText(line.text)}`);
  const color = line.kind === 'added' ? style.green : style.red;
  const sign = line.kind === 'added' ? '+' : '-';
  if (!style.color || !line.words) return color(`${sign}${terminalText(line.text)}`);
  const highlight = line.kind === 'added' ? style.addedWord : style.removedWord;
  const body = line.words
    .filter((word) => word.kind === 'same' || (line.kind === 'added' ? word.kind === 'added' : word.kind === 'removed'))
    .map((word) => (word.kind === 'same' ? color(terminalText(word.text)) : highlight(terminalText(word.text))))
    .join('');
  return `${color(sign)}${body}`;
}

function renderWarnings(warnings: readonly ContentWarning[], style: Style): string[] {
  return warnings.map((warning) =>
    style.yellow(
      warning.kind === 'external-url'
        ? `    ! line ${warning.line}: external link ${terminalText(warning.value)}`
        : `    ! line ${warning.line}: hidden character ${warning.value} ${warning.label}, shown as ⟦${warning.value}⟧`,
    ),
  );
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
