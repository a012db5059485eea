import type { ApprovalDecision } from '../core/ports/approval';
import { ASK_IN_OBSIDIAN } from '../core/session/outsideApproval';

/**
 * A decline or a cancel this soon after the form was sent is not a person's: nobody reads a form and answers it
 * within a second. It is a client answering forms itself: `claude -p` cancels 30 to 200 ms after the form is sent
 * (the longer on a busy machine), `codex exec` declines, Claude Code through its SDK or in VS Code declines without
 * showing anything.
 */
export const UNREAD_WITHIN_MS = 1000;

/** The client as it introduced itself in `initialize` (clientInfo). */
export interface FormClient {
  /** What the person knows it by: its title, else its name ("Claude Code"). */
  shown: string;
  /** Its name and title, to recognize a client whose own ways to answer a form are known. */
  name: string;
  title?: string;
}

/**
 * What a form's answer decides, and the words the refusal and the audit line give it: a yes is a yes given in the
 * client's form (never taken for one given in Obsidian); a no says what happened, and when the client answered
 * itself, says so and what would let the person answer.
 */
export function formDecision(
  action: 'accept' | 'decline' | 'cancel',
  approveRest: boolean,
  answeredAfterMs: number,
  client: FormClient,
): ApprovalDecision {
  if (action === 'accept') return { approved: true, scope: approveRest ? 'run' : 'once', by: 'client-form' };
  const ms = Math.max(0, Math.round(answeredAfterMs));
  if (ms < UNREAD_WITHIN_MS) {
    return {
      approved: false,
      reason: `${client.shown} answered ${action} ${ms} ms after the form was sent, too fast for a person to have read it (a client run without a person, such as claude -p or codex exec, answers forms itself). To approve writes from this client, ${waysToAnswer(client)}`,
    };
  }
  const after = `${(ms / 1000).toFixed(1)} s`;
  return action === 'decline'
    ? { approved: false, reason: `declined in the approval form of ${client.shown} (answered after ${after})` }
    : { approved: false, reason: `the approval form of ${client.shown} was closed without an answer (after ${after})` };
}

const INSIDE_OBSIDIAN = `or ${ASK_IN_OBSIDIAN}`;

/** What lets a person answer, or stands in for the question, for this client. */
function waysToAnswer(client: FormClient): string {
  const known = `${client.name} ${client.title ?? ''}`;
  const clientPrompt = "start this server with --approval client to let the client's own permission prompt decide";
  if (/claude/i.test(known))
    return `answer the form with Claude Code's Elicitation hook, ${clientPrompt}, ${INSIDE_OBSIDIAN}`;
  if (/codex/i.test(known))
    return `run it interactively (codex, not codex exec), where the form is shown to you, ${clientPrompt} (with default_tools_approval_mode = "prompt" for this server), ${INSIDE_OBSIDIAN}`;
  return `run the client where it shows the form to you, ${clientPrompt}, ${INSIDE_OBSIDIAN}`;
}
