import { isAgentError } from '../errors';
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

/**
 * Why the question behind an approval's `signal` was withdrawn, when whoever withdrew it said so: the signal aborts
 * with an AgentError "CANCELLED" whose message is the reason ("no answer within 60 s", "… disconnected before anyone
 * answered"). Null for a plain abort (the run was cancelled).
 */
export function withdrawnBecause(signal: AbortSignal): string | null {
  return signal.aborted && isAgentError(signal.reason, 'CANCELLED') ? signal.reason.message : null;
}
