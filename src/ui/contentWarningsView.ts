import type { ContentWarning } from '../core/ports/changePreview';
import { appendRevealed } from './revealedText';

/**
 * The hidden characters and external links a change brings, listed under `title` beside its diff: the approval
 * card's and the Changes view's. A link is shown as text, never as a link.
 */
export function renderWarnings(parent: HTMLElement, warnings: readonly ContentWarning[], title: string): void {
  const box = parent.createDiv({ cls: 'embedded-agent-warnings' });
  box.createDiv({ cls: 'embedded-agent-warnings-title', text: title });
  const list = box.createEl('ul');
  for (const warning of warnings) {
    const item = list.createEl('li', { cls: `is-${warning.kind}` });
    if (warning.kind === 'external-url') {
      item.appendText(`Line ${warning.line}: external link `);
      // Shown as text, never as a link: approving must not be one click away from opening it.
      appendRevealed(item.createEl('code', { cls: 'embedded-agent-url' }), warning.value);
    } else {
      item.appendText(
        `Line ${warning.line}: hidden ${warning.kind === 'bidi-control' ? 'text-direction character' : 'character'} ${warning.label} (${warning.value})`,
      );
    }
  }
}
