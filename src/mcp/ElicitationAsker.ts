import type { ApprovalDecision, ApprovalRequest } from '../core/ports/approval';
import type { OutsideAsker } from '../core/session/outsideApproval';
import { callRequestId, type LowLevelServer } from './vaultServer';

const SDK_TIMEOUT_MARGIN_MS = 1000;

/** The one field of the approval form: a yes to the form approves this change, and with it ticked, the rest of the session. */
const FORM = {
  type: 'object',
  properties: {
    approveRest: {
      type: 'boolean',
      title: 'Also approve every later change of this session',
      description: 'Leave it off to be asked about each change.',
      default: false,
    },
  },
} as const;

/**
 * Asks the person through the MCP client's elicitation form (the client shows the message and Accept / Decline).
 * Only an accept is a yes; a decline, a cancel, a client that never answers, disconnects or lacks the capability is
 * a no. The pipeline's own timeout and cancellation race this request; the SDK's own timeout is set a little later,
 * so the refusal says "no answer within …" rather than the SDK's "Request timed out".
 */
export class ElicitationAsker implements OutsideAsker {
  constructor(
    private readonly server: LowLevelServer,
    private readonly timeoutMs: () => number,
    private readonly clientName: () => string,
  ) {}

  canAsk(): boolean {
    return this.server.getClientCapabilities()?.elicitation?.form !== undefined;
  }

  async ask(message: string, request: ApprovalRequest, signal: AbortSignal, call?: AbortSignal): Promise<ApprovalDecision> {
    void request;
    // Asked as part of the call it is about: over HTTP the form then travels on that call's answer stream.
    const relatedRequestId = callRequestId(call);
    const options = { signal, timeout: this.timeoutMs() + SDK_TIMEOUT_MARGIN_MS, ...(relatedRequestId !== undefined ? { relatedRequestId } : {}) };
    const answer = await this.server.elicitInput({ mode: 'form', message, requestedSchema: FORM }, options);
    switch (answer.action) {
      case 'accept':
        return { approved: true, scope: answer.content?.approveRest === true ? 'run' : 'once' };
      case 'decline':
        return { approved: false, reason: `the user declined it in ${this.clientName()}` };
      case 'cancel':
        return { approved: false, reason: `the user closed the approval form in ${this.clientName()} without answering` };
    }
  }
}
