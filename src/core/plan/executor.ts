import { describeError, isAgentError } from '../errors';
import type { ApprovedChanges } from '../tool-execution/ApprovedChanges';
import type { PlanBindings } from './bindings';
import { type CallResult, type StepCall, walkPlan, type WalkResult } from './engine';
import { type PlanHost, validateForHost } from './host';
import type { PlanProgress, PlanRunResult, ResumeState } from './progress';
import type { ActionPlan } from './types';

export interface ExecuteOptions {
  runId: string;
  signal: AbortSignal;
  bindings: PlanBindings;
  /** The current mode's tools; null allows every tool. */
  allowedTools?: ReadonlySet<string> | null;
  /**
   * What the person approved in this plan's dry run: a call that makes only those changes is not asked for again;
   * anything else is asked for on its own card. Without it, the pipeline asks for each call that needs approval.
   */
  approved?: ApprovedChanges | null;
  onProgress?: (event: PlanProgress) => void;
  /** Run only what an earlier run left undone. */
  resume?: ResumeState | null;
}

/** Errors that come out the same however often the call is repeated, or that the person chose. */
const NOT_RETRIED: ReadonlySet<string> = new Set([
  'DENIED',
  'CANCELLED',
  'INVALID_INPUT',
  'INVALID_PATH',
  'FORBIDDEN_PATH',
  'NOT_ALLOWED',
  'UNKNOWN_TOOL',
  'INVALID_PLAN',
]);
const DEFAULT_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 60_000;

/**
 * Runs a plan: validated again against the current settings and mode, steps in run order, every call through
 * the pipeline in one run (approval, sandbox, checkpoints, audit), retries waiting on the clock port. Returns
 * what happened to every step and item, and, when not everything ran, the state `resumePlan` needs.
 */
export async function executePlan(plan: unknown, host: PlanHost, options: ExecuteOptions): Promise<PlanRunResult> {
  const { plan: valid, order } = await validateForHost(plan, host, options.allowedTools);
  const run = host.runs.open(options.runId, {
    ports: host.ports,
    signal: options.signal,
    allowedTools: options.allowedTools ?? null,
    externalize: false,
    passOutputsOn: true,
  });
  if (options.approved) run.approvedChanges = options.approved;
  const clock = host.ports.clock;
  const maxRetries = host.settings().maxRetries;
  // Resuming replays the first run's context, so the rest sees the same selection, date and parameters.
  const bindings = options.resume?.bindings ?? options.bindings;
  let walked: WalkResult;
  try {
    walked = await walkPlan({
      plan: valid,
      order,
      bindings,
      signal: options.signal,
      resume: options.resume ?? null,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      perform: async (call: StepCall): Promise<CallResult> => {
        const onError = call.step.onError ?? 'stop';
        const attempts = onError === 'retry' ? (call.step.retry?.maxAttempts ?? maxRetries + 1) : 1;
        const backoff = call.step.retry?.backoffMs ?? DEFAULT_BACKOFF_MS;
        for (let attempt = 1; ; attempt++) {
          // A plan's repeats are deliberate (retries, equal items) and approved: the agent loop's repetition guard does not apply.
          run.repetition.reset();
          const outcome = await host.pipeline.execute(
            { id: call.callId, name: call.step.tool, input: call.input },
            run,
          );
          if (outcome.ok) return { ok: true, output: outcome.output, attempts: attempt };
          const error = outcome.error ?? { code: 'INTERNAL', message: `${call.step.tool} failed` };
          if (attempt >= attempts || NOT_RETRIED.has(error.code)) return { ok: false, error, attempts: attempt };
          const delayMs = Math.min(backoff * 2 ** (attempt - 1), MAX_BACKOFF_MS);
          options.onProgress?.({
            type: 'retrying',
            stepId: call.step.id,
            ...(call.item ? { item: call.item.index + 1 } : {}),
            attempt: attempt + 1,
            of: attempts,
            delayMs,
            message: `${error.message}; trying again in ${delayMs} ms (attempt ${attempt + 1} of ${attempts})`,
          });
          try {
            await clock.sleep(delayMs, options.signal);
          } catch (cause) {
            const code = isAgentError(cause) ? cause.code : 'CANCELLED';
            return {
              ok: false,
              error: { code, message: `${call.step.tool} was not retried: ${describeError(cause)}` },
              attempts: attempt,
            };
          }
        }
      },
    });
  } finally {
    await host.runs.end(run);
  }
  return runResult(options.runId, valid, bindings, walked);
}

/** Runs only what `resume` says is left: finished steps and items keep their outputs, the rest runs. */
export function resumePlan(
  resume: ResumeState,
  host: PlanHost,
  options: Omit<ExecuteOptions, 'bindings' | 'resume'>,
): Promise<PlanRunResult> {
  return executePlan(resume.plan, host, { ...options, bindings: resume.bindings, resume });
}

function runResult(runId: string, plan: ActionPlan, bindings: PlanBindings, walked: WalkResult): PlanRunResult {
  const failures: PlanRunResult['failures'] = [];
  const summary: string[] = [];
  for (const step of walked.steps) {
    if (step.status !== 'not-run' && step.status !== 'cancelled')
      summary.push(`${step.id} (${step.tool}): ${step.message}`);
    if (step.items) {
      for (const item of step.items)
        if (item.status === 'failed' && item.error)
          failures.push({ stepId: step.id, tool: step.tool, item: item.index, label: item.label, error: item.error });
    } else if (step.status === 'failed' && step.error) {
      failures.push({ stepId: step.id, tool: step.tool, error: step.error });
    }
  }
  const notRun = walked.steps
    .filter((step) => step.status === 'not-run' || step.status === 'cancelled' || step.status === 'skipped')
    .map((step) => step.id);
  if (notRun.length > 0) summary.push(`Not run: ${notRun.join(', ')}`);
  const resume: ResumeState | null = walked.status === 'completed' ? null : { plan, bindings, steps: {} };
  if (resume) {
    for (const step of walked.steps) {
      const list = walked.lists.get(step.id);
      if (step.status === 'ok') resume.steps[step.id] = { output: step.output };
      else if (list && step.items?.some((item) => item.status === 'ok')) {
        resume.steps[step.id] = {
          items: list,
          done: Object.fromEntries(
            step.items.filter((item) => item.status === 'ok').map((item) => [item.index, item.output]),
          ),
        };
      }
    }
  }
  return { runId, status: walked.status, steps: walked.steps, summary, failures, resume };
}
