import { revealInvisible } from '../core/tool-execution/changePreview/contentWarnings';

const MARKER = /(⟦U\+[0-9A-F]{4,6}⟧)/;

/**
 * Appends `text` to `el` with every invisible or bidi character replaced by a visible marker, each marker in its
 * own span so it stands out: a reviewer must see a hidden character before approving text that contains one.
 */
export function appendRevealed(
  el: HTMLElement,
  text: string,
  cls?: string[],
  tag: 'span' | 'ins' | 'del' = 'span',
): void {
  const target = cls ? el.createEl(tag, { cls }) : el;
  for (const part of revealInvisible(text).split(MARKER)) {
    if (part === '') continue;
    if (MARKER.test(part))
      target.createSpan({ cls: 'embedded-agent-invisible', text: part, attr: { title: 'Hidden character' } });
    else target.appendText(part);
  }
}

/** "1.2 KB", "340 B": sizes a person reads at a glance. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
