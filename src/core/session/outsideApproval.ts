import { AgentError } from '../errors';
import type { ApprovalDecision, ApprovalPort, ApprovalRequest } from '../ports/approval';
import { approvalMessage } from './approvalFormText';
import { withdrawnBecause } from '../tool-execution/stages/approval';

/**
 * Who approves an outside client's writes. `ask`: the person, through the client (MCP elicitation), on the change
 * in words; `review`: the person, afterwards, in the Changes view: writes run unasked and wait there to be kept or
 * undone, while commands (which no undo takes back) are asked as in `ask`; `client`: nobody here, the client's own permission prompt was the question (the write is still
 * sandboxed, checkpointed and audited); `writes-refused`: only read-only tools are offered, and any write is refused.
 */
export type OutsideApprovalMode = 'ask' | 'review' | 'client' | 'writes-refused';

export const OUTSIDE_APPROVAL_MODES: readonly OutsideApprovalMode[] = ['ask', 'review', 'client', 'writes-refused'];

/** The way to approve writes that needs nothing of the client: the plugin's own server, asking on a card. */
export const ASK_IN_OBSIDIAN =
  "use the MCP server inside Obsidian (Settings → Embedded Agent → MCP server), which asks in Obsidian's chat panel";

/** How a shell asks the person through the outside client (src/mcp: an elicitation form). */
export interface OutsideAsker {
  /** False when the client cannot show a question (it did not declare elicitation): every write is then refused. */
  canAsk(): boolean;
  /**
   * Asks about `request` and returns the answer; anything but a clear yes is a denial. `message` is the change in
   * words for a form that shows only text (rendered on first use, once; a card shows the request itself). `call` is
   * the signal of the client's call being approved, when known: it names that call to a transport that must answer
   * on it.
   */
  ask(
    message: () => string,
    request: ApprovalRequest,
    signal: AbortSignal,
    call?: AbortSignal,
  ): Promise<ApprovalDecision>;
}

/** Why a question of a client that has gone is refused: on its card, in its refusal and in the audit. */
export function disconnectedText(clientName: string): string {
  return `${clientName} disconnected before anyone answered`;
}

/**
 * The approval port of an outside driver. The pipeline wraps it in its fail-closed `askApproval` (timeout,
 * cancellation, a throw), so this only decides who is asked.
 */
export function outsideApprovalPort(
  mode: OutsideApprovalMode,
  asker: OutsideAsker,
  clientName: () => string,
  clientGone: AbortSignal,
  callSignal: () => AbortSignal | null = () => null,
): ApprovalPort {
  switch (mode) {
    case 'client':
      return { request: () => Promise.resolve({ approved: true, scope: 'once', by: 'client' }) };
    case 'writes-refused':
      return {
        request: () =>
          Promise.resolve({
            approved: false,
            reason: 'the MCP server allows reads only (its approval is writes-refused)',
          }),
      };
    case 'ask':
      return askingPort(asker, clientName, clientGone, callSignal);
    case 'review': {
      const asking = askingPort(asker, clientName, clientGone, callSignal);
      return {
        request: (request, signal) =>
          request.risk === 'writes'
            ? Promise.resolve({ approved: true, scope: 'once', by: 'review' })
            : asking.request(request, signal),
      };
    }
  }
}

/** Asks the person through the client, and withdraws the question when the client goes or cancels the call. */
function askingPort(
  asker: OutsideAsker,
  clientName: () => string,
  clientGone: AbortSignal,
  callSignal: () => AbortSignal | null,
): ApprovalPort {
  const goneReason = (): string => disconnectedText(clientName());
  return {
    request: async (request, signal) => {
      if (clientGone.aborted) return { approved: false, reason: goneReason() };
      if (!asker.canAsk()) {
        return {
          approved: false,
          reason: `${clientName()} cannot show an approval form (it does not support MCP elicitation); start the server with --approval client to rely on the client's own permission prompt, or ${ASK_IN_OBSIDIAN}`,
        };
      }
      // The call being approved: the client cancelling it (MCP notifications/cancelled) withdraws the question.
      const call = callSignal();
      const withdrawal = withdrawOn([
        [clientGone, goneReason],
        ...(call ? [[call, () => `${clientName()} cancelled the call before anyone answered`] as const] : []),
      ]);
      try {
        let text: string | null = null;
        const answer = await asker.ask(
          () => (text ??= approvalMessage(clientName(), request)),
          request,
          AbortSignal.any([signal, withdrawal.signal]),
          call ?? undefined,
        );
        // A yes given as the client left (a click in the same moment) would write for nobody.
        const late = withdrawal.reason();
        return answer.approved && late !== null ? { approved: false, reason: late } : answer;
      } catch (error) {
        const reason = withdrawal.reason();
        if (reason !== null) return { approved: false, reason };
        throw error;
      } finally {
        withdrawal.stop();
      }
    },
  };
}

/**
 * A signal that aborts when the first of `sources` does, with an AgentError "CANCELLED" that says why (its text
 * from the pair), so whoever shows the question can say why it was withdrawn; `reason` is that text, or null.
 */
function withdrawOn(sources: readonly (readonly [AbortSignal, () => string])[]): {
  signal: AbortSignal;
  reason: () => string | null;
  stop: () => void;
} {
  const controller = new AbortController();
  const listeners: (() => void)[] = [];
  for (const [source, why] of sources) {
    const withdraw = (): void => {
      if (!controller.signal.aborted) controller.abort(new AgentError('CANCELLED', why()));
    };
    if (source.aborted) withdraw();
    source.addEventListener('abort', withdraw, { once: true });
    listeners.push(() => source.removeEventListener('abort', withdraw));
  }
  return {
    signal: controller.signal,
    reason: () => withdrawnBecause(controller.signal),
    stop: () => listeners.forEach((remove) => remove()),
  };
}
