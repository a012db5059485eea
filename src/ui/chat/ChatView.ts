import { ItemView, type WorkspaceLeaf } from 'obsidian';
import { AGENT_MODE, BUILTIN_MODES } from '../../core/modes/builtinModes';
import type { ModeConfig } from '../../core/modes/types';
import { describeError } from '../../core/errors';
import { IGNORE_FILE } from '../../core/tool-execution/IgnoreService';
import { ExecutionLog } from '../ExecutionLog';
import { ProgressBar } from '../ProgressBar';
import type { ApprovalCard } from '../ApprovalCard';
import { UiApprovalPort } from '../UiApprovalPort';
import { Composer } from './Composer';
import { RunController, type RunUi } from './RunController';
import { SelectionIndicator } from './SelectionIndicator';
import { Transcript } from './Transcript';
import { CHAT_VIEW_TYPE, type ChatHost, type ChatPanelApi } from './types';

/**
 * The chat panel. It lays out the transcript, the run's log and progress, the palette slot, the selection
 * indicator and the composer, and hands every action to the RunController. While it is open its approval port is
 * the plugin's; closing it denies whatever still waits for an answer.
 */
export class ChatView extends ItemView {
  private transcript!: Transcript;
  private composer!: Composer;
  private selectionIndicator!: SelectionIndicator;
  private log!: ExecutionLog;
  private progress!: ProgressBar;
  private runPanelEl!: HTMLElement;
  /** Says, for a screen reader, what waits for the person (an approval card) while the transcript is busy. */
  private announcer!: HTMLElement;
  private revertButton!: HTMLButtonElement;
  private modeSelect!: HTMLSelectElement;
  private historyEl!: HTMLElement;
  private approval: UiApprovalPort | null = null;
  private stopWatchingRuns: (() => void) | null = null;
  private controller!: RunController;
  private agentRunning = false;
  /** How to stop each run a feature started in the panel (see ChatPanelApi.trackRun). */
  private readonly trackedRuns = new Set<() => void>();
  /** The saved-actions palette renders here (see ChatHooks.onPanelOpen). */
  paletteEl!: HTMLElement;
  readonly api: ChatPanelApi;

  constructor(
    leaf: WorkspaceLeaf,
    private readonly host: ChatHost,
  ) {
    super(leaf);
    const paletteOf = (): HTMLElement => this.paletteEl;
    this.api = {
      get paletteEl() {
        return paletteOf();
      },
      say: (text) => this.transcript.addNote(text),
      send: (message) => void this.controller.send(message),
      busy: () => this.agentRunning || this.trackedRuns.size > 0,
      trackRun: (stop) => {
        // A wrapper per run, so the same function tracked twice still counts as two runs.
        const entry = (): void => stop();
        this.trackedRuns.add(entry);
        this.showRunning();
        return () => {
          this.trackedRuns.delete(entry);
          this.showRunning();
          void this.controller.refreshRevert();
        };
      },
    };
  }

  override getViewType(): string {
    return CHAT_VIEW_TYPE;
  }

  override getDisplayText(): string {
    return 'Embedded agent';
  }

  override getIcon(): string {
    return 'bot';
  }

  override async onOpen(): Promise<void> {
    const root = this.contentEl;
    root.empty();
    root.addClass('embedded-agent-chat');
    this.buildHeader(root);
    this.historyEl = root.createDiv({ cls: 'embedded-agent-history', attr: { 'aria-label': 'Conversations' } });
    this.historyEl.setAttr('hidden', '');
    this.transcript = this.addChild(new Transcript(this.app, root));
    // A region that scrolls: focusable, so the keyboard can reach and scroll it.
    this.runPanelEl = root.createDiv({
      cls: 'embedded-agent-run',
      attr: { role: 'region', 'aria-label': 'Run progress', tabindex: '0' },
    });
    this.progress = this.addChild(new ProgressBar(this.runPanelEl));
    this.log = new ExecutionLog(this.runPanelEl);
    this.runPanelEl.setAttr('hidden', '');
    const revertRow = root.createDiv({ cls: 'embedded-agent-revert-row' });
    this.revertButton = revertRow.createEl('button', {
      text: 'Revert last run',
      attr: { type: 'button', 'aria-label': 'Revert last run' },
    });
    this.revertButton.setAttr('hidden', '');
    this.paletteEl = root.createDiv({ cls: 'embedded-agent-palette' });
    this.selectionIndicator = this.addChild(new SelectionIndicator(this.app, root, (path) => this.whyHidden(path)));
    this.composer = this.addChild(
      new Composer(root, {
        send: (message) => void this.controller.send(message),
        dryRun: (message) => void this.controller.dryRun(message),
        cancel: () => this.cancelAll(),
      }),
    );
    // Obsidian loads a view before onOpen, so these load with it; loading them here as well keeps them alive
    // wherever a view is opened without load() (load is idempotent).
    for (const child of [this.transcript, this.progress, this.selectionIndicator, this.composer]) child.load();
    this.controller = new RunController(this.host, this.runUi());
    this.registerDomEvent(this.revertButton, 'click', () => void this.controller.revertLastRun());
    // Runs that write outside the panel (an MCP client's) make "Revert last run" available too.
    this.stopWatchingRuns = this.host.watchRuns?.(() => void this.controller.refreshRevert()) ?? null;

    this.announcer = root.createDiv({
      cls: ['embedded-agent-sr-only', 'embedded-agent-announcer'],
      attr: { role: 'status' },
    });
    this.approval = new UiApprovalPort(() => this.transcript.el, {
      onShow: (card) => this.showApproval(card),
      // Back to the message box after the answer, unless the person has moved on elsewhere meanwhile.
      onSettle: (card) => {
        // The region said the card waits; now it says how it ended (answered, no answer in time, the client gone).
        const others = this.approval?.waiting ?? 0;
        const waiting =
          others === 0
            ? ''
            : others === 1
              ? ' Another approval waits in the conversation.'
              : ` ${others} more approvals wait in the conversation.`;
        this.announcer.setText(`${card.status} (${card.summary}).${waiting}`);
        const active = root.ownerDocument.activeElement;
        if (card.hasFocus || active === null || active === root.ownerDocument.body) this.composer.focus();
      },
    });
    this.host.approvalPort = this.approval;
    this.host.chatHooks.onPanelOpen?.(this.api);
    void this.loadModes();
  }

  override async onClose(): Promise<void> {
    this.cancelAll();
    this.stopWatchingRuns?.();
    this.stopWatchingRuns = null;
    // Pending approvals are denied, so a run never waits on a card nobody can see.
    this.approval?.close();
    if (this.host.approvalPort === this.approval) this.host.approvalPort = null;
    this.approval = null;
    this.host.chatHooks.onPanelClose?.(this.api);
    // Unloaded here too, so their listeners and timers go with the panel even before the view itself unloads.
    for (const child of [this.composer, this.selectionIndicator, this.progress, this.transcript])
      this.removeChild(child);
    await Promise.resolve();
  }

  /**
   * A card that waits is said at once (the transcript is a log, busy while the run streams, so it would not be read
   * until the run ends), and takes keyboard focus when the person is in the panel; focus in a note stays there.
   */
  private showApproval(card: ApprovalCard): void {
    this.transcript.scrollToEnd();
    this.announcer.setText(`Approval needed: ${card.title}. Approve or reject it in the conversation.`);
    if (this.contentEl.contains(this.contentEl.ownerDocument.activeElement)) card.focus();
  }

  /** Why the ignore rules keep a note from the agent, in words for the selection indicator; null when they do not. */
  private async whyHidden(path: string): Promise<string | null> {
    const { ignore } = await this.host.agentServices();
    await ignore.ensureLoaded();
    const why = ignore.denial(path, 'read');
    if (why === null) return null;
    return why.includes(IGNORE_FILE) ? `this note is listed in ${IGNORE_FILE}` : 'the agent may not read this note';
  }

  private buildHeader(root: HTMLElement): void {
    const header = root.createDiv({ cls: 'embedded-agent-header' });
    this.modeSelect = header.createEl('select', { cls: 'dropdown', attr: { 'aria-label': 'Mode' } });
    this.fillModes(BUILTIN_MODES, AGENT_MODE.slug);
    this.registerDomEvent(this.modeSelect, 'change', () => void this.changeMode(this.modeSelect.value));
    const newButton = header.createEl('button', {
      cls: 'clickable-icon',
      text: 'New',
      attr: { type: 'button', 'aria-label': 'New conversation' },
    });
    this.registerDomEvent(newButton, 'click', () => this.controller.newConversation());
    const historyButton = header.createEl('button', {
      cls: 'clickable-icon',
      text: 'History',
      attr: { type: 'button', 'aria-label': 'Conversation history' },
    });
    this.registerDomEvent(historyButton, 'click', () => void this.toggleHistory());
  }

  private runUi(): RunUi {
    return {
      transcript: this.transcript,
      log: this.log,
      progress: this.progress,
      api: this.api,
      setRunning: (running) => {
        this.agentRunning = running;
        this.transcript.setBusy(running);
        this.showRunning();
      },
      showRunPanel: (visible) => this.runPanelEl.toggleAttribute('hidden', !visible),
      setRevertAvailable: (available) => this.revertButton.toggleAttribute('hidden', !available),
      showMode: (slug) => {
        this.modeSelect.value = slug;
      },
      selection: () => ({ text: this.selectionIndicator.selection, filePath: this.selectionIndicator.filePath }),
    };
  }

  /** Cancel stops whatever runs in the panel: the agent, a dry run's planning, saved actions, approved plans. */
  private cancelAll(): void {
    this.controller.cancel();
    for (const stop of [...this.trackedRuns]) stop();
  }

  private showRunning(): void {
    this.composer.setRunning(this.agentRunning || this.trackedRuns.size > 0);
  }

  private async loadModes(): Promise<void> {
    try {
      const modes = await this.host.modes();
      this.fillModes(modes.listModes(), modes.getActiveMode().slug);
    } catch (error) {
      this.transcript.addNote(`Custom modes could not be loaded: ${describeError(error)}`, 'error');
    }
  }

  private fillModes(modes: readonly ModeConfig[], active: string): void {
    this.modeSelect.empty();
    for (const mode of modes) this.modeSelect.createEl('option', { text: mode.name, value: mode.slug });
    this.modeSelect.value = active;
  }

  private async changeMode(slug: string): Promise<void> {
    try {
      (await this.host.modes()).setActiveMode(slug);
    } catch (error) {
      this.transcript.addNote(describeError(error), 'error');
    }
  }

  private async toggleHistory(): Promise<void> {
    if (!this.historyEl.hasAttribute('hidden')) {
      this.historyEl.setAttr('hidden', '');
      return;
    }
    this.historyEl.empty();
    const conversations = await this.controller.listConversations().catch(() => []);
    if (conversations.length === 0)
      this.historyEl.createDiv({ cls: 'embedded-agent-history-empty', text: 'No saved conversations yet.' });
    for (const conversation of conversations) {
      const item = this.historyEl.createEl('button', {
        cls: 'embedded-agent-history-item',
        text: conversation.title || conversation.id,
        attr: { type: 'button' },
      });
      item.createSpan({ cls: 'embedded-agent-history-date', text: new Date(conversation.updatedAt).toLocaleString() });
      this.registerDomEvent(item, 'click', () => {
        this.historyEl.setAttr('hidden', '');
        void this.controller.restore(conversation.id);
      });
    }
    this.historyEl.removeAttribute('hidden');
  }
}
