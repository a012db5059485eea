import { Notice } from 'obsidian';
import { AgentTask } from '../../core/agent/AgentTask';
import type { AgentResult, TaskCallbacks, VaultContext } from '../../core/agent/types';
import { gatherVaultContext } from '../../core/agent/vaultContext';
import { selectionReadable } from '../../core/util/selectionReadable';
import { describeError } from '../../core/errors';
import type { HistoryMessage, LlmPort } from '../../core/ports/llm';
import { RecipeMatchingService } from '../../core/recipes/RecipeMatchingService';
import { withoutStoredResultReads } from '../../core/recipes/storedResultReads';
import type { RecordedCall } from '../../core/recipes/types';
import { runRequest } from '../../core/session/runRequest';
import { costOf, reportFastPath } from './fastPathReport';
import type { AgentServices } from '../../core/session/AgentServices';
import type { CallOutcome, ToolCall } from '../../core/tool-execution/types';
import type { ExecutionLog } from '../ExecutionLog';
import type { MarkdownStream } from '../MarkdownStream';
import type { ProgressBar } from '../ProgressBar';
import { ConversationStore, type Conversation, type ConversationSummary } from './conversationStore';
import { askRevert, describeRevert } from './RevertCard';
import type { Transcript } from './Transcript';
import type { ChatHost, ChatPanelApi } from './types';

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

const SELECTION_CONTEXT_CHARS = 4000;
/** How long a plan confirmation may wait for the person, as for every approval in the panel. */
const APPROVAL_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * Runs the agent for the chat panel: one AgentTask per message over the plugin's services, its events turned into
 * transcript, log and progress updates; cancel, revert, and the conversation kept in the plugin folder. It decides
 * nothing about tools: the pipeline does.
 */
export class RunController {
  private controller: AbortController | null = null;
  private history: HistoryMessage[] = [];
  private conversation: Conversation | null = null;
  private runs = 0;
  private readonly store: ConversationStore;
  /** What successful runs taught: similar requests later take the fast path. */
  private readonly recipes: RecipeMatchingService;
  private services: AgentServices | null = null;

  constructor(
    private readonly host: ChatHost,
    private readonly ui: RunUi,
  ) {
    // The key is known once the services are: nothing is saved before a run has loaded them.
    const knownSecrets = (): readonly string[] => this.services?.knownSecrets() ?? [];
    this.store = new ConversationStore(host.pluginFiles(), knownSecrets);
    this.recipes = new RecipeMatchingService(host.pluginFiles(), knownSecrets);
  }

  get running(): boolean {
    return this.controller !== null;
  }

  cancel(): void {
    this.controller?.abort();
  }

  async send(message: string): Promise<void> {
    if (this.controller) return;
    const { transcript } = this.ui;
    transcript.addUser(message);
    const controller = new AbortController();
    this.controller = controller;
    this.ui.setRunning(true);
    try {
      let llm: LlmPort;
      try {
        llm = await this.host.llm();
      } catch (error) {
        // No provider configured: say which setting to fill in, and start nothing.
        transcript.addNote(describeError(error), 'error');
        return;
      }
      const services = await this.host.agentServices();
      this.services = services;
      await this.runAgent(message, llm, services, controller);
    } catch (error) {
      transcript.addNote(`The run could not start: ${describeError(error)}`, 'error');
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

  private async runAgent(message: string, llm: LlmPort, services: AgentServices, controller: AbortController): Promise<void> {
    const { transcript, log, progress } = this.ui;
    const modes = await this.host.modes();
    const runId = this.nextRunId();
    const calls = new Map<string, { call: ToolCall; outcome?: CallOutcome }>();
    let answer: MarkdownStream | null = null;
    let done = 0;
    log.clear();
    progress.set(0, 0);
    this.ui.showRunPanel(false);
    const callbacks: TaskCallbacks = {
      onText: (delta) => {
        answer ??= transcript.startAnswer(this.ui.selection().filePath ?? '');
        answer.append(delta);
        transcript.scrollToEnd();
      },
      onToolCall: (call) => {
        // Text after this call belongs below it.
        void answer?.finish();
        answer = null;
        calls.set(call.id, { call });
        transcript.addToolCall(call);
        log.update({ id: call.id, tool: call.name, status: 'running' });
        progress.set(done, calls.size);
        this.ui.showRunPanel(true);
      },
      onToolResult: (outcome) => {
        const entry = calls.get(outcome.callId);
        if (entry) entry.outcome = outcome;
        done++;
        transcript.setToolResult(outcome);
        log.update({ id: outcome.callId, tool: outcome.tool, status: outcome.ok ? 'done' : 'failed', message: outcome.ok ? briefResult(outcome.output) : outcome.error?.message ?? outcome.content });
        progress.set(done, calls.size);
      },
      onModeChange: ({ mode }) => this.ui.showMode(mode.slug),
      onWarning: (text) => transcript.addNote(text),
    };
    const pipeline = services.agentPipeline();
    const settings = this.host.settings;
    const task = new AgentTask({
      api: llm,
      toolRegistry: services.registry,
      modeService: modes,
      pipeline,
      ports: services.toolPorts(),
      taskCallbacks: callbacks,
      condensingThreshold: settings.condensingThreshold,
      settings: () => ({ maxTokens: this.host.settings.maxTokens, temperature: this.host.settings.temperature }),
    });
    const vault = await this.vaultContext(services);
    // A request like ones solved three times before takes the fast path (one plan, one approval); others run the loop.
    const request = await runRequest({
      message,
      llm,
      recipes: this.recipes,
      host: services.planHost({ settings: () => ({ ...this.host.settings, approvalTimeoutMs: APPROVAL_TIMEOUT_MS }), approval: () => this.host.approvalPort }),
      runLoop: () => task.run({ message, taskId: runId, history: this.history, signal: controller.signal, context: { vault } }),
      historyLength: this.history.length,
      allowedTools: new Set(modes.toolNames(modes.getActiveMode())),
      runId,
      signal: controller.signal,
      maxTokens: settings.maxTokens,
      ...(callbacks.onText ? { onText: callbacks.onText } : {}),
      now: () => Date.now(),
    });
    await (answer as MarkdownStream | null)?.finish();
    if (request.via === 'fast-path') {
      reportFastPath(transcript, request.outcome, llm);
      if (request.outcome.status === 'done') {
        this.history = [...this.history, { role: 'user', text: message }, { role: 'assistant', text: request.outcome.answer, toolCalls: [] }];
        this.ui.setRevertAvailable(true);
      }
      return;
    }
    const result = request.result;
    this.report(result, calls.size, done, llm);
    this.history = result.history;
    await this.saveConversation(message).catch((error: unknown) => transcript.addNote(`The conversation could not be saved: ${describeError(error)}`, 'error'));
    const wrote = [...calls.values()].some(({ outcome }) => outcome?.checkpoint !== undefined);
    if (wrote) {
      this.ui.setRevertAvailable(true);
    }
    // A saved action must not replay a read of a stored result: it is gone once the run ended.
    const recorded: RecordedCall[] = withoutStoredResultReads([...calls.values()].map(({ call, outcome }) => ({ tool: call.name, input: asRecord(call.input), ok: outcome?.ok ?? false })), runId);
    this.host.chatHooks.onRunFinished?.({ message, calls: recorded, ok: result.completedBy === 'text' || result.completedBy === 'attemptCompletion' }, this.ui.api);
  }

  private report(result: AgentResult, total: number, done: number, llm: LlmPort): void {
    const { transcript } = this.ui;
    if (result.completedBy === 'cancelled') transcript.addNote('Cancelled: the run was stopped.');
    else if (result.error) transcript.addNote(result.error.message, 'error');
    else if (result.completedBy === 'attemptCompletion' && result.text.trim() !== '') {
      const stream = transcript.startAnswer();
      stream.append(result.text);
      void stream.finish();
    }
    if (total > 0 && done < total) this.ui.progress.set(done, total);
    transcript.addUsage(result.usage, costOf(llm, result.usage));
  }

  /**
   * The user's selection goes with the message even when the services started after focus left the note, unless
   * the ignore rules hide the note it is in.
   */
  private async vaultContext(services: AgentServices): Promise<VaultContext> {
    const readable = await services.agentPipeline().readablePaths();
    const context = await gatherVaultContext(services.toolPorts(), readable);
    const { text, filePath } = this.ui.selection();
    const shared = text !== '' && selectionReadable(filePath, activeFileOf(services), readable);
    return {
      ...context,
      activeFile: context.activeFile ?? (filePath !== null && readable(filePath) ? filePath : null),
      selection: context.selection ?? (shared ? text.slice(0, SELECTION_CONTEXT_CHARS) : null),
    };
  }

  /** Shows "Revert last run" once some run has changed the vault: plans and saved actions run outside the chat. */
  async refreshRevert(): Promise<void> {
    try {
      const services = await this.host.agentServices();
      if ((await services.lastRun()) !== null) this.ui.setRevertAvailable(true);
    } catch {
      // The button stays as it was; pressing it says what is wrong.
    }
  }

  async revertLastRun(): Promise<void> {
    const { transcript } = this.ui;
    try {
      const services = await this.host.agentServices();
      const checkpoints = services.checkpoints;
      // Asked each time: plans and saved actions run outside this panel's chat, and a revert is a run too.
      const runId = (await services.lastRun())?.runId ?? null;
      if (!checkpoints || runId === null) {
        transcript.addNote('Nothing to revert: no run has changed this vault yet.');
        return;
      }
      const plan = await checkpoints.planRevert(runId);
      if (plan.changes.length === 0 && plan.conflicts.length === 0) {
        transcript.addNote('Nothing to revert: the files are already as they were before the run.');
        this.ui.setRevertAvailable(false);
        return;
      }
      const choice = await askRevert(transcript.el, plan);
      transcript.scrollToEnd();
      if (choice === 'keep') {
        transcript.addNote('Nothing was reverted.');
        return;
      }
      const result = await checkpoints.revert(runId, { overwriteConflicts: choice === 'overwrite' });
      transcript.addNote(describeRevert(result));
      // The revert is a run of its own: "Revert last run" now undoes the revert.
      this.ui.setRevertAvailable(result.revertRunId !== null);
    } catch (error) {
      transcript.addNote(`The revert failed: ${describeError(error)}`, 'error');
    }
  }

  newConversation(): void {
    if (this.controller) return;
    this.history = [];
    this.conversation = null;
    this.ui.transcript.clear();
    this.ui.log.clear();
    this.ui.showRunPanel(false);
  }

  listConversations(): Promise<ConversationSummary[]> {
    return this.store.list();
  }

  async restore(id: string): Promise<void> {
    if (this.controller) return;
    const conversation = await this.store.load(id);
    if (!conversation) {
      this.ui.transcript.addNote(`The conversation ${id} could not be read.`, 'error');
      return;
    }
    this.newConversation();
    this.conversation = conversation;
    this.history = conversation.history;
    this.ui.transcript.renderHistory(conversation.history);
  }

  private async saveConversation(firstMessage: string): Promise<void> {
    const now = Date.now();
    this.conversation ??= { id: ConversationStore.newId(now), title: ConversationStore.titleOf(firstMessage), createdAt: now, updatedAt: now, history: [] };
    this.conversation.updatedAt = now;
    this.conversation.history = this.history;
    await this.store.save(this.conversation);
  }

  /** Unique and valid as a checkpoint branch name. */
  private nextRunId(): string {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
    return `chat-${stamp}-${++this.runs}-${Math.random().toString(36).slice(2, 6)}`;
  }
}

function asRecord(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

function briefResult(output: unknown): string {
  if (output === null || typeof output !== 'object') return typeof output === 'string' ? output.slice(0, 80) : '';
  const record = output as Record<string, unknown>;
  for (const key of ['path', 'message', 'result']) if (typeof record[key] === 'string') return record[key];
  return '';
}

/** The active file as the workspace reports it, hidden or not (the context leaves hidden ones out). */
function activeFileOf(services: AgentServices): string | null {
  try {
    return services.toolPorts().workspace.activeFilePath();
  } catch {
    return null;
  }
}
