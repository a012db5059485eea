import { AgentError, describeError, isAgentError, type ErrorCode } from '../errors';
import { ModeService } from '../modes/ModeService';
import type { ModeConfig } from '../modes/types';
import type { LlmRequest, LlmUsage } from '../ports/llm';
import type { RunState } from '../tool-execution/types';
import type { SubtaskOutcome } from '../tools/types';
import { createAgentControl } from './agentControl';
import { estimateTokens } from '../budget/estimateTokens';
import { budgetStopOf } from '../budget/meteredLlm';
import { condenseHistory, condenseSplit, EMERGENCY_THRESHOLD, KEEP_TURNS } from './condensing';
import { IterationBudget } from './rails/iterationBudget';
import { MistakeTracker } from './rails/mistakeTracker';
import { RateLimiter } from './rails/rateLimiter';
import type { Session } from './session';
import { isSteeringIteration, steeringMessage } from './steering';
import { streamTurn, type ModelTurn } from './streamTurn';
import { childOptions, childRun, subtaskMode, subtaskOutcome } from './subtasks';
import { SubtaskBudget } from './subtaskBudget';
import { countingLlm } from './countingLlm';
import { buildSystemPrompt, SystemPromptCache } from './systemPrompt';
import { buildToolSet, type ToolSet } from './toolSet';
import { assistantMessage, resultsMessage, runTurnCalls } from './turnCalls';
import type { AgentResult, AgentTaskOptions, CompletedBy, ParentLink, RunConfig } from './types';
import { addUsage, promptTokens, zeroUsage } from '../budget/usage';
import { gatherVaultContext } from './vaultContext';

type ResolvedOptions = Required<Omit<AgentTaskOptions, 'parent'>>;

/**
 * The agent loop: send the prompt, history and the mode's tools to the model, stream its answer, run its tool
 * calls through the pipeline, append the results, repeat. It ends on a reply without tool calls,
 * agent.attemptCompletion, a cancel, or a rail (iterations, consecutive mistakes). The loop decides what to call;
 * the pipeline decides whether and how.
 */
export class AgentTask {
  private readonly o: ResolvedOptions;
  private readonly parent: ParentLink | undefined;
  private controller: AbortController | null = null;

  constructor(options: AgentTaskOptions) {
    this.parent = options.parent;
    this.o = {
      api: options.api,
      toolRegistry: options.toolRegistry,
      taskCallbacks: options.taskCallbacks,
      // Without a mode service every gated tool stays off: nothing the user did not switch on.
      modeService: options.modeService ?? new ModeService({ gates: () => ({}) }),
      consecutiveMistakeLimit: options.consecutiveMistakeLimit ?? 0,
      rateLimitMs: options.rateLimitMs ?? 0,
      condensingEnabled: options.condensingEnabled ?? true,
      condensingThreshold: options.condensingThreshold ?? 70,
      powerSteeringFrequency: options.powerSteeringFrequency ?? 0,
      maxIterations: options.maxIterations ?? 25,
      depth: options.depth ?? 0,
      maxSubtaskDepth: options.maxSubtaskDepth ?? 2,
      pipeline: options.pipeline,
      runs: options.runs,
      ports: options.ports,
      clock: options.clock ?? options.ports.clock,
      settings: options.settings ?? (() => ({ maxTokens: 4096 })),
    };
  }

  /** Stops the run in progress: the stream and the running tool are aborted, nothing new starts. */
  cancel(): void {
    this.controller?.abort();
  }

  async run(config: RunConfig): Promise<AgentResult> {
    const controller = new AbortController();
    this.controller = controller;
    const onAbort = (): void => controller.abort();
    if (config.signal?.aborted) controller.abort();
    config.signal?.addEventListener('abort', onAbort, { once: true });
    let s: Session;
    try {
      s = await this.startSession(config, controller.signal);
    } catch (error) {
      config.signal?.removeEventListener('abort', onAbort);
      throw error;
    }
    let result: AgentResult;
    try {
      result = await this.loop(s);
    } catch (error) {
      result = this.failed(s, error);
    } finally {
      config.signal?.removeEventListener('abort', onAbort);
      // A sub-task runs inside its parent's pipeline run, which the parent ends.
      if (!this.parent) await this.o.runs.end(s.run);
    }
    this.o.taskCallbacks.onComplete?.(result);
    return result;
  }

  private async startSession(config: RunConfig, signal: AbortSignal): Promise<Session> {
    const { modeService } = this.o;
    const mode =
      this.parent?.ceilingMode ??
      (config.mode === undefined ? modeService.getActiveMode() : modeService.resolve(config.mode));
    const loaded = new Set<string>();
    const tools = this.toolSetFor(mode, loaded);
    // The control is added to these ports below: it needs the session, which needs the run.
    const ports: RunState['ports'] = { ...this.o.ports };
    const run = this.parent
      ? childRun(this.parent.run, tools.allowed, ports)
      : this.o.runs.open(config.taskId, { ports, signal, allowedTools: tools.allowed });
    const s: Session = {
      config,
      context: config.context ?? {},
      signal,
      mode,
      ceiling: this.parent?.ceilingMode ?? null,
      loaded,
      tools,
      run,
      history: config.continuing
        ? [...(config.history ?? [])]
        : [...(config.history ?? []), { role: 'user', text: config.message }],
      usage: zeroUsage(),
      completion: null,
      iteration: 0,
      turns: 0,
      threshold: this.o.condensingThreshold,
      reportedTokens: 0,
      vault: config.context?.vault ?? (await gatherVaultContext(this.o.ports, await this.o.pipeline.readablePaths())),
      prompt: new SystemPromptCache(),
      subtasks: 0,
      api: this.o.api,
      modelCalls: 0,
      budget: this.parent?.budget ?? new SubtaskBudget(),
      turnSubtasks: { iteration: 0, count: 0 },
    };
    s.api = countingLlm(this.o.api, () => s.modelCalls++);
    ports.agent = createAgentControl({
      session: s,
      modeService,
      registry: this.o.toolRegistry,
      callbacks: this.o.taskCallbacks,
      refreshTools: () => {
        s.tools = this.toolSetFor(s.mode, s.loaded);
        s.run.allowedTools = s.tools.allowed;
      },
      spawn: (request) => this.spawn(s, request),
      persistMode: !this.parent,
      approveWidening: (request) => this.o.pipeline.approveWidening(s.run, request),
    });
    return s;
  }

  private async loop(s: Session): Promise<AgentResult> {
    const callbacks = this.o.taskCallbacks;
    const budget = new IterationBudget(this.o.maxIterations);
    const mistakes = new MistakeTracker(this.o.consecutiveMistakeLimit);
    const limiter = new RateLimiter(this.o.clock, this.o.rateLimitMs);
    for (s.iteration = 1; ; s.iteration++) {
      if (s.signal.aborted) return this.finish(s, 'cancelled', '');
      if (budget.exhausted(s.iteration)) return this.finish(s, 'limit', budget.stopMessage());
      await limiter.beforeIteration(s.signal);
      this.addNotes(s, budget);
      callbacks.onIteration?.({ iteration: s.iteration, maxIterations: this.o.maxIterations, depth: this.o.depth });
      let turn: ModelTurn;
      try {
        await this.condenseIfFull(s);
        turn = await this.callModel(s);
      } catch (error) {
        const stop = isAgentError(error) ? budgetStopOf(error) : null;
        if (stop) return { ...this.finish(s, 'budget', describeError(error)), budgetStop: stop };
        throw error;
      }
      s.turns++;
      this.addUsage(s, turn.usage);
      s.reportedTokens = promptTokens(turn.usage) + turn.usage.outputTokens;
      if (turn.cancelled) {
        if (turn.text) s.history.push(assistantMessage(turn.text, []));
        return this.finish(s, 'cancelled', turn.text);
      }
      s.history.push(assistantMessage(turn.text, turn.toolCalls));
      if (turn.toolCalls.length === 0) return this.finish(s, 'text', turn.text);

      const outcomes = await runTurnCalls({
        calls: turn.toolCalls,
        pipeline: this.o.pipeline,
        run: s.run,
        callbacks,
        maxTokens: this.o.settings().maxTokens,
        unloaded: () => new Set(s.tools.deferred),
        completed: () => s.completion !== null,
      });
      s.history.push(resultsMessage(outcomes));
      if (s.completion !== null) return this.finish(s, 'attemptCompletion', s.completion);
      if (s.signal.aborted) return this.finish(s, 'cancelled', turn.text);
      if (mistakes.record(outcomes)) {
        return this.finish(
          s,
          'mistakes',
          mistakes.stopMessage(outcomes.filter((outcome) => !outcome.ok).pop()?.error?.message),
        );
      }
    }
  }

  /** The soft-limit warning and the power-steering reminder, as one user message before the model call. */
  private addNotes(s: Session, budget: IterationBudget): void {
    const notes: string[] = [];
    const warning = budget.warningFor(s.iteration);
    if (warning) {
      notes.push(warning);
      this.o.taskCallbacks.onWarning?.(warning);
    }
    if (isSteeringIteration(s.iteration, this.o.powerSteeringFrequency))
      notes.push(steeringMessage(s.mode, s.context.skills ?? []));
    if (notes.length > 0) s.history.push({ role: 'user', text: notes.join('\n\n') });
  }

  /** One model call; on CONTEXT_OVERFLOW, condense at once and retry a single time. */
  private async callModel(s: Session): Promise<ModelTurn> {
    try {
      return await streamTurn(s.api, this.request(s), this.o.taskCallbacks);
    } catch (error) {
      if (!isAgentError(error, 'CONTEXT_OVERFLOW')) throw error;
      const condensed = await this.condense(s, true);
      s.threshold = EMERGENCY_THRESHOLD;
      if (!condensed)
        throw new AgentError(
          'CONTEXT_OVERFLOW',
          `${error.message} (the conversation has no older part left to condense)`,
        );
      return streamTurn(s.api, this.request(s), this.o.taskCallbacks);
    }
  }

  private request(s: Session): LlmRequest {
    const { maxTokens, temperature } = this.o.settings();
    return {
      system: this.systemPrompt(s),
      messages: [...s.history],
      tools: s.tools.definitions,
      maxTokens,
      ...(temperature === undefined ? {} : { temperature }),
      signal: s.signal,
    };
  }

  private systemPrompt(s: Session): string {
    return s.prompt.get(`${s.mode.slug}|${s.tools.key}`, () =>
      buildSystemPrompt({
        mode: s.mode,
        switchableModes: this.switchableModes(s),
        tools: s.tools,
        context: s.context,
        vault: s.vault,
        depth: this.o.depth,
      }),
    );
  }

  private switchableModes(s: Session): ModeConfig[] {
    const modes = this.o.modeService.listModes();
    const ceiling = s.ceiling;
    return ceiling ? modes.filter((mode) => this.o.modeService.isNoStrongerThan(mode, ceiling)) : modes;
  }

  private async condenseIfFull(s: Session): Promise<void> {
    if (!this.o.condensingEnabled) return;
    const estimate = Math.max(estimateTokens(this.systemPrompt(s), s.history, s.tools.definitions), s.reportedTokens);
    if (estimate >= (this.o.api.contextWindow * s.threshold) / 100) await this.condense(s, false);
  }

  /** Summarizes older history; false when there is nothing to summarize (or, unless an emergency, it failed). */
  private async condense(s: Session, emergency: boolean): Promise<boolean> {
    const keepTurns = emergency ? 1 : KEEP_TURNS;
    if (condenseSplit(s.history, 1) === null) return false;
    const callbacks = this.o.taskCallbacks;
    await callbacks.onPreCompactionFlush?.(s.history);
    const before = s.history.length;
    try {
      const condensed = await condenseHistory({
        api: s.api,
        history: s.history,
        taskMessage: s.config.message,
        keepTurns,
        maxTokens: this.o.settings().maxTokens,
        signal: s.signal,
      });
      if (!condensed) return false;
      this.addUsage(s, condensed.usage);
      if (s.signal.aborted) return false;
      s.history = condensed.history;
      s.reportedTokens = 0;
      callbacks.onCondense?.({ messagesBefore: before, messagesAfter: s.history.length, emergency });
      return true;
    } catch (error) {
      if (emergency || isAgentError(error, 'CANCELLED') || isAgentError(error, 'BUDGET_EXCEEDED')) throw error;
      callbacks.onWarning?.(
        `Condensing the conversation failed (${describeError(error)}); continuing with the whole conversation`,
      );
      return false;
    }
  }

  private async spawn(s: Session, request: { mode: string; message: string }): Promise<SubtaskOutcome> {
    if (this.o.depth >= this.o.maxSubtaskDepth) {
      throw new AgentError(
        'NOT_ALLOWED',
        `agent.newTask is not available at sub-task depth ${this.o.depth} (the limit is ${this.o.maxSubtaskDepth})`,
      );
    }
    const mode = subtaskMode(this.o.modeService, request.mode, s.mode);
    if (s.turnSubtasks.iteration !== s.iteration) s.turnSubtasks = { iteration: s.iteration, count: 0 };
    s.budget.take(s.turnSubtasks.count);
    s.turnSubtasks.count++;
    s.subtasks++;
    const child = new AgentTask(childOptions(this.o, { run: s.run, ceilingMode: mode, budget: s.budget }));
    const config: RunConfig = {
      message: request.message,
      taskId: `${s.config.taskId}/${s.subtasks}`,
      mode: mode.slug,
      signal: s.signal,
      context: {
        ...(s.vault ? { vault: s.vault } : {}),
        ...(s.context.rules ? { rules: s.context.rules } : {}),
        ...(s.context.skills ? { skills: s.context.skills } : {}),
      },
    };
    const depth = this.o.depth + 1;
    this.o.taskCallbacks.onSubtaskStart?.({ depth, mode: mode.slug, message: request.message });
    const result = await child.run(config);
    // Usage and calls roll up even when the child failed: they were spent either way.
    this.addUsage(s, result.usage);
    s.modelCalls += result.modelCalls;
    this.o.taskCallbacks.onSubtaskEnd?.({ depth, result });
    return subtaskOutcome(result, config);
  }

  private toolSetFor(mode: ModeConfig, loaded: ReadonlySet<string>): ToolSet {
    return buildToolSet({
      modeTools: this.o.modeService.toolNames(mode),
      registry: this.o.toolRegistry,
      loaded,
      canSpawn: this.o.depth < this.o.maxSubtaskDepth,
    });
  }

  private addUsage(s: Session, usage: LlmUsage): void {
    s.usage = addUsage(s.usage, usage);
    this.o.taskCallbacks.onUsage?.({ call: usage, run: s.usage });
  }

  private finish(
    s: Session,
    completedBy: CompletedBy,
    text: string,
    error?: { code: ErrorCode; message: string },
  ): AgentResult {
    return {
      text,
      completedBy,
      usage: s.usage,
      modelCalls: s.modelCalls,
      history: s.history,
      iterations: s.turns,
      mode: s.mode.slug,
      ...(error ? { error } : {}),
    };
  }

  private failed(s: Session, error: unknown): AgentResult {
    if (s.signal.aborted || isAgentError(error, 'CANCELLED')) return this.finish(s, 'cancelled', '');
    const agentError = isAgentError(error) ? error : new AgentError('INTERNAL', describeError(error));
    this.o.taskCallbacks.onError?.(agentError);
    return this.finish(s, 'error', agentError.message, { code: agentError.code, message: agentError.message });
  }
}
