import type { App } from 'obsidian';
import { expect, vi } from 'vitest';
import { commandsOf } from '../../obsidian-double/harness';
import { getByRole } from '../../ui/support/a11y';

export const until = <T>(check: () => T | Promise<T>, timeout = 10_000): Promise<T> =>
  vi.waitFor(check, { timeout, interval: 10 });

/** The view's first opening loads the list's module, which a test worker transforms first: slow on a busy machine. */
export const FIRST_OPEN_MS = 30_000;

/**
 * Runs "Review changes" from the palette, then waits until `ready` finds what the test needs in the view's region
 * named "Changes", and returns what it found.
 */
export async function reviewChanges<T>(app: App, ready: (region: HTMLElement) => T): Promise<T> {
  expect(commandsOf(app).executeCommandById('embedded-agent:review-changes')).toBe(true);
  return until(() => {
    const view = app.workspace.getLeavesOfType('embedded-agent-changes')[0]?.view;
    if (!view) throw new Error('the Changes view did not open');
    // In Obsidian the view is in the document; the double leaves leaves detached from it.
    if (!view.containerEl.isConnected) document.body.appendChild(view.containerEl);
    return ready(getByRole(view.containerEl, 'region', 'Changes'));
  }, FIRST_OPEN_MS);
}

/** Closes every Changes view, as a test's clean-up. */
export function closeChangesViews(app: App | undefined): void {
  for (const leaf of app?.workspace.getLeavesOfType('embedded-agent-changes') ?? []) leaf.detach();
}
