import type { ApprovalRequest } from '../../ports/approval';
import type { ContentWarning, DiffHunk, DiffLine, FileChange } from '../../ports/changePreview';
import { tooLargeText } from './textDiff';
import { visibleText } from './visibleText';

/** How the text marks what it shows: the terminal's colors, or nothing (an MCP client's form is plain text). */
export interface PreviewStyle {
  readonly color: boolean;
  bold: (text: string) => string;
  dim: (text: string) => string;
  red: (text: string) => string;
  green: (text: string) => string;
  yellow: (text: string) => string;
  cyan: (text: string) => string;
  /** A changed word inside a removed line. */
  removedWord: (text: string) => string;
  /** A changed word inside an added line. */
  addedWord: (text: string) => string;
}

const plain = (text: string): string => text;
export const PLAIN_PREVIEW_STYLE: PreviewStyle = {
  color: false,
  bold: plain,
  dim: plain,
  red: plain,
  green: plain,
  yellow: plain,
  cyan: plain,
  removedWord: plain,
  addedWord: plain,
};

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
 * A change preview in words, as the terminal shows it before asking for approval and an MCP client's form shows
 * it: the summary and risk, then per file what happens (created, modified, moved, deleted, links updated) with a
 * unified diff, hidden characters and controls made visible and external links listed; commands by name and id.
 * With color, changed words inside changed lines are highlighted.
 */
export function renderApproval(request: ApprovalRequest, style: PreviewStyle): string {
  const lines = [
    style.bold(`Approval needed: ${visibleText(request.summary)}`),
    style.dim(`${request.tool} · ${RISK[request.risk]}`),
  ];
  const { files, commands, notes } = request.preview;
  for (const change of files) lines.push(...renderFileChange(change, style));
  for (const command of commands)
    lines.push(`${style.yellow('▶ command ')} ${visibleText(command.name)} (${visibleText(command.id)})`);
  if (files.length === 0 && commands.length === 0)
    lines.push(`  input: ${visibleText(truncate(JSON.stringify(request.input) ?? 'none', INPUT_CHARS))}`);
  for (const note of notes) lines.push(style.dim(`  note: ${visibleText(note)}`));
  return `${lines.join('\n')}\n`;
}

export function renderFileChange(change: FileChange, style: PreviewStyle): string[] {
  const path = visibleText(change.path);
  switch (change.kind) {
    case 'created':
      return [
        `${style.green('+ created ')} ${style.bold(path)} (${formatSize(change.newSize)})`,
        ...renderHunks(change.hunks, style),
        ...renderWarnings(change.warnings, style),
      ];
    case 'modified':
      return [
        `${style.yellow('~ modified')} ${style.bold(path)} (${style.green(`+${change.added}`)} ${style.red(`-${change.removed}`)}, ${formatSize(change.oldSize)} → ${formatSize(change.newSize)})`,
        ...renderHunks(change.hunks, style),
        ...renderWarnings(change.warnings, style),
      ];
    case 'moved':
      return [
        `${style.yellow('→ moved   ')} ${style.bold(path)} → ${style.bold(visibleText(change.toPath))}${change.isFolder ? ' (folder)' : ''}`,
      ];
    case 'deleted':
      return [
        `${style.red('- deleted ')} ${style.bold(path)}${change.isFolder ? ' (folder)' : ''} (${formatSize(change.oldSize)}, ${change.toTrash ? 'to the trash' : style.red('permanently')})`,
      ];
    case 'folder-created':
      return [`${style.green('+ created ')} ${style.bold(`${path}/`)} (folder)`];
    case 'links-updated':
      return [
        `${style.yellow('~ links   ')} ${style.bold(path)} (its links to ${visibleText(change.target)} are rewritten)`,
      ];
  }
}

function renderHunks(hunks: readonly DiffHunk[], style: PreviewStyle): string[] {
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

function renderDiffLine(line: DiffLine, style: PreviewStyle): string {
  if (line.kind === 'context') return style.dim(` ${visibleText(line.text)}`);
  const color = line.kind === 'added' ? style.green : style.red;
  const sign = line.kind === 'added' ? '+' : '-';
  if (!style.color || !line.words) return color(`${sign}${visibleText(line.text)}`);
  const highlight = line.kind === 'added' ? style.addedWord : style.removedWord;
  const body = line.words
    .filter((word) => word.kind === 'same' || (line.kind === 'added' ? word.kind === 'added' : word.kind === 'removed'))
    .map((word) => (word.kind === 'same' ? color(visibleText(word.text)) : highlight(visibleText(word.text))))
    .join('');
  return `${color(sign)}${body}`;
}

function renderWarnings(warnings: readonly ContentWarning[], style: PreviewStyle): string[] {
  return warnings.map((warning) =>
    style.yellow(
      warning.kind === 'external-url'
        ? `    ! line ${warning.line}: external link ${visibleText(warning.value)}`
        : `    ! line ${warning.line}: hidden character ${warning.value} ${warning.label}, shown as ⟦${warning.value}⟧`,
    ),
  );
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
