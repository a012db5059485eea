import type { ApprovalDecision, ApprovalPort, ApprovalRequest } from '../ports/approval';
import { approvalMessage } from './approvalFormText';

/**
 * Who approves an outside client's writes. `ask`: the person, through the client (MCP elicitation), on the change
 * in words; `client`: nobody here, the client's own permission prompt was the question (the write is still
 * sandboxed, checkpointed and audited); `writes-refused`: only read-only tools are offered, and any write is refused.
 */
export type OutsideApprovalMode = 'ask' | 'client' | 'writes-refused';

export const OUTSIDE_APPROVAL_MODES: readonly OutsideApprovalMode[] = ['ask', 'client', 'writes-refused'];

/** The way to approve writes that needs nothing of the client: the plugin's own server, asking on a card. */
export const ASK_IN_OBSIDIAN = "use the MCP server inside Obsidian (Settings → Embedded Agent → MCP server), which asks in Obsidian's chat panel";

/** How a shell asks the person through the outside client (src/mcp: an elicitation form). */
export interface OutsideAsker {
  /** False when the client cannot show a question (it did not declare elicitation): every write is then refused. */
  canAsk(): boolean;
  /**
   * Shows `message` (the change in words) and returns the answer; anything but a clear yes is a denial. `call` is the
   * signal of the client's call being approved, when known: it names that call to a transport that must answer on it.
   */
  ask(message: string, request: ApprovalRequest, signal: AbortSignal, call?: AbortSignal): Promise<ApprovalDecision>;
}

/**
 * The approval port of an outside session. The pipeline wraps it in its fail-closed `askApproval` (timeout,
 * cancellation, a throw), so this only decides who is asked.
 */
export function outsideApprovalPort(mode: OutsideApprovalMode, asker: OutsideAsker, clientName: () => string, clientGone: AbortSignal, callSignal: () => AbortSignal | null = () => null): ApprovalPort {
  const gone = (): ApprovalDecision => ({ approved: false, reason: `${clientName()} disconnected before anyone answered` });
  switch (mode) {
    case 'client':
      return { request: () => Promise.resolve({ approved: true, scope: 'once', by: 'client' }) };
    case 'writes-refused':
      return { request: () => Promise.resolve({ approved: false, reason: 'the MCP server allows reads only (its approval is writes-refused)' }) };
    case 'ask':
      return {
        request: async (request, signal) => {
          if (clientGone.aborted) return gone();
          if (!asker.canAsk()) {
            return {
              approved: false,
              reason: `${clientName()} cannot show an approval form (it does not support MCP elicitation); start the server with --approval client to rely on the client's own permission prompt, or ${ASK_IN_OBSIDIAN}`,
            };
          }
          // The call being approved: the client cancelling it (MCP notifications/cancelled) withdraws the question.
          const call = callSignal();
          try {
            return await asker.ask(approvalMessage(clientName(), request), request, AbortSignal.any([signal, clientGone, ...(call ? [call] : [])]), call ?? undefined);
          } catch (error) {
            if (clientGone.aborted) return gone();
            if (call?.aborted) return { approved: false, reason: `${clientName()} cancelled the call before anyone answered` };
            throw error;
          }
        },
      };
  }
}
