import type { ApprovalDecision, ApprovalRequest } from '../ports/approval';
import { askRunApproval } from '../tool-execution/stages/approval';
import type { RiskLevel } from '../tools/types';
import { type DryRunResult, dryRunPlan } from './dryRun';
import type { ApprovedChanges } from '../tool-execution/ApprovedChanges';
import { executePlan, type ExecuteOptions } from './executor';
import { type PlanHost, type PlanSettings, validateForHost } from './host';
import type { PlanRunResult, ResumeState } from './progress';

export type RunPlanOptions = Omit<ExecuteOptions, 'approved'>;

export type RunPlanOutcome =
  | { status: 'rejected'; reason: string; dryRun: DryRunResult }
  | { status: 'ran'; result: PlanRunResult; dryRun: DryRunResult | null; rest: PlanRest | null };

/** What "Run the rest" continues: what a run left undone, and the confirmation it runs on (null: none was needed). */
export interface PlanRest {
  resume: ResumeState;
  approved: ApprovedChanges | null;
}

/** A plan run's result and, when it stopped part-way, its rest. */
export interface PlanRan {
  result: PlanRunResult;
  rest: PlanRest | null;
}

type RestOptions = Omit<ExecuteOptions, 'bindings' | 'resume' | 'approved'>;

async function executeOn(
  plan: unknown,
  approved: ApprovedChanges | null,
  host: PlanHost,
  options: Omit<ExecuteOptions, 'approved'>,
): Promise<PlanRan> {
  const result = await executePlan(plan, host, { ...options, approved });
  return { result, rest: result.resume ? { resume: result.resume, approved } : null };
}

/*
 * The plan policy, for every way a plan runs (a dry run's Approve, a saved action, the recipe fast path, "Run the
 * rest", in the panel and in the terminal): plan → preview → confirm once → execute what the preview showed.
 * The confirmation is the dry run's card (or the panel's Approve under its preview); after it, a call that makes
 * only changes the preview showed runs unasked, anything else is asked for on its own card.
 */

/**
 * Commands are confirmed; writes too, unless the policy is "review" (they are reviewed afterwards, in the Changes
 * view); with the "always" policy every plan is, reads included.
 */
export function needsPlanConfirmation(risk: RiskLevel, settings: Pick<PlanSettings, 'approval'>): boolean {
  if (settings.approval === 'always' || risk === 'commands') return true;
  return risk === 'writes' && settings.approval !== 'review';
}

/**
 * Asks the person once for the whole plan, showing the dry run's preview (`tool: "plan"`). Fails closed like
 * every approval: no port, a throw, a timeout or a cancel is a denial.
 */
export function confirmPlan(
  dryRun: DryRunResult,
  host: PlanHost,
  options: { runId: string; signal: AbortSignal },
): Promise<ApprovalDecision> {
  return askRunApproval(
    host.runs.approval,
    planApprovalRequest(dryRun, options.runId),
    options.signal,
    host.settings().approvalTimeoutMs,
  );
}

/** The confirmation a whole plan is asked with: its dry run's preview, titled by its headline. */
export function planApprovalRequest(dryRun: DryRunResult, runId: string): ApprovalRequest {
  return {
    runId,
    tool: 'plan',
    input: dryRun.plan,
    risk: dryRun.risk,
    preview: dryRun.preview,
    summary: dryRun.headline,
  };
}

/**
 * Plan → confirm → execute. A plan that writes or runs commands (or any plan with the "always" policy) is dry
 * run and confirmed once; after a yes, what its preview showed runs without asking twice, and anything else a
 * call comes to do (from an output known only at run time, a folder that changed, another note in the editor)
 * is asked for on its own card. Other plans run at once under per-call approval.
 */
export async function runPlan(plan: unknown, host: PlanHost, options: RunPlanOptions): Promise<RunPlanOutcome> {
  const { risk } = await validateForHost(plan, host, options.allowedTools);
  if (!needsPlanConfirmation(risk, host.settings())) {
    return { status: 'ran', ...(await executeOn(plan, null, host, options)), dryRun: null };
  }
  const previewId = `${options.runId}-preview`;
  const dryRun = await dryRunPlan(plan, host, {
    runId: previewId,
    signal: options.signal,
    bindings: options.resume?.bindings ?? options.bindings,
    allowedTools: options.allowedTools ?? null,
    resume: options.resume ?? null,
  });
  const decision = await confirmPlan(dryRun, host, { runId: options.runId, signal: options.signal });
  if (!decision.approved) return { status: 'rejected', reason: decision.reason, dryRun };
  return { status: 'ran', ...(await executeOn(dryRun.plan, dryRun.approved, host, options)), dryRun };
}

/**
 * Executes a plan the person approved under its dry run's preview (the panel's Approve): what the preview showed
 * runs unasked, anything else is asked for on its own card.
 */
export function executeApproved(
  dryRun: DryRunResult,
  host: PlanHost,
  options: Omit<ExecuteOptions, 'approved'>,
): Promise<PlanRan> {
  return executeOn(dryRun.plan, dryRun.approved, host, options);
}

/**
 * "Run the rest" of a plan that stopped part-way. The person confirmed the whole plan on its preview, and the rest
 * is part of it: it runs against that confirmation (`approved`, null when the plan needed none) and is not asked
 * for again; what the preview did not show (a folder that changed since, an output known only now) is asked for
 * on its own card, as in the first run.
 */
export function runRest(rest: PlanRest, host: PlanHost, options: RestOptions): Promise<PlanRan> {
  return executeOn(rest.resume.plan, rest.approved, host, {
    ...options,
    bindings: rest.resume.bindings,
    resume: rest.resume,
  });
}
