import type { ChangePreview } from './changePreview';

export interface ApprovalRequest {
  runId: string;
  /** Canonical tool name, e.g. "vault.createFile"; "plan" for a whole ActionPlan. */
  tool: string;
  input: unknown;
  risk: 'read-only' | 'writes' | 'commands';
  /** What will change, file by file, with diffs; commands by name and id. */
  preview: ChangePreview;
  /** A short sentence for the card's title, e.g. "Create Projects/Idea.md". */
  summary: string;
  /** Who asks, when it is not this plugin's own agent: an outside client as it named itself ("Claude Code"). */
  requester?: string;
}

export type ApprovalDecision =
  | {
      approved: true;
      /** "run" approves every later call of this run too. */
      scope: 'once' | 'run';
      /** Set when nobody here was asked: an outside client's own permission prompt stood for the question. */
      by?: 'client';
    }
  | { approved: false; reason: string };

/**
 * The person who approves. src/ui implements it with the approval card, the terminal runner with a prompt.
 * The pipeline treats a missing port, a throw, a timeout, an abort or a closed view as a denial: it fails closed.
 */
export interface ApprovalPort {
  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision>;
}
