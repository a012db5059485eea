import type { ApprovalDecision, ApprovalRequest } from '../core/ports/approval';
import type { OutsideAsker } from '../core/session/outsideApproval';
import { formDecision } from './formAnswer';
import { callRequestId, clientNameOf, type LowLevelServer } from './vaultServer';

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
 * a no, worded by who most likely gave it (see `formDecision`). The pipeline's own timeout and cancellation race
 * this request; the SDK's own timeout is set a little later, so the refusal says "no answer within …" rather than
 * the SDK's "Request timed out".
 */
export class ElicitationAsker implements OutsideAsker {
  constructor(
    private readonly server: LowLevelServer,
    private readonly timeoutMs: () => number,
    private readonly now: () => number,
  ) {}

  canAsk(): boolean {
    return this.server.getClientCapabilities()?.elicitation?.form !== undefined;
  }

  async ask(
    message: () => string,
    _request: ApprovalRequest,
    signal: AbortSignal,
    call?: AbortSignal,
  ): Promise<ApprovalDecision> {
    // The SDK sends notifications/cancelled whenever the signal it was given aborts, even after the answer came (it
    // never removes its listener), and the caller's signal does abort once the question is settled. So the SDK gets
    // a signal of its own, tied to the caller's only while the form waits for its answer.
    const pending = new AbortController();
    const withdraw = (): void => pending.abort(signal.reason);
    if (signal.aborted) withdraw();
    else signal.addEventListener('abort', withdraw, { once: true });
    // Asked as part of the call it is about: over HTTP the form then travels on that call's answer stream.
    const relatedRequestId = callRequestId(call);
    const options = {
      signal: pending.signal,
      timeout: this.timeoutMs() + SDK_TIMEOUT_MARGIN_MS,
      ...(relatedRequestId !== undefined ? { relatedRequestId } : {}),
    };
    const sent = this.now();
    try {
      const answer = await this.server.elicitInput(
        { mode: 'form', message: message(), requestedSchema: FORM },
        options,
      );
      const client = this.server.getClientVersion();
      const shown = clientNameOf(this.server);
      return formDecision(answer.action, answer.content?.approveRest === true, this.now() - sent, {
        shown,
        name: client?.name ?? shown,
        ...(client?.title ? { title: client.title } : {}),
      });
    } finally {
      signal.removeEventListener('abort', withdraw);
    }
  }
}
