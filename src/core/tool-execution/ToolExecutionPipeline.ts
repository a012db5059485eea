import { AgentError, describeError, isAgentError } from '../errors';
import type { RunOriginSource } from '../checkpoints/types';
import type { ApprovalRequest, RunApproval } from '../ports/approval';
import type { YamlPort } from '../ports/yaml';
import type { ClockPort } from '../ports/clock';
import type { VaultPort } from '../ports/vault';
import type { AnyTool } from '../tools/BaseTool';
import type { ToolRegistry } from '../tools/ToolRegistry';
import type { PlannedChange, ToolContext, ToolMeta } from '../tools/types';
import { listEffects } from './ApprovedChanges';
import type { AuditLog } from './AuditLog';
import { CallReads } from './CallReads';
import { buildPreview, summarize } from './changePreview/buildPreview';
import type { IgnoreService } from './IgnoreService';
import { redactForReader, redactTextForReader } from './redact';
import { refuseRedactedOverwrite } from './stages/redactedOverwrite';
import type { ResultExternalizer } from './ResultExternalizer';
import { ShownState, type StaleFile } from './ShownState';
import { askRunApproval, denialError, needsApproval, unaskedNote } from './stages/approval';
import { checkpointTargets } from './stages/checkpointTargets';
import { changedPaths, checkPaths, listingOnce } from './stages/checkPaths';
import { resolveTool } from './stages/resolveTool';
import { ToolRepetitionDetector } from './ToolRepetitionDetector';
import type { CallOutcome, CallPreview, CheckpointRecorder, PipelineSettings, RunState, ToolCall } from './types';

export interface PipelineDeps {
  registry: ToolRegistry;
  ignore: IgnoreService;
  settings: () => PipelineSettings;
  /** Null means writes cannot be checkpointed, so they are refused. */
  checkpoints: CheckpointRecorder | null;
  audit: AuditLog;
  externalizer: ResultExternalizer | null;
  clock: ClockPort;
  /** The host's YAML parser: a card warns when a note's properties will not parse. */
  yaml: YamlPort;
  /** Secret values (the configured API key) that no result, nor any text a reader gets, may hold. */
  knownSecrets?: () => readonly string[];
}

/** How many cards one call may show when what they show keeps changing before the write; then it fails. */
const MAX_CARDS = 3;

interface Checkpoint {
  ref: string;
  seq: number;
  paths: string[];
  /** Each recorded file's blob id just before the write; null when absent. */
  before: Record<string, string | null>;
}

/** What showed the state a write is held to: a card, a plan's preview, or only its own description (a run-wide approval). */
type Basis = 'card' | 'preview' | 'described';

interface Cleared {
  changes: PlannedChange[];
  shown: ShownState;
  note: string;
  basis: Basis;
}

/**
 * A call past the stages before approval that `execute` and `preview` share: what those stages worked out, which
 * the later ones read instead of working it out again.
 */
interface Admitted {
  tool: AnyTool;
  /** The tool's row, looked up once for the call. */
  meta: ToolMeta;
  /** As the model or the plan step gave it, for the plan's approved set (which keys a call by it). */
  rawInput: unknown;
  /** Validated, defaults filled in: the one object every later stage and the tool get. */
  input: unknown;
  settings: PipelineSettings;
  reads: CallReads;
  context: ToolContext;
}

/** Files that were not as shown when the write came, and what had shown them. */
interface Stale {
  files: StaleFile[];
  basis: Basis;
}

const SINCE: Record<Basis, string> = {
  card: 'the card you answered was made',
  preview: "the plan's preview you approved was made",
  described: 'this call was worked out ("Approve all for this run" let it through unseen)',
};

const staleList = (files: readonly StaleFile[]): string =>
  listEffects(files.map((file) => `"${file.path}" ${file.how}`));

function staleNote(again: Stale): string {
  return `${staleList(again.files)} after ${SINCE[again.basis]}, by another program (an editor, a sync): this card shows it as it is now. Nothing has been written yet.`;
}

/**
 * The one way a tool runs, from the agent loop, a plan, a recipe or a saved action. It only orders the stages:
 * resolve (exists, mode, settings gate) → validate → repetition → paths (sandbox, ignore rules) → approval with a
 * change preview → checkpoint → execute → externalize → audit. Every failure becomes an error outcome; nothing
 * that needs approval or a checkpoint runs without one. `preview` runs the same stages up to the approval, for a
 * plan's dry run.
 */
export class ToolExecutionPipeline {
  constructor(private readonly deps: PipelineDeps) {}

  startRun(
    runId: string,
    options: {
      ports: RunState['ports'];
      signal: AbortSignal;
      /** Who answers the run's approvals: every card of the run asks it, and names its owner. */
      approval: RunApproval;
      allowedTools?: ReadonlySet<string> | null;
      externalize?: boolean;
      passOutputsOn?: boolean;
      /** Who makes the run, recorded with its checkpoints. */
      origin?: RunOriginSource;
    },
  ): RunState {
    this.deps.checkpoints?.beginRun(runId, options.origin);
    return {
      runId,
      approval: options.approval,
      allowedTools: options.allowedTools ?? null,
      approvedForRun: false,
      callCount: 0,
      repetition: new ToolRepetitionDetector(),
      signal: options.signal,
      ports: options.ports,
      externalize: options.externalize ?? true,
      passOutputsOn: options.passOutputsOn ?? false,
    };
  }

  /** Ends a run: removes its externalized results and waits for its audit lines. */
  async endRun(run: RunState): Promise<void> {
    await this.deps.checkpoints?.endRun(run.runId);
    await this.deps.externalizer?.cleanup(run.runId).catch(() => undefined);
    await this.deps.audit.flush();
  }

  /**
   * Runs the calls of one model turn: consecutive parallel-safe reads together, everything else one at a time
   * in order. With the "always" approval policy every call is asked for, so all run one at a time.
   */
  async executeBatch(calls: readonly ToolCall[], run: RunState): Promise<CallOutcome[]> {
    const outcomes: CallOutcome[] = [];
    const parallel = (call: ToolCall): boolean =>
      this.deps.settings().approval !== 'always' && this.deps.registry.get(call.name)?.meta.parallelSafe === true;
    for (let i = 0; i < calls.length;) {
      if (!parallel(calls[i] as ToolCall)) {
        outcomes.push(await this.execute(calls[i] as ToolCall, run));
        i++;
        continue;
      }
      let end = i;
      while (end < calls.length && parallel(calls[end] as ToolCall)) end++;
      outcomes.push(...(await Promise.all(calls.slice(i, end).map((call) => this.execute(call, run)))));
      i = end;
    }
    return outcomes;
  }

  /** Whether the ignore rules let the agent read a path, once the rules are loaded: for what a run sends unasked. */
  async readablePaths(): Promise<(path: string) => boolean> {
    await this.deps.ignore.ensureLoaded();
    return this.readable;
  }

  private readonly readable = (path: string): boolean => this.deps.ignore.denial(path, 'read') === null;

  private knownSecrets(): readonly string[] {
    return this.deps.knownSecrets?.() ?? [];
  }

  async execute(call: ToolCall, run: RunState): Promise<CallOutcome> {
    const started = this.deps.clock.now();
    const callIndex = ++run.callCount;
    let approvalNote = 'auto';
    let checkpoint: Checkpoint | undefined;
    let tool: AnyTool | undefined;
    try {
      tool = this.resolve(call, run, 'run: the run was cancelled');
      const admitted = await this.admit(tool, call, run);
      const { meta, input, reads, context } = admitted;
      const asks = needsApproval(meta, admitted.settings);
      let again: Stale | null = null;
      for (let cards = 1; ; cards++) {
        reads.forget();
        const cleared = await this.clear(admitted, run, asks, again);
        approvalNote = cleared.note;
        const changes = cleared.changes;
        if (!meta.isWrite && !changes.some((change) => change.kind === 'command' && change.activeFile)) break;
        checkpoint = await this.checkpoint(tool, changes, run);
        const stale = await cleared.shown.stale(checkpoint.before, context.vault);
        if (stale.length === 0) break;
        // Nothing was written: recording that releases the files for other runs and keeps revert exact.
        await this.deps.checkpoints?.recordAfter(run.runId, checkpoint.seq, checkpoint.paths).catch(() => undefined);
        checkpoint = undefined;
        if (cards >= MAX_CARDS) {
          throw new AgentError(
            'ETAG_MISMATCH',
            `${tool.name} was not run: ${staleList(stale)} again after each of ${MAX_CARDS} cards, as another program (an editor, a sync) keeps writing to it; nothing was written. Try again once it has settled.`,
          );
        }
        again = { files: stale, basis: cleared.basis };
      }
      if (meta.isWrite || meta.risk === 'commands') {
        // On disk before the write, so a crash during it still leaves the write's line (a restart adds "interrupted").
        await this.deps.audit.started({
          runId: run.runId,
          tool: call.name,
          args: call.input,
          call: callIndex,
          approval: approvalNote,
          ...(checkpoint ? { checkpoint: checkpoint.ref } : {}),
        });
      }
      const output = await this.runTool(tool, input, context, run, checkpoint);
      // What a reader gets holds no key: the model, an outside client, the panel showing the call (see redact.ts).
      const secrets = this.knownSecrets();
      const redacted = redactForReader(output, secrets);
      const content =
        run.externalize && this.deps.externalizer
          ? await this.deps.externalizer.contentFor(run.runId, tool, callIndex, output, input)
          : (JSON.stringify(redacted) ?? 'null');
      return this.finish(
        call,
        callIndex,
        run,
        started,
        { ok: true, output: run.passOutputsOn ? output : redacted, content, checkpoint: checkpoint?.ref },
        approvalNote,
      );
    } catch (error) {
      const code = isAgentError(error) ? error.code : 'INTERNAL';
      const secrets = this.knownSecrets();
      const message = redactTextForReader(describeError(error), secrets);
      if (code === 'DENIED') approvalNote = 'denied';
      const content = redactTextForReader(
        tool ? tool.formatError(error) : `<error tool="${call.name}" code="${code}">${message}</error>`,
        secrets,
      );
      return this.finish(
        call,
        callIndex,
        run,
        started,
        { ok: false, error: { code, message }, content, checkpoint: checkpoint?.ref },
        approvalNote,
      );
    }
  }

  /**
   * A call as a plan's dry run shows it: the stages of `execute`, in its order, up to and not including the
   * approval (resolve, validate, repetition, what the call would change and the path stage, for every tool, since
   * a dry run simulates reads with an effect too), then the change preview a card would show, `shown` recording
   * what it showed of each file. Asks, checkpoints, writes and audits nothing; a stage's refusal is thrown.
   */
  async preview(call: ToolCall, run: RunState, shown = new ShownState()): Promise<CallPreview> {
    const tool = this.resolve(call, run, 'previewed: the dry run was cancelled');
    const admitted = await this.admit(tool, call, run);
    const { input, context } = admitted;
    const changes = await this.described(admitted, true);
    const preview = await buildPreview(changes, context.vault, this.deps.yaml, shown);
    return { tool, input, changes, preview, shown };
  }

  /** The run is not cancelled, then stage 1: the tool exists, the mode allows it, its gate is open. */
  private resolve(call: ToolCall, run: RunState, cancelled: string): AnyTool {
    if (run.signal.aborted) throw new AgentError('CANCELLED', `${call.name} was not ${cancelled}`);
    return resolveTool(this.deps.registry, call.name, run, this.deps.settings());
  }

  /** Validate and repetition; then the ignore rules loaded, and a context whose reads one phase of the call shares. */
  private async admit(tool: AnyTool, call: ToolCall, run: RunState): Promise<Admitted> {
    const settings = this.deps.settings();
    const meta = tool.meta;
    const input = tool.validate(call.input);
    run.repetition.check(tool.name, input, meta.searchQuery);
    await this.deps.ignore.ensureLoaded();
    const reads = new CallReads(run.ports.vault);
    // A run may list and read the results it stored, and no other run's.
    const readable = (path: string): boolean => this.deps.ignore.denial(path, 'read', run.runId) === null;
    const context: ToolContext = {
      ...run.ports,
      vault: reads.vault,
      signal: run.signal,
      runId: run.runId,
      readable,
      once: reads.once,
    };
    return { tool, meta, rawInput: call.input, input, settings, reads, context };
  }

  /** What the call would change (nothing unless `describe`), held to the sandbox and the ignore rules: the path stage. */
  private async described({ tool, meta, input, context }: Admitted, describe: boolean): Promise<PlannedChange[]> {
    const changes = describe ? await tool.describeChanges(input, context) : [];
    await checkPaths(meta, input, changes, this.deps.ignore, context.vault, context.runId);
    await refuseRedactedOverwrite(changes, context.vault, this.knownSecrets());
    return changes;
  }

  /**
   * Works out what the call changes and whether it may: as the plan's preview showed it, or on a card (again when
   * `again` says what went stale), or under "Approve all for this run". Returns the changes to checkpoint and what
   * was shown of the files they write, with what showed it.
   */
  private async clear(admitted: Admitted, run: RunState, asks: boolean, again: Stale | null): Promise<Cleared> {
    const { tool, meta, rawInput, input, context, settings, reads } = admitted;
    const changes = await this.described(admitted, meta.isWrite || asks);
    if (!asks) return { changes, shown: new ShownState(), note: unaskedNote(meta, settings), basis: 'described' };
    const review = run.approvedChanges
      ? await run.approvedChanges.review(tool.name, rawInput, changes, context.vault)
      : null;
    const unshown = review?.unshown ?? null;
    if (review && review.unshown.length === 0 && !again)
      return { changes, shown: review.shown, note: 'approved-in-preview', basis: 'preview' };
    const carded = again !== null || !run.approvedForRun;
    const shown = new ShownState();
    const note = await this.approve(
      tool,
      input,
      changes,
      run,
      settings,
      unshown?.length ? unshown : null,
      again,
      shown,
      context.vault,
    );
    // What was read before the answer may be old now.
    reads.forget();
    if (!carded) return { changes, shown: ShownState.ofCreates(changes), note, basis: 'described' };
    return {
      changes: meta.isWrite ? await this.stillAsApproved(admitted, changes) : changes,
      shown,
      note,
      basis: 'card',
    };
  }

  /**
   * `unshown`: in a plan run, what of this call its preview did not show; `again`: what changed since the call was
   * last shown or let through. Either is said on the card, and `again` asks even under "Approve all for this run".
   */
  private async approve(
    tool: AnyTool,
    input: unknown,
    changes: PlannedChange[],
    run: RunState,
    settings: PipelineSettings,
    unshown: string[] | null,
    again: Stale | null,
    shown: ShownState,
    vault: VaultPort,
  ): Promise<string> {
    if (run.approvedForRun && !again) return 'approved-for-run';
    const preview = await buildPreview(changes, vault, this.deps.yaml, shown);
    if (again) preview.notes.push(staleNote(again));
    if (unshown)
      preview.notes.push(
        `The plan's preview you approved did not show this: ${listEffects(unshown)}. Approve it only if you expect it.`,
      );
    const request = {
      runId: run.runId,
      tool: tool.name,
      input,
      risk: tool.meta.risk,
      preview,
      summary: summarize(tool.name, changes),
    };
    const decision = await askRunApproval(run.approval, request, run.signal, settings.approvalTimeoutMs);
    if (!decision.approved && unshown) {
      throw new AgentError(
        'DENIED',
        `${tool.name} was not approved: it would ${listEffects(unshown)}, which the plan's preview did not show, and ${decision.reason}. Nothing was changed.`,
      );
    }
    if (!decision.approved) throw denialError(tool.name, decision);
    if (decision.scope === 'run') run.approvedForRun = true;
    // The audit line tells a person's yes from a client's: only the former saw this card.
    if (decision.by === 'client') return 'approved-by-client';
    if (decision.by === 'client-form') return 'approved-in-client-form';
    if (decision.by === 'review') return 'review';
    return decision.scope === 'run' ? 'approved-for-run' : 'approved';
  }

  /**
   * Asks about something that widens what the run may do (a mode switch that adds tools), failing closed as every
   * approval does. An "Approve all for this run" was given for what the run could do then: it does not answer this
   * question and ends with a yes to it; a "run" answer here starts a new one. Throws DENIED when not approved.
   */
  async approveWidening(run: RunState, request: Omit<ApprovalRequest, 'runId'>): Promise<void> {
    const decision = await askRunApproval(
      run.approval,
      { ...request, runId: run.runId },
      run.signal,
      this.deps.settings().approvalTimeoutMs,
    );
    if (!decision.approved) throw denialError(request.tool, decision);
    run.approvedForRun = decision.scope === 'run';
  }

  /**
   * An answer can take minutes, and meanwhile the user may open another note (the one behind the editor is what
   * editor tools write) or files may come and go: the call may then write only paths that were shown.
   */
  private async stillAsApproved(
    { tool, input, context }: Admitted,
    approved: PlannedChange[],
  ): Promise<PlannedChange[]> {
    const now = await tool.describeChanges(input, context);
    // Both sides as the folders they move or delete hold now (a note that arrived in a folder the card showed
    // going goes with it), each folder listed once.
    const vault = listingOnce(context.vault);
    const shown = new Set(await changedPaths(approved, vault));
    const other = (await changedPaths(now, vault)).find((path) => !shown.has(path));
    if (other !== undefined) {
      // A note that came to link to what moves may be one the ignore rules hide: the agent must not learn its name.
      const named = this.deps.ignore.denial(other, 'read') === null ? `"${other}"` : 'a note the ignore rules hide';
      throw new AgentError(
        'DENIED',
        `${tool.name} was not approved for ${named}: while it waited for approval it came to change that instead of what was shown. Nothing was changed.`,
      );
    }
    return now;
  }

  private async checkpoint(tool: AnyTool, changes: PlannedChange[], run: RunState): Promise<Checkpoint> {
    if (!this.deps.checkpoints) {
      throw new AgentError(
        'NOT_ALLOWED',
        `${tool.name} was not run: checkpoints are unavailable, and no note is changed without one`,
      );
    }
    const targets = await checkpointTargets(changes, run.ports.vault);
    try {
      const { seq, before } = await this.deps.checkpoints.checkpoint(run.runId, { tool: tool.name, ...targets }, () =>
        checkpointTargets(changes, run.ports.vault),
      );
      return { ref: `${run.runId}#${seq}`, seq, paths: targets.paths, before };
    } catch (error) {
      throw new AgentError(
        'INTERNAL',
        `${tool.name} was not run: the checkpoint before it failed (${describeError(error)}), and no note is changed without one`,
      );
    }
  }

  private async runTool(
    tool: AnyTool,
    input: unknown,
    context: ToolContext,
    run: RunState,
    checkpoint: { seq: number; paths: string[] } | undefined,
  ): Promise<unknown> {
    try {
      return await tool.execute(input, context);
    } finally {
      // After the write (or its failure part-way), so revert can tell the run's own changes from later edits.
      if (checkpoint && this.deps.checkpoints)
        await this.deps.checkpoints.recordAfter(run.runId, checkpoint.seq, checkpoint.paths).catch(() => undefined);
    }
  }

  private async finish(
    call: ToolCall,
    callIndex: number,
    run: RunState,
    started: number,
    result: Omit<CallOutcome, 'callId' | 'tool' | 'durationMs'>,
    approval: string,
  ): Promise<CallOutcome> {
    const durationMs = this.deps.clock.now() - started;
    const outcome: CallOutcome = { callId: call.id, tool: call.name, durationMs, ...result };
    void this.deps.audit.record({
      runId: run.runId,
      tool: call.name,
      args: call.input,
      ok: result.ok,
      error: result.error?.message ?? null,
      code: result.error?.code ?? null,
      durationMs,
      approval,
      call: callIndex,
      ...(result.checkpoint ? { checkpoint: result.checkpoint } : {}),
    });
    return outcome;
  }
}
