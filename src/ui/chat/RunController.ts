import { Notice } from 'obsidian';
import { describeError } from '../../core/errors';
import type { ConversationSummary } from '../../core/session/ConversationStore';
import type { RunSummary } from '../../core/checkpoints/types';
import type { AgentSession } from '../../core/session/AgentSession';
import { runStillOpenText, type SendOutcome, type SessionEvents } from '../../core/session/sessionEvents';
import { continuingNote, type NoteTone } from '../../core/session/seenConversation';
import { continueLabel } from '../../core/budget/spendText';
import type { ExecutionLog } from '../ExecutionLog';
import type { MarkdownStream } from '../MarkdownStream';
import type { ProgressBar } from '../ProgressBar';
import { askEndOpenRun, askRevert, describeRevert } from './RevertCard';
import type { Transcript } from './Transcript';
import type { ChatHost, ChatPanelApi } from './types';

/** The app's per-vault local storage key of the conversation the panel shows. */
const CURRENT_CONVERSATION = 'embedded-agent-conversation';
/** What the controller drives in the view; the view owns the elements, the controller says what happens. */
export interface RunUi {
  readonly transcript: Transcript;
  readonly log: ExecutionLog;
  readonly progress: ProgressBar;
  readonly api: ChatPanelApi;
  setRunning(running: boolean): void;
  showRunPanel(visible: boolean): void;
  setRevertAvailable(available: boolean): void;
  showMode(slug: string): void;
  selection(): { text: string; filePath: string | null };
}

/**
 * The chat panel's view of its AgentSession: sends the person's messages, renders the session's events into
 * transcript, log and progress, and the run's end; cancel, revert, and the saved conversations. It assembles no
 * run and decides nothing about tools: the session and the pipeline do.
 */
export class RunController {
  private controller: AbortController | null = null;
  /** Whether "Revert last run" is offered: the runs are looked at only while it is not. */
  private revertOffered = false;
  readonly session: AgentSession;

  constructor(
    private readonly host: ChatHost,
    private readonly ui: RunUi,
  ) {
    this.session = host.chatSession(() => ui.selection());
    // The panel's conversation outlives the panel: opened again, it shows what it showed before it closed; after a
    // restart of Obsidian, the conversation the panel last showed comes back from its file.
    if (this.session.seen.length > 0) ui.transcript.showConversation(this.session.seen);
    else void this.restoreLast();
  }

  private async restoreLast(): Promise<void> {
    const id: unknown = this.host.app.loadLocalStorage(CURRENT_CONVERSATION);
    if (typeof id !== 'string' || this.session.conversationId !== null) return;
    const conversation = await this.session.resume(id);
    // Gone (deleted, another vault's sync): the panel starts empty, as it would have.
    if (!conversation) return this.host.app.saveLocalStorage(CURRENT_CONVERSATION, null);
    this.ui.transcript.showConversation(conversation.seen);
  }

  /** Remembers which conversation the panel shows, per vault, for the next start of Obsidian. */
  private rememberConversation(): void {
    this.host.app.saveLocalStorage(CURRENT_CONVERSATION, this.session.conversationId);
  }

  get running(): boolean {
    return this.controller !== null;
  }

  cancel(): void {
    this.controller?.abort();
  }

  async send(message: string): Promise<void> {
    if (this.controller) return;
    this.ui.transcript.addUser(message);
    await this.drive(message, (events, signal) => this.session.send(message, events, signal));
  }

  /** "Continue with another N": the run that stopped at the budget goes on from where it stopped. */
  async continueRun(): Promise<void> {
    const stopped = this.session.stoppedRun;
    if (this.controller) return;
    if (!stopped) {
      this.ui.transcript.addNote('Nothing to continue: another message has run since that one stopped.');
      return;
    }
    this.ui.transcript.addEntry(continuingNote(stopped.stop));
    await this.drive(stopped.message, (events, signal) => this.session.continueRun(events, signal));
  }

  private async drive(
    message: string,
    start: (events: SessionEvents, signal: AbortSignal) => Promise<SendOutcome>,
  ): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    this.ui.setRunning(true);
    try {
      const render = this.renderRun();
      const outcome = await start(render.events, controller.signal);
      await render.finish();
      this.report(message, outcome, render.counts());
      this.rememberConversation();
    } finally {
      this.controller = null;
      this.ui.setRunning(false);
    }
  }

  async dryRun(message: string): Promise<void> {
    const hook = this.host.chatHooks.onDryRun;
    if (!hook) {
      new Notice('Dry run is not available yet.');
      this.ui.transcript.addNote('Dry run is not available yet: nothing was planned or changed.');
      return;
    }
    if (this.controller) return;
    // Planning is a model call: Cancel stops it, and nothing else starts meanwhile.
    const controller = new AbortController();
    this.controller = controller;
    this.ui.setRunning(true);
    try {
      await hook(message, this.ui.api, controller.signal);
    } catch (error) {
      this.ui.transcript.addNote(`Dry run failed: ${describeError(error)}`, 'error');
    } finally {
      this.controller = null;
      this.ui.setRunning(false);
    }
  }

  /** The session's events as transcript, log and progress updates for one run. */
  private renderRun(): {
    events: SessionEvents;
    finish: () => Promise<void>;
    counts: () => { total: number; done: number };
  } {
    const { transcript, log, progress } = this.ui;
    const tools = new Set<string>();
    let answer: MarkdownStream | null = null;
    let done = 0;
    log.clear();
    progress.set(0, 0);
    this.ui.showRunPanel(false);
    const events: SessionEvents = {
      onText: (delta) => {
        answer ??= transcript.startAnswer(this.ui.selection().filePath ?? '');
        answer.append(delta);
        transcript.scrollToEnd();
      },
      onToolCall: (call) => {
        // Text after this call belongs below it.
        void answer?.finish();
        answer = null;
        tools.add(call.id);
        transcript.addToolCall(call);
        log.update({ id: call.id, tool: call.name, status: 'running' });
        progress.set(done, tools.size);
        this.ui.showRunPanel(true);
      },
      onToolResult: (outcome) => {
        done++;
        transcript.setToolResult(outcome);
        log.update({
          id: outcome.callId,
          tool: outcome.tool,
          status: outcome.ok ? 'done' : 'failed',
          message: outcome.ok ? briefResult(outcome.output) : (outcome.error?.message ?? outcome.content),
        });
        progress.set(done, tools.size);
      },
      onModeChange: ({ mode }) => this.ui.showMode(mode.slug),
      onWarning: (text) => transcript.addNote(text),
    };
    return { events, finish: async () => void (await answer?.finish()), counts: () => ({ total: tools.size, done }) };
  }

  /** How the run ended, in the transcript; then the hooks (Save as button) hear of it. */
  private report(message: string, outcome: SendOutcome, counts: { total: number; done: number }): void {
    const { transcript } = this.ui;
    if (outcome.via === 'not-started') {
      transcript.addNote(outcome.message, 'error');
      return;
    }
    if (outcome.via === 'fast-path') {
      for (const entry of outcome.shown) transcript.addEntry(entry);
      this.reportSaveError(outcome.saveError);
      if (outcome.outcome.status === 'done') this.offerRevert(true);
      return;
    }
    const { result } = outcome;
    if (counts.total > 0 && counts.done < counts.total) this.ui.progress.set(counts.done, counts.total);
    // What the session kept as the run's end (core/session/seenConversation.ts), so a restore reads the same.
    for (const entry of outcome.shown) {
      const { budgetStop } = result;
      if (entry.kind === 'note' && entry.tone === 'budget' && budgetStop)
        transcript.addBudgetStop(entry.text, continueLabel(budgetStop), () => void this.continueRun());
      else transcript.addEntry(entry);
    }
    this.reportSaveError(outcome.saveError);
    if (outcome.wrote) this.offerRevert(true);
    this.host.chatHooks.onRunFinished?.(
      {
        message,
        calls: outcome.calls,
        ok: result.completedBy === 'text' || result.completedBy === 'attemptCompletion',
      },
      this.ui.api,
    );
  }

  private reportSaveError(saveError: string | null): void {
    if (saveError !== null) this.ui.transcript.addNote(`The conversation could not be saved: ${saveError}`, 'error');
  }

  /**
   * Offers "Revert last run" once some run has changed the vault, whoever ran it: plans and saved actions run
   * outside the chat, and an MCP client writes through its own session (still connected, pressing it says how to
   * end that session first).
   */
  async refreshRevert(): Promise<void> {
    if (this.revertOffered) return;
    try {
      const runs = await this.session.listRuns();
      if (runs !== null && runs.length > 0) this.offerRevert(true);
    } catch {
      // The button stays as it was; pressing it says what is wrong.
    }
  }

  private offerRevert(offered: boolean): void {
    this.revertOffered = offered;
    this.ui.setRevertAvailable(offered);
  }

  /** A note of the panel's own (a revert's result), kept with the conversation as seen and saved with the next message. */
  private note(text: string, tone: NoteTone = 'info'): void {
    this.ui.transcript.addNote(text, tone);
    this.session.note(text, tone);
  }

  async revertLastRun(): Promise<void> {
    const { transcript } = this.ui;
    try {
      const outcome = await this.session.revertLastRun(async (plan) => {
        const choice = await askRevert(transcript.el, plan);
        transcript.scrollToEnd();
        return choice === 'keep' ? 'keep' : choice === 'overwrite' ? 'overwrite' : 'revert';
      });
      switch (outcome.status) {
        case 'no-checkpoints':
        case 'no-run':
          this.note('Nothing to revert: no run has changed this vault yet.');
          break;
        case 'nothing-to-revert':
          this.note('Nothing to revert: the files are already as they were before the run.');
          this.offerRevert(false);
          break;
        case 'kept':
          this.note('Nothing was reverted.');
          break;
        case 'in-progress':
          await this.offerToEnd(outcome.run);
          break;
        case 'reverted':
          this.note(describeRevert(outcome.result));
          // The revert is a run of its own: "Revert last run" now undoes the revert.
          this.offerRevert(outcome.result.revertRunId !== null);
      }
    } catch (error) {
      this.note(`The revert failed: ${describeError(error)}`, 'error');
    }
  }

  /**
   * The newest changes are a run still going. An MCP client's session of the server in Obsidian can be ended from
   * here, and then reverted; any other (a terminal's) is only named.
   */
  private async offerToEnd(run: RunSummary): Promise<void> {
    const endOutsideRun = this.host.endOutsideRun?.bind(this.host);
    if (!endOutsideRun || !/^mcp-/.test(run.runId)) return this.note(runStillOpenText(run));
    const end = await askEndOpenRun(this.ui.transcript.el, runStillOpenText(run));
    this.ui.transcript.scrollToEnd();
    if (!end) return this.note('Nothing was reverted; the session goes on.');
    if (!(await endOutsideRun(run.runId)))
      return this.note(
        `Run ${run.runId} is not a session of the MCP server in Obsidian (a terminal's, perhaps): end it there, then revert.`,
      );
    await this.revertLastRun();
  }

  newConversation(): void {
    if (this.controller) return;
    this.session.newConversation();
    this.rememberConversation();
    this.ui.transcript.clear();
    this.ui.log.clear();
    this.ui.showRunPanel(false);
  }

  listConversations(): Promise<ConversationSummary[]> {
    return this.session.listConversations();
  }

  async restore(id: string): Promise<void> {
    if (this.controller) return;
    const conversation = await this.session.resume(id);
    if (!conversation) {
      this.ui.transcript.addNote(`The conversation ${id} could not be read.`, 'error');
      return;
    }
    this.ui.log.clear();
    this.ui.showRunPanel(false);
    this.ui.transcript.showConversation(conversation.seen);
    this.rememberConversation();
  }
}

function briefResult(output: unknown): string {
  if (output === null || typeof output !== 'object') return typeof output === 'string' ? output.slice(0, 80) : '';
  const record = output as Record<string, unknown>;
  for (const key of ['path', 'message', 'result']) if (typeof record[key] === 'string') return record[key];
  return '';
}
