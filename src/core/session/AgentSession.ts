import { AgentTask } from '../agent/AgentTask';
import type { RunAuthor } from '../checkpoints/types';
import type { AgentResult, TaskCallbacks, VaultContext } from '../agent/types';
import type { BudgetLimits } from '../budget/limits';
import { meteredLlm } from '../budget/meteredLlm';
import type { SpendingMeter } from '../budget/SpendingMeter';
import type { RunSummary } from '../checkpoints/types';
import { describeError, isAgentError } from '../errors';
import type { ModeService } from '../modes/ModeService';
import type { ActionPlan, MissingInput, PlanBindings, PlanEdit, PlanRest, RunPlanOutcome, SavedAction } from '../plan';
import type { PlanHost, PlanSettings } from '../plan/host';
import type { RunApproval } from '../ports/approval';
import type { HistoryMessage, LlmPort } from '../ports/llm';
import type { PluginFilesPort } from '../ports/pluginFiles';
import { RecipeMatchingService } from '../recipes/RecipeMatchingService';
import { withoutStoredResultReads } from '../recipes/storedResultReads';
import type { CallOutcome, ToolCall } from '../tool-execution/types';
import type { AgentServices } from './AgentServices';
import { auditedRevert, revertPlan } from './auditedRevert';
import type { ChangesService } from '../review/ChangesService';
import { sessionAuthor } from './runAuthors';
import { type Conversation, ConversationStore, type ConversationSummary } from './ConversationStore';
import { RunIds } from './runIds';
import { runRequest, type RunRequestResult } from './runRequest';
import { SessionBudget, type StoppedRun, unpricedWarning } from './sessionBudget';
import { SeenLog } from './SeenLog';
import type { SessionRuns } from './SessionRuns';
import { WriteQueue } from './WriteQueue';
import {
  continuingNote,
  fastPathClosing,
  loopClosing,
  type NoteTone,
  type SeenEntry,
  summaryOf,
} from './seenConversation';
import {
  type ActionOutcome,
  type DryRunOutcome,
  type PlanEvents,
  type PreviewedPlan,
  type SavedActionSource,
  SessionPlans,
} from './sessionPlans';
import { contextWithSelection, type SelectionSource } from './selectionContext';
import type { AskRevert, MessageSpend, RevertOutcome, SendOutcome, SessionEvents } from './sessionEvents';

/** The settings a session reads at each message: the plans' (pipeline, retries) and the model's. */
export interface SessionSettings extends PlanSettings, Partial<BudgetLimits> {
  maxTokens: number;
  temperature: number;
  /** When older history is condensed; the loop's default when absent. */
  condensingThreshold?: number;
}

export interface AgentSessionOptions {
  /** The services; the panel loads them on first use, so they are asked for at each message. */
  services: () => Promise<AgentServices>;
  /** The model for the current settings; rejects (naming the setting) when none is configured. */
  llm: () => Promise<LlmPort>;
  modes: () => Promise<ModeService>;
  settings: () => SessionSettings;
  /**
   * Who answers the approvals of every run of this session (the panel's cards, the terminal's prompt, an outside
   * client's form), and whom its cards name: each run the session opens carries it.
   */
  approval: RunApproval;
  /** The plugin's folder: conversations and recipes are kept there. */
  files: PluginFilesPort;
  /** Secret values never written into a saved conversation or recipe (the configured API key). */
  knownSecrets: () => readonly string[];
  now: () => number;
  /** Starts every run id of this shell ("chat", "cli"), so each checkpoint journal has one writer. */
  runPrefix: string;
  /** Who this session's runs are made by in the Changes view; worked out from `runPrefix` when absent. */
  author?: () => RunAuthor;
  /** The panel's selection; without it the loop reads the context from the workspace port alone. */
  selection?: SelectionSource;
  /** The saved actions this shell can run (the panel's store, the vault's data.json in the terminal). */
  savedActions?: () => Promise<SavedActionSource>;
  /** This process as "<host>:<pid>", written on the daily spending ledger's lines; "unknown" when absent. */
  owner?: string;
}

/**
 * One conversation, whichever shell drives it: each message takes the fast path or the agent loop, the history
 * carries over, run ids are made here, loop runs teach the recipes, and the conversation is saved in the plugin's
 * folder so it can be listed and resumed. Shells render the events and the outcome; they assemble nothing.
 */
export class AgentSession {
  private history: HistoryMessage[] = [];
  private conversation: Conversation | null = null;
  private readonly store: ConversationStore;
  private readonly recipes: RecipeMatchingService;
  readonly runIds: RunIds;
  private readonly plans: SessionPlans;
  private readonly budget: SessionBudget;
  /** What the shells showed of this conversation: saved beside the history, never condensed. */
  private readonly seenLog = new SeenLog();
  /** The session's writes take turns here, whoever drives it. */
  readonly writes = new WriteQueue();
  /** The runs of the services last used (the panel's are built on first use). */
  private opener: { services: AgentServices; runs: SessionRuns } | null = null;

  constructor(private readonly o: AgentSessionOptions) {
    this.store = new ConversationStore(o.files, o.knownSecrets);
    this.recipes = new RecipeMatchingService(o.files, o.knownSecrets);
    this.runIds = new RunIds(o.now);
    this.budget = new SessionBudget(o.files, o.now, o.owner ?? 'unknown');
    this.plans = new SessionPlans({
      host: () => this.planHost(),
      // A dry run's planning call spends under the same limits as a message (and counts toward the day).
      llm: async () => {
        const model = await o.llm();
        return meteredLlm(model, this.budget.meter(model, o.settings(), null, this.runIds.next(`${o.runPrefix}-plan`)));
      },
      settings: o.settings,
      runIds: this.runIds,
      runPrefix: o.runPrefix,
      ...(o.savedActions ? { savedActions: o.savedActions } : {}),
    });
  }

  /** Plans `message` and previews it, writing nothing (see SessionPlans.dryRun). */
  dryRun(message: string, events: PlanEvents, signal: AbortSignal): Promise<DryRunOutcome> {
    return this.plans.dryRun(message, events, signal);
  }

  editPlan(previewed: PreviewedPlan, edits: PlanEdit[], signal: AbortSignal): Promise<PreviewedPlan> {
    return this.plans.editPlan(previewed, edits, signal);
  }

  /** Runs what a preview showed once the shell's question was answered yes, or any plan under the policy. */
  runPlan(
    target: PreviewedPlan | { plan: ActionPlan; bindings?: PlanBindings },
    events: PlanEvents,
    signal: AbortSignal,
  ): Promise<RunPlanOutcome> {
    return this.plans.runPlan(target, events, signal);
  }

  runRest(rest: PlanRest, events: PlanEvents, signal: AbortSignal): Promise<RunPlanOutcome> {
    return this.plans.runRest(rest, events, signal);
  }

  /** `allowedTools`: the only tools its steps may call (a shell's narrower set, e.g. an outside client's); all when null. */
  runSavedAction(
    idOrAction: string | SavedAction,
    values: Readonly<Record<string, string>>,
    events: PlanEvents,
    signal: AbortSignal,
    allowedTools: ReadonlySet<string> | null = null,
  ): Promise<ActionOutcome> {
    return this.plans.runSavedAction(idOrAction, values, events, signal, allowedTools);
  }

  savedActions(): Promise<{ actions: readonly SavedAction[]; problems: readonly string[] }> {
    return this.plans.savedActions();
  }

  findSavedAction(idOrName: string): Promise<SavedAction> {
    return this.plans.findSavedAction(idOrName);
  }

  savedActionInputs(action: SavedAction, values?: Readonly<Record<string, string>>): Promise<MissingInput[]> {
    return this.plans.savedActionInputs(action, values);
  }

  /** The history the next message continues. */
  /** The id the conversation is saved under, once a message has been saved; null for a new, unsaved one. */
  get conversationId(): string | null {
    return this.conversation?.id ?? null;
  }

  get messages(): readonly HistoryMessage[] {
    return this.history;
  }

  /** The conversation as it was shown, from its first message: what a panel opened again shows. */
  get seen(): readonly SeenEntry[] {
    return this.seenLog.entries;
  }

  /** A note a shell showed outside a run (a revert's result): kept with what was seen, saved with the next message. */
  note(text: string, tone: NoteTone = 'info'): void {
    this.seenLog.note(text, tone);
  }

  /** What plans, dry runs and saved actions of this session run on: its services, settings and runs. */
  async planHost(): Promise<PlanHost> {
    return (await this.o.services()).planHost({ settings: this.o.settings, runs: await this.runs() });
  }

  /** Opens and ends every run of this session, whoever drives it, with the session's approval. */
  async runs(): Promise<SessionRuns> {
    return this.sessionRuns(await this.o.services());
  }

  private sessionRuns(services: AgentServices): SessionRuns {
    if (this.opener?.services !== services)
      this.opener = {
        services,
        runs: services.runs(this.o.approval, this.o.author ?? sessionAuthor(this.o.runPrefix, this.o.approval.owner)),
      };
    return this.opener.runs;
  }

  /** The run that stopped at the budget and can go on (`continueRun`), or null. */
  get stoppedRun(): StoppedRun | null {
    return this.budget.stopped;
  }

  send(message: string, events: SessionEvents, signal: AbortSignal): Promise<SendOutcome> {
    this.seenLog.add({ kind: 'user', text: message });
    return this.start(message, null, events, signal);
  }

  /**
   * Goes on with the run that stopped at the budget, from where it stopped (no new message, no fast path), with
   * what the stop offered: "Continue with another N".
   */
  continueRun(events: SessionEvents, signal: AbortSignal): Promise<SendOutcome> {
    const stopped = this.budget.stopped;
    if (!stopped)
      return Promise.resolve({
        via: 'not-started',
        message: 'Nothing to continue: the last run did not stop at a budget limit.',
        code: null,
      });
    this.seenLog.add(continuingNote(stopped.stop));
    return this.start(stopped.message, stopped, events, signal);
  }

  private async start(
    message: string,
    continuing: StoppedRun | null,
    events: SessionEvents,
    signal: AbortSignal,
  ): Promise<SendOutcome> {
    const outcome = await this.begin(message, continuing, events, signal);
    if (outcome.via === 'not-started') this.seenLog.note(outcome.message, 'error');
    return outcome;
  }

  private async begin(
    message: string,
    continuing: StoppedRun | null,
    events: SessionEvents,
    signal: AbortSignal,
  ): Promise<SendOutcome> {
    let llm: LlmPort;
    try {
      llm = await this.o.llm();
    } catch (error) {
      // No provider configured: the error names the setting to fill in.
      return { via: 'not-started', message: describeError(error), code: isAgentError(error) ? error.code : null };
    }
    try {
      return await this.run(message, llm, events, signal, continuing);
    } catch (error) {
      return {
        via: 'not-started',
        message: `The run could not start: ${describeError(error)}`,
        code: isAgentError(error) ? error.code : null,
      };
    }
  }

  private async run(
    message: string,
    model: LlmPort,
    shellEvents: SessionEvents,
    signal: AbortSignal,
    continuing: StoppedRun | null,
  ): Promise<SendOutcome> {
    const events = this.seenLog.record(shellEvents);
    let condensed = false;
    const services = await this.o.services();
    const modes = await this.o.modes();
    const settings = this.o.settings();
    const warning = unpricedWarning(model, settings);
    if (warning) events.onWarning?.(warning);
    // Every model call of the message goes through one meter: the fast path's planner, the loop, condensing, sub-tasks.
    const runId = this.runIds.next(this.o.runPrefix);
    const meter = this.budget.meter(model, settings, continuing?.stop ?? null, runId);
    const llm = meteredLlm(model, meter);
    this.budget.stopped = null;
    const calls = new Map<string, { call: ToolCall; outcome?: CallOutcome }>();
    const taskCallbacks: TaskCallbacks = {
      ...events,
      onToolCall: (call) => {
        calls.set(call.id, { call });
        events.onToolCall?.(call);
      },
      onToolResult: (outcome) => {
        const entry = calls.get(outcome.callId);
        if (entry) entry.outcome = outcome;
        events.onToolResult?.(outcome);
      },
      onCondense: (info) => {
        condensed = true;
        events.onCondense?.(info);
      },
    };
    const task = new AgentTask({
      api: llm,
      toolRegistry: services.registry,
      modeService: modes,
      pipeline: services.pipeline,
      runs: this.sessionRuns(services),
      ports: services.toolPorts(),
      taskCallbacks,
      ...(settings.condensingThreshold !== undefined ? { condensingThreshold: settings.condensingThreshold } : {}),
      settings: () => ({ maxTokens: this.o.settings().maxTokens, temperature: this.o.settings().temperature }),
    });
    const vault: VaultContext | null = this.o.selection ? await contextWithSelection(services, this.o.selection) : null;
    const runLoop = (): Promise<AgentResult> =>
      task.run({
        message,
        taskId: runId,
        history: this.history,
        signal,
        ...(continuing ? { continuing: true } : {}),
        ...(vault ? { context: { vault } } : {}),
      });
    // A request like ones solved three times before takes the fast path (one plan, one approval); others run the loop.
    const request: RunRequestResult = continuing
      ? { via: 'loop', result: await runLoop(), fastPath: null }
      : await runRequest({
          message,
          llm,
          recipes: this.recipes,
          host: await this.planHost(),
          runLoop,
          historyLength: this.history.length,
          allowedTools: new Set(modes.toolNames(modes.getActiveMode())),
          runId,
          signal,
          maxTokens: settings.maxTokens,
          ...(events.onText ? { onText: events.onText } : {}),
          now: this.o.now,
        });
    await this.budget.settled();
    if (request.via === 'fast-path') {
      if (request.outcome.status === 'done') {
        this.history = [
          ...this.history,
          { role: 'user', text: message },
          { role: 'assistant', text: request.outcome.answer, toolCalls: [] },
        ];
      }
      const spend = this.spendOf(meter);
      const shown = fastPathClosing(request.outcome, spend);
      this.seenLog.add(...shown);
      // Saved at once, as a loop run is: closing Obsidian next must not lose it.
      return {
        via: 'fast-path',
        runId,
        llm: model,
        outcome: request.outcome,
        spend,
        shown,
        saveError: await this.trySave(message),
      };
    }
    this.history = request.result.history;
    if (request.result.budgetStop) this.budget.stopped = { message, stop: request.result.budgetStop };
    // Counted before the save, so the saved conversation holds this message's spend too.
    const spend = this.spendOf(meter);
    // The run's end as the shells show it; a summary once condensing replaced the older history this run.
    const shown = loopClosing(request.result, spend, condensed ? summaryOf(this.history) : null);
    this.seenLog.add(...shown);
    const saveError = await this.trySave(message);
    const done = [...calls.values()];
    return {
      via: 'loop',
      runId,
      llm: model,
      result: request.result,
      spend,
      shown,
      // A saved action must not replay a read of a stored result: it is gone once the run ended.
      calls: withoutStoredResultReads(
        done.map(({ call, outcome }) => ({ tool: call.name, input: asRecord(call.input), ok: outcome?.ok ?? false })),
        runId,
      ),
      wrote: done.some(({ outcome }) => outcome?.checkpoint !== undefined),
      saveError,
    };
  }

  /** Forgets the history: the next message starts a new conversation (the saved one stays listed). */
  newConversation(): void {
    this.history = [];
    this.seenLog.reset();
    this.conversation = null;
    this.budget.reset();
  }

  /** Conversations of this vault, newest first. */
  listConversations(): Promise<ConversationSummary[]> {
    return this.store.list();
  }

  /** Continues a saved conversation; null when it cannot be read (the current one stays). */
  async resume(id: string): Promise<Conversation | null> {
    // An id names a file in the plugin's folder: nothing that could reach outside it.
    if (!/^[\w-]+$/.test(id)) return null;
    const conversation = await this.store.load(id);
    if (!conversation) return null;
    this.conversation = conversation;
    this.history = conversation.history;
    this.seenLog.reset(conversation.seen);
    this.budget.reset(conversation.spent);
    return conversation;
  }

  /**
   * Undoes the last run that changed the vault, whichever shell or feature made it (chat, plan, saved action, a
   * revert): `ask` shows the plan and answers. It is the review core's undo of the whole run (a three-way merge that
   * takes back only the run's own lines, so a later run's or the person's edits stay, in any order); it is a run
   * of its own, so a second one undoes it.
   */
  async revertLastRun(ask: AskRevert): Promise<RevertOutcome> {
    const services = await this.o.services();
    const { checkpoints, changes } = services;
    if (!checkpoints || !changes) return { status: 'no-checkpoints' };
    const run = await services.lastRun();
    // A run still writing (an MCP client's session) that changed files after the last ended one: undoing the older
    // run instead would not be what the person asked, and undoing this one would interleave with its writes.
    const open = (await checkpoints.listRuns()).find(
      (candidate) => candidate.inProgress && candidate.lastCheckpointAt >= (run?.lastCheckpointAt ?? 0),
    );
    if (open) return { status: 'in-progress', run: open };
    if (!run) return { status: 'no-run' };
    const plan = await revertPlan(changes, run.runId);
    if (plan.changes.length === 0 && plan.conflicts.length === 0) return { status: 'nothing-to-revert', run };
    const answer = await ask(plan, run);
    if (answer === 'keep') return { status: 'kept', run };
    return { status: 'reverted', run, result: await auditedRevert(changes, run.runId, answer === 'overwrite') };
  }

  /** Review after the fact (what the Changes view, /changes, /undo and /keep drive); null when checkpoints are off. */
  async changes(): Promise<ChangesService | null> {
    return (await this.o.services()).changes;
  }

  /** The runs kept in the checkpoint repository, newest first; null when checkpoints are off. */
  async listRuns(): Promise<RunSummary[] | null> {
    const checkpoints = (await this.o.services()).checkpoints;
    return checkpoints ? checkpoints.listRuns() : null;
  }

  private spendOf(meter: SpendingMeter): MessageSpend {
    const message = meter.spent;
    return { message, conversation: this.budget.add(message) };
  }

  /** Saves the conversation; why it could not be saved, or null. */
  private trySave(message: string): Promise<string | null> {
    return this.save(message).then(
      () => null,
      (error: unknown) => describeError(error),
    );
  }

  private async save(firstMessage: string): Promise<void> {
    const now = this.o.now();
    this.conversation ??= {
      id: ConversationStore.newId(now),
      title: ConversationStore.titleOf(firstMessage),
      createdAt: now,
      updatedAt: now,
      history: [],
      seen: [],
      seenSaved: 0,
    };
    this.conversation.updatedAt = now;
    this.conversation.history = this.history;
    this.conversation.seen = this.seenLog.entries;
    this.conversation.spent = this.budget.conversation;
    await this.store.save(this.conversation);
  }
}

function asRecord(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}
