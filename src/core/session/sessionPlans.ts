import { AgentError } from '../errors';
import type {
  ActionPlan,
  DryRunResult,
  MissingInput,
  PlanBindings,
  PlanContext,
  PlanEdit,
  PlanHost,
  PlanProgress,
  PlanRest,
  RunPlanOutcome,
  SavedAction,
  SavedActionOutcome,
} from '../plan';
import type { LlmPort } from '../ports/llm';
import type { RunIds } from './runIds';
import { PLAN_AUTHOR, savedActionAuthor } from './runAuthors';

/**
 * The plan machinery (and the JSON-schema validator under it), loaded by the first plan a session previews or runs:
 * a session is made when the chat panel opens, and most conversations never plan.
 */
const planModule = (): Promise<typeof import('../plan')> => import('../plan');

/** What a shell hears while a plan previews or runs, and how it answers a plan's missing inputs. */
export interface PlanEvents {
  onProgress?: (event: PlanProgress) => void;
  /** Asks for the inputs a planned message uses and the context lacks; null (or no callback) previews nothing. */
  askInputs?: (missing: MissingInput[]) => Promise<Record<string, string> | null>;
}

/** A plan after its dry run: exactly what the preview showed, with the context it was bound to. */
export interface PreviewedPlan {
  runId: string;
  plan: ActionPlan;
  dryRun: DryRunResult;
  bindings: PlanBindings;
  context: PlanContext;
}

export type DryRunOutcome =
  { status: 'previewed'; previewed: PreviewedPlan } | { status: 'needs-input'; missing: MissingInput[] };

/** A saved action's outcome; a prompt action comes back bound, for the shell to send as a typed message. */
export type ActionOutcome = SavedActionOutcome | { status: 'prompt'; message: string };

/** Where a session finds saved actions: the panel's store, or the vault's data.json in the terminal. */
export interface SavedActionSource {
  list(): readonly SavedAction[];
  /** Entries that could not be loaded, with why. */
  readonly loadProblems?: readonly string[];
}

export interface SessionPlansOptions {
  host: () => Promise<PlanHost>;
  llm: () => Promise<LlmPort>;
  settings: () => { maxTokens: number; temperature: number };
  runIds: RunIds;
  runPrefix: string;
  savedActions?: () => Promise<SavedActionSource>;
}

/** Who a saved action's cards say asks: "Saved action “Weekly note” wants to create …". */
/** The host whose runs are recorded as a plan's (an outside client's stay the client's). */
function planAuthored(host: PlanHost): PlanHost {
  return { ...host, runs: host.runs.authoredBy?.(PLAN_AUTHOR) ?? host.runs };
}

export function savedActionOwner(name: string): string {
  return `Saved action “${name}”`;
}

/**
 * The plan side of a session, for every shell: a dry run (plan with the model, bind, preview), running what a
 * preview showed, saved actions and "Run the rest". Each follows core/plan/runPlan's policy, with run ids from
 * the session, so the panel and the terminal ask the same questions and write the same files.
 */
export class SessionPlans {
  constructor(private readonly o: SessionPlansOptions) {}

  /** Plans `message` with the session's model and previews it; writes nothing. Throws why it could not. */
  async dryRun(message: string, events: PlanEvents, signal: AbortSignal): Promise<DryRunOutcome> {
    const plan = await planModule();
    const host = await this.o.host();
    const policy = await plan.planPolicy(host, null);
    const context = plan.readPlanContext(host);
    const settings = this.o.settings();
    const { validation } = await plan.requestPlan({
      llm: await this.o.llm(),
      policy,
      instruction: message,
      context: { activeFile: context.activeFile, selection: context.selection },
      signal,
      maxTokens: settings.maxTokens,
      temperature: settings.temperature,
    });
    const bound = plan.bindPlan(validation.plan, context);
    let bindings = bound.bindings;
    if (bound.missing.length > 0) {
      const values = (await events.askInputs?.(bound.missing)) ?? null;
      if (!values) return { status: 'needs-input', missing: bound.missing };
      bindings = plan.bindPlan(validation.plan, context, values).bindings;
    }
    const runId = this.o.runIds.next(`${this.o.runPrefix}-dry`);
    return {
      status: 'previewed',
      previewed: await this.preview(host, { runId, plan: validation.plan, bindings, context }, signal),
    };
  }

  /** Applies edits to a previewed plan, validates it again and previews it again; throws when it is not valid. */
  async editPlan(previewed: PreviewedPlan, edits: PlanEdit[], signal: AbortSignal): Promise<PreviewedPlan> {
    const plan = await planModule();
    const host = await this.o.host();
    const validation = plan.applyPlanEdits(previewed.plan, edits, await plan.planPolicy(host, null));
    if (!validation.ok) throw new Error(`The edited plan is not valid:\n${validation.errors.join('\n')}`);
    return this.preview(host, { ...previewed, plan: validation.plan }, signal);
  }

  /**
   * Runs a plan under the one policy. A previewed plan was confirmed by the shell's question under its preview
   * (the panel's Approve, the terminal's "Run it?"): what it showed runs unasked. Any other plan is dry run and
   * confirmed once through the approval port when it writes or runs commands.
   */
  async runPlan(
    target: PreviewedPlan | { plan: ActionPlan; bindings?: PlanBindings },
    events: PlanEvents,
    signal: AbortSignal,
  ): Promise<RunPlanOutcome> {
    const plan = await planModule();
    const host = planAuthored(await this.o.host());
    const progress = events.onProgress ? { onProgress: events.onProgress } : {};
    if ('dryRun' in target) {
      const ran = await plan.executeApproved(target.dryRun, host, {
        runId: target.runId,
        signal,
        bindings: target.bindings,
        ...progress,
      });
      return { status: 'ran', ...ran, dryRun: target.dryRun };
    }
    await host.ignore.ensureLoaded();
    const bindings = target.bindings ?? plan.bindPlan(target.plan, plan.readPlanContext(host)).bindings;
    return plan.runPlan(target.plan, host, {
      runId: this.o.runIds.next(`${this.o.runPrefix}-plan`),
      signal,
      bindings,
      ...progress,
    });
  }

  /** "Run the rest": on the first confirmation; what the preview did not show is asked for on its own card. */
  async runRest(rest: PlanRest, events: PlanEvents, signal: AbortSignal): Promise<RunPlanOutcome> {
    const plan = await planModule();
    const host = planAuthored(await this.o.host());
    const ran = await plan.runRest(rest, host, {
      runId: this.o.runIds.next(`${this.o.runPrefix}-rest`),
      signal,
      ...(events.onProgress ? { onProgress: events.onProgress } : {}),
    });
    return { status: 'ran', ...ran, dryRun: null };
  }

  /** The saved actions a shell can run, and entries that could not be loaded; none when there is no source. */
  async savedActions(): Promise<{ actions: readonly SavedAction[]; problems: readonly string[] }> {
    const source = await this.o.savedActions?.();
    return { actions: source?.list() ?? [], problems: source?.loadProblems ?? [] };
  }

  /** The action with this id, else the one with this name (ignoring case); throws `NOT_FOUND` naming what was asked. */
  async findSavedAction(idOrName: string): Promise<SavedAction> {
    const { actions } = await this.savedActions();
    const wanted = idOrName.trim();
    const found =
      actions.find((action) => action.id === wanted) ??
      actions.find((action) => action.name.toLowerCase() === wanted.toLowerCase());
    if (!found)
      throw new AgentError(
        'NOT_FOUND',
        `No saved action has the id or name "${wanted}"; it may have been deleted or could not be loaded.`,
      );
    return found;
  }

  /** The inputs the action would ask for if it ran now with `values`; empty when it can run as it is. */
  async savedActionInputs(action: SavedAction, values: Readonly<Record<string, string>> = {}): Promise<MissingInput[]> {
    const plan = await planModule();
    const host = await this.o.host();
    await host.ignore.ensureLoaded();
    return plan.missingInputs(action, host, values);
  }

  /**
   * Binds a saved action from where the person works and `values`; returns the missing inputs for the shell to ask
   * for, a prompt action's message for the shell to send, or plan → preview → confirm once → execute.
   */
  async runSavedAction(
    idOrAction: string | SavedAction,
    values: Readonly<Record<string, string>>,
    events: PlanEvents,
    signal: AbortSignal,
    allowedTools: ReadonlySet<string> | null = null,
  ): Promise<ActionOutcome> {
    const plan = await planModule();
    const action = typeof idOrAction === 'string' ? await this.findSavedAction(idOrAction) : idOrAction;
    const host = await this.o.host();
    if (action.kind === 'prompt') {
      const bound = await plan.preparePromptAction(action, host, values);
      return bound.status === 'ready' ? { status: 'prompt', message: bound.message } : bound;
    }
    const runId = this.o.runIds.next(`${this.o.runPrefix}-saved-${action.id}`);
    // Every card of the run names the action (an outside client's run keeps naming the client).
    const owned = {
      ...host,
      runs: host.runs.ownedBy(() => savedActionOwner(action.name), savedActionAuthor(action.name)),
    };
    return plan.runSavedAction(action, owned, {
      runId,
      signal,
      values,
      allowedTools,
      ...(events.onProgress ? { onProgress: events.onProgress } : {}),
    });
  }

  private async preview(
    host: PlanHost,
    draft: Omit<PreviewedPlan, 'dryRun'>,
    signal: AbortSignal,
  ): Promise<PreviewedPlan> {
    const plan = await planModule();
    const dryRun = await plan.dryRunPlan(draft.plan, host, {
      runId: `${draft.runId}-preview`,
      signal,
      bindings: draft.bindings,
    });
    return { ...draft, plan: dryRun.plan, dryRun };
  }
}
