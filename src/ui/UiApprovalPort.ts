import type { ApprovalDecision, ApprovalPort, ApprovalRequest } from '../core/ports/approval';
import { withdrawnBecause } from '../core/tool-execution/stages/approval';
import { ApprovalCard, type ApprovalCardOptions } from './ApprovalCard';

export interface UiApprovalPortOptions {
  /** Called after a card is shown, e.g. to scroll the transcript to it and say that it waits. */
  onShow?: (card: ApprovalCard) => void;
  /** Called once the card's request is settled (answered, cancelled, withdrawn, closed), before the card is unloaded; `card.status` says how. */
  onSettle?: (card: ApprovalCard) => void;
  /** Extra card options per request (plan counts, the "Edit plan" hook). */
  cardOptions?: (request: ApprovalRequest) => ApprovalCardOptions;
}

const deny = (reason: string): ApprovalDecision => ({ approved: false, reason });

/**
 * The approval port of the chat panel: each request becomes an approval card in `container()`, and the promise
 * settles with the button the person presses. It fails closed: no container, an aborted signal, or `close()`
 * (the view closing) all deny, and nothing but the two approve buttons ever approves.
 */
export class UiApprovalPort implements ApprovalPort {
  private readonly pending = new Map<ApprovalCard, (decision: ApprovalDecision) => void>();
  private closedReason: string | null = null;

  constructor(
    private readonly container: () => HTMLElement | null,
    private readonly options: UiApprovalPortOptions = {},
  ) {}

  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    if (this.closedReason !== null) return Promise.resolve(deny(this.closedReason));
    if (signal.aborted) return Promise.resolve(deny('the run was cancelled'));
    const parent = this.container();
    if (!parent?.isConnected) return Promise.resolve(deny('the chat panel is not open, so nobody can approve'));

    return new Promise<ApprovalDecision>((resolve) => {
      let card: ApprovalCard | null = null;
      const settle = (decision: ApprovalDecision): void => {
        signal.removeEventListener('abort', onAbort);
        if (card) {
          this.pending.delete(card);
          this.options.onSettle?.(card);
          card.unload();
        }
        resolve(decision);
      };
      // Withdrawn with a reason (no answer in time, the client gone): the card says it, and stays unanswerable.
      const onAbort = (): void => {
        const why = withdrawnBecause(signal);
        card?.close(why === null ? 'Cancelled: the run was stopped' : `Not approved: ${why}`);
        settle(deny(why ?? 'the run was cancelled'));
      };
      card = new ApprovalCard(parent, request, settle, this.options.cardOptions?.(request) ?? {});
      this.pending.set(card, settle);
      signal.addEventListener('abort', onAbort, { once: true });
      card.load();
      this.options.onShow?.(card);
    });
  }

  /** How many cards wait for an answer. */
  get waiting(): number {
    return this.pending.size;
  }

  /**
   * Denies every waiting request and every later one: for the view's `onClose`, so a run never waits on a card
   * nobody can see.
   */
  close(reason = 'the chat panel was closed'): void {
    this.closedReason = reason;
    for (const [card, settle] of [...this.pending]) {
      card.close(`Not approved: ${reason}`);
      settle(deny(reason));
    }
  }
}
