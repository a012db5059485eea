import { afterEach, vi } from 'vitest';
import { removeTemporaryFolders } from '../cli/harness';
import type { ChatPanel } from '../ui/support/chatPanel';

/**
 * For tests that run a scenario in the chat panel and in the terminal: after each test, closes the panels it
 * opened, removes the terminal's temporary vaults and restores the spies. `track` registers a panel.
 */
export function cleanUpBothShells(): { track(panel: ChatPanel): ChatPanel } {
  const opened: ChatPanel[] = [];
  afterEach(async () => {
    for (const panel of opened.splice(0)) await panel.cleanup();
    await removeTemporaryFolders();
    vi.restoreAllMocks();
  });
  return {
    track(panel) {
      opened.push(panel);
      return panel;
    },
  };
}
