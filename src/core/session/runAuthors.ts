import type { RunAuthor } from '../checkpoints/types';

export const PLAN_AUTHOR: RunAuthor = { kind: 'plan', label: 'Plan' };

export function savedActionAuthor(name: string): RunAuthor {
  return { kind: 'saved-action', label: 'Saved action', detail: name };
}

/**
 * Who a session's own runs are made by, from the shell that opened it: its run prefix ("chat" for the panel, "cli"
 * for the terminal runner, "mcp" for an outside client, whose name its approval carries as the owner).
 */
export function sessionAuthor(runPrefix: string, owner: (() => string) | undefined): () => RunAuthor {
  if (runPrefix === 'chat') return () => ({ kind: 'chat', label: 'Chat' });
  if (runPrefix === 'cli') return () => ({ kind: 'terminal', label: 'Terminal' });
  if (runPrefix === 'mcp') return () => ({ kind: 'mcp', label: owner?.() || 'MCP client' });
  return () => ({ kind: 'agent', label: owner?.() || runPrefix });
}
