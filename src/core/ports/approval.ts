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
      /**
       * Where the yes was given, when not on this plugin's own card or prompt: `client` when nobody here was asked
       * (an outside client's own permission prompt stood for the question); `client-form` when the question was
       * this plugin's, shown and accepted in an outside client's form, whoever or whatever answered it there;
       * `review` when nobody was asked now because the approval mode is `review`: the run waits in the Changes view.
       */
      by?: 'client' | 'client-form' | 'review';
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
 * Who answers the approvals of one run, given by whoever opens it: the pipeline asks `port` (read at each question,
 * since a panel opens and closes while a run goes on), and every card of the run names `owner` when it is not the
 * plugin's own agent in the panel: an outside client, a saved action run from the palette.
 */
export interface RunApproval {
  /** Null while nobody can be asked: everything that needs approval is then refused. */
  port: () => ApprovalPort | null;
  /** Who the run acts for, as the card's title names it ("Saved action “Weekly note”"); shown as `requester`. */
  owner?: () => string;
}

/** A run nobody can be asked about: everything that needs approval is refused. */
export const NO_APPROVAL: RunApproval = { port: () => null };
