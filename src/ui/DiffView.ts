import { tooLargeText } from '../core/tool-execution/changePreview/textDiff';
import type { DiffHunk, DiffLine } from '../core/ports/changePreview';
import { appendRevealed } from './revealedText';

const SIGN: Record<DiffLine['kind'], string> = { added: '+', removed: '−', context: ' ' };
const SPOKEN: Record<DiffLine['kind'], string> = { added: 'Added: ', removed: 'Removed: ', context: '' };

/**
 * A readable line diff: old and new line numbers, a sign, and inside changed lines the words that changed, so an
 * edit to a paragraph shows which words differ rather than two whole paragraphs. Hidden characters are made
 * visible. `newFile` drops the old-number column, which would be empty.
 */
export function renderDiff(
  parent: HTMLElement,
  hunks: readonly DiffHunk[],
  options: { label: string; newFile: boolean },
): HTMLElement {
  const diffEl = parent.createDiv({
    cls: ['embedded-agent-diff', options.newFile ? 'is-new-file' : 'is-changed-file'],
    attr: { 'aria-label': options.label, role: 'group' },
  });
  for (const hunk of hunks) {
    const last = hunk.tooLarge
      ? hunk.newStart + Math.max(hunk.tooLarge.added, 1) - 1
      : ([...hunk.lines].reverse().find((line) => line.newLine !== undefined)?.newLine ?? hunk.newStart);
    diffEl.createDiv({
      cls: 'embedded-agent-diff-hunk',
      text: last > hunk.newStart ? `Lines ${hunk.newStart}–${last}` : `Line ${hunk.newStart}`,
    });
    if (hunk.tooLarge) diffEl.createDiv({ cls: 'embedded-agent-diff-too-large', text: tooLargeText(hunk.tooLarge) });
    for (const line of hunk.lines) renderLine(diffEl, line, options.newFile);
  }
  return diffEl;
}

function renderLine(diffEl: HTMLElement, line: DiffLine, newFile: boolean): void {
  const row = diffEl.createDiv({ cls: ['embedded-agent-diff-line', `is-${line.kind}`] });
  if (!newFile)
    row.createSpan({
      cls: 'embedded-agent-diff-num',
      text: line.oldLine === undefined ? '' : String(line.oldLine),
      attr: { 'aria-hidden': 'true' },
    });
  row.createSpan({
    cls: 'embedded-agent-diff-num',
    text: line.newLine === undefined ? '' : String(line.newLine),
    attr: { 'aria-hidden': 'true' },
  });
  row.createSpan({ cls: 'embedded-agent-diff-sign', text: SIGN[line.kind], attr: { 'aria-hidden': 'true' } });
  const textEl = row.createSpan({ cls: 'embedded-agent-diff-text' });
  if (SPOKEN[line.kind]) textEl.createSpan({ cls: 'embedded-agent-sr-only', text: SPOKEN[line.kind] });
  if (!line.words) {
    appendRevealed(textEl, line.text);
    return;
  }
  for (const word of line.words) {
    if (word.kind === 'same') appendRevealed(textEl, word.text);
    // <ins> and <del>: what changed is in the markup too, for screen readers that announce them, not in colour only.
    else
      appendRevealed(
        textEl,
        word.text,
        ['embedded-agent-diff-word', `is-${word.kind}`],
        word.kind === 'added' ? 'ins' : 'del',
      );
  }
}
