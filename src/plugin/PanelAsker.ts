import { Notice, type App, type WorkspaceMobileDrawer, type WorkspaceSidedock } from 'obsidian';
import type { ApprovalDecision, ApprovalRequest } from '../core/ports/approval';
import type { OutsideAsker } from '../core/session/outsideApproval';
import { approvalTitle } from '../ui/changeLabels';
import { CHAT_VIEW_TYPE } from '../ui/chat/types';
import { openChatPanel } from './openChatPanel';
import type { PanelApprovals } from './PanelApprovals';

/**
 * Asks the person about an MCP client's change on an approval card in the chat panel; the request names the client
 * (the run's owner), so the card and the notice do. With the panel closed or out of sight, a notice says what waits
 * and opens the panel when clicked; the card appears once it is open. No answer within the approval timeout, or the
 * client going away, is a no (the pipeline and the session see to that). The form's text is not rendered: the card
 * shows the request itself.
 */
export class PanelAsker implements OutsideAsker {
  constructor(
    private readonly app: App,
    private readonly panel: PanelApprovals,
  ) {}

  /** The panel can always be opened, so the person can always be asked. */
  canAsk(): boolean {
    return true;
  }

  async ask(_message: () => string, asked: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    // The person may be writing a note with the panel closed, in a collapsed sidebar or behind another tab: a
    // notice says what waits, and opens (reveals) the panel when clicked.
    const notice = this.panelInSight()
      ? null
      : new Notice(`${approvalTitle(asked)}. Click here to answer in the Embedded Agent panel; no answer means no.`, 0);
    // On messageEl rather than in a fragment: the test double copies a fragment, and its listeners with it are lost.
    notice?.messageEl.addEventListener('click', () => void openChatPanel(this.app));
    try {
      const port = this.panel.port ?? (await this.panel.whenOpen(signal));
      return port
        ? await port.request(asked, signal)
        : { approved: false, reason: 'nobody opened the chat panel to answer' };
    } finally {
      notice?.hide();
    }
  }

  /** Whether a chat panel is on screen: shown in its tab group, and not in a collapsed sidebar. */
  private panelInSight(): boolean {
    const { workspace } = this.app;
    return workspace.getLeavesOfType(CHAT_VIEW_TYPE).some((leaf) => {
      const root = leaf.getRoot();
      const collapsed =
        (root === workspace.rightSplit || root === workspace.leftSplit) &&
        (root as WorkspaceSidedock | WorkspaceMobileDrawer).collapsed;
      return !collapsed && leaf.view.containerEl.isShown();
    });
  }
}
