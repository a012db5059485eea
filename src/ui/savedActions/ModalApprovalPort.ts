import { type App, Modal } from 'obsidian';
import type { ApprovalDecision, ApprovalPort, ApprovalRequest } from '../../core/ports/approval';
import { ApprovalCard } from '../ApprovalCard';

/**
 * Approval for a saved action started from the command palette while the chat panel is closed: the same card,
 * in a modal. Closing the modal without a choice, or a cancelled run, is a denial.
 */
export class ModalApprovalPort implements ApprovalPort {
  constructor(private readonly app: App) {}

  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    if (signal.aborted) return Promise.resolve({ approved: false, reason: 'the run was cancelled' });
    return new Promise((resolve) => new ApprovalModal(this.app, request, signal, resolve).open());
  }
}

class ApprovalModal extends Modal {
  private decision: ApprovalDecision = { approved: false, reason: 'the approval window was closed' };
  private card: ApprovalCard | null = null;
  private readonly onAbort = (): void => {
    this.decision = { approved: false, reason: 'the run was cancelled' };
    this.close();
  };

  constructor(
    app: App,
    private readonly request: ApprovalRequest,
    private readonly signal: AbortSignal,
    private readonly resolve: (decision: ApprovalDecision) => void,
  ) {
    super(app);
  }

  override onOpen(): void {
    this.setTitle('Approve the saved action');
    this.card = new ApprovalCard(this.contentEl, this.request, (decision) => {
      this.decision = decision;
      this.close();
    });
    this.card.load();
    this.signal.addEventListener('abort', this.onAbort, { once: true });
  }

  override onClose(): void {
    this.signal.removeEventListener('abort', this.onAbort);
    this.card?.unload();
    this.contentEl.empty();
    this.resolve(this.decision);
  }
}
