import { describeError, isAgentError } from '../errors';
import { redact } from '../tool-execution/redact';
import type { PlanBindings } from './bindings';
import { foreachMessage, itemLabel, okMessage, statusPhrase } from './messages';
import { dependenciesOf } from './order';
import { pathFieldsOf } from './pathValues';
import type { CallError, ItemResult, PlanProgress, PlanStatus, ResumeState, StepResult, StepStatus } from './progress';
import { resolveArgs, resolveString, type Scope, UNKNOWN, UnknownValueError } from './resolve';
import { typeName } from './schema';
import { type ActionPlan, type PlanStep, stepLabel } from './types';

/** One tool call a step makes (one per element with foreach), with its references already resolved. */
export interface StepCall {
  step: PlanStep;
  /** "steps[3] (createNotes)". */
  label: string;
  callId: string;
  input: Record<string, unknown>;
  item?: { index: number; count: number };
}

export type CallResult =
  { ok: true; output: unknown; attempts: number } | { ok: false; error: CallError; attempts: number };

export interface WalkOptions {
  plan: ActionPlan;
  /** Step ids in run order (from validation). */
  order: readonly string[];
  bindings: PlanBindings;
  signal: AbortSignal;
  resume?: ResumeState | null;
  onProgress?: (event: PlanProgress) => void;
  /** Runs (or, in a dry run, simulates) one call. */
  perform(call: StepCall): Promise<CallResult>;
}

export interface WalkResult {
  status: PlanStatus;
  steps: StepResult[];
  /** The list each foreach step went over, for resume state. */
  lists: Map<string, unknown[]>;
}

/** Statuses after which dependent steps may run. */
const USABLE: ReadonlySet<StepStatus | undefined> = new Set<StepStatus | undefined>(['ok', 'partial', 'unknown']);

/**
 * Walks a validated plan in run order, the same way for a real run and a dry run: a step whose dependency
 * failed is skipped, onError decides whether a failure ends the plan, foreach runs once per element, and the
 * signal stops it between steps and between elements. Calls go to `perform`.
 */
export async function walkPlan(options: WalkOptions): Promise<WalkResult> {
  const walk = new Walk(options);
  const steps: StepResult[] = [];
  for (const [position, id] of options.order.entries()) steps.push(await walk.step(id, position + 1));
  const statuses = new Set(steps.map((step) => step.status));
  const status: PlanStatus = statuses.has('cancelled')
    ? 'cancelled'
    : walk.stoppedAt
      ? 'failed'
      : [...statuses].some((s) => s === 'failed' || s === 'partial' || s === 'skipped')
        ? 'partial'
        : 'completed';
  return { status, steps, lists: walk.lists };
}

class Walk {
  readonly lists = new Map<string, unknown[]>();
  stoppedAt: string | null = null;
  private cancelled = false;
  private readonly outputs = new Map<string, unknown>();
  private readonly results = new Map<string, StepResult>();
  private readonly byId: Map<string, { step: PlanStep; index: number }>;
  private readonly ids: Set<string>;

  constructor(private readonly options: WalkOptions) {
    this.byId = new Map(options.plan.steps.map((step, index) => [step.id, { step, index }]));
    this.ids = new Set(this.byId.keys());
  }

  private emit(event: PlanProgress): void {
    this.options.onProgress?.(event);
  }

  async step(id: string, position: number): Promise<StepResult> {
    const { step, index } = this.byId.get(id) as { step: PlanStep; index: number };
    const label = stepLabel(index, id);
    const total = this.options.order.length;
    const base = { id, tool: step.tool, index, attempts: 0 };
    if (!this.cancelled && !this.stoppedAt && this.options.signal.aborted) this.cancelled = true;
    let result: StepResult;
    if (this.cancelled) result = { ...base, status: 'cancelled', message: 'not run: the run was cancelled' };
    else if (this.stoppedAt)
      result = { ...base, status: 'not-run', message: `not run: the plan stopped at ${this.stoppedAt}` };
    else {
      const blocker = dependenciesOf(step, this.ids).find((dep) => !USABLE.has(this.results.get(dep)?.status));
      if (blocker) {
        result = {
          ...base,
          status: 'skipped',
          message: `not run: it needs step "${blocker}", which ${statusPhrase(this.results.get(blocker)?.status)}`,
        };
      } else {
        result = await this.run(step, label, position);
      }
    }
    this.results.set(id, result);
    if (USABLE.has(result.status)) this.outputs.set(id, result.status === 'unknown' ? UNKNOWN : result.output);
    if (result.status === 'cancelled') this.cancelled = true;
    else if (result.status === 'failed' && (step.onError ?? 'stop') !== 'skip' && !this.stoppedAt)
      this.stoppedAt = label;
    this.emit({
      type: 'step-finished',
      stepId: id,
      tool: step.tool,
      position,
      total,
      status: result.status,
      message: result.message,
    });
    return result;
  }

  private async run(step: PlanStep, label: string, position: number): Promise<StepResult> {
    const base = { id: step.id, tool: step.tool, index: this.byId.get(step.id)?.index ?? -1 };
    const steps = this.options.resume?.steps;
    const prior = steps && Object.hasOwn(steps, step.id) ? steps[step.id] : undefined;
    const total = this.options.order.length;
    if (prior && 'output' in prior) {
      this.emit({ type: 'step-started', stepId: step.id, tool: step.tool, position, total });
      return { ...base, status: 'ok', attempts: 0, output: prior.output, message: 'done in the earlier run' };
    }
    const scope: Scope = { bindings: this.options.bindings, steps: this.outputs };
    if (!step.foreach) {
      this.emit({ type: 'step-started', stepId: step.id, tool: step.tool, position, total });
      const call = await this.call(step, label, step.id, scope);
      if (call.status === 'ok')
        return {
          ...base,
          status: 'ok',
          attempts: call.attempts,
          output: call.output,
          message: okMessage(step.tool, call.output),
        };
      return {
        ...base,
        status: call.status,
        attempts: call.attempts,
        message: call.error?.message ?? call.note ?? 'known only when the plan runs',
        ...(call.error ? { error: call.error } : {}),
        ...(call.input ? { input: call.input } : {}),
      };
    }
    const list = prior && 'items' in prior ? prior.items : this.listFor(step, label, scope);
    if (!Array.isArray(list)) {
      this.emit({ type: 'step-started', stepId: step.id, tool: step.tool, position, total });
      return { ...base, attempts: 0, ...list };
    }
    this.lists.set(step.id, list);
    this.emit({ type: 'step-started', stepId: step.id, tool: step.tool, position, total, items: list.length });
    return this.foreach(step, label, list, prior && 'done' in prior ? prior.done : {}, scope, base);
  }

  /** The foreach list, or the step's result when there is none. */
  private listFor(
    step: PlanStep,
    label: string,
    scope: Scope,
  ): unknown[] | Pick<StepResult, 'status' | 'message' | 'error'> {
    const from = step.foreach?.from ?? '';
    try {
      const value = resolveString(from, scope, `${label}.foreach.from`);
      if (Array.isArray(value)) return value as unknown[];
      const message = `${label}.foreach.from: ${from} is ${typeName(value) === 'object' ? 'an object' : `a ${typeName(value)}`}, expected a list`;
      return { status: 'failed', message, error: { code: 'INVALID_INPUT', message } };
    } catch (error) {
      if (error instanceof UnknownValueError)
        return { status: 'unknown', message: `known only when the plan runs (it goes over ${error.ref})` };
      const problem = { code: isAgentError(error) ? error.code : 'INTERNAL', message: describeError(error) };
      return { status: 'failed', message: problem.message, error: problem };
    }
  }

  private async foreach(
    step: PlanStep,
    label: string,
    list: unknown[],
    done: Record<number, unknown>,
    scope: Scope,
    base: Pick<StepResult, 'id' | 'tool' | 'index'>,
  ): Promise<StepResult> {
    const items: ItemResult[] = [];
    const name = step.foreach?.itemName ?? 'item';
    let halt: 'failed' | 'cancelled' | null = null;
    let stoppedAt: ItemResult | undefined;
    for (const [index, value] of list.entries()) {
      const itemBase = { index, label: itemLabel(value), attempts: 0 };
      if (Object.hasOwn(done, index)) {
        items.push({ ...itemBase, status: 'ok', output: done[index] });
        continue;
      }
      if (!halt && this.options.signal.aborted) halt = 'cancelled';
      if (halt) {
        items.push({ ...itemBase, status: halt === 'cancelled' ? 'cancelled' : 'not-run' });
        continue;
      }
      this.emit({ type: 'item-started', stepId: step.id, item: index + 1, of: list.length, label: itemBase.label });
      const itemScope: Scope = { ...scope, item: { name, value, index, count: list.length } };
      const call = await this.call(step, label, `${step.id}#${index + 1}`, itemScope, { index, count: list.length });
      const item: ItemResult = {
        ...itemBase,
        status: call.status,
        attempts: call.attempts,
        ...(call.status === 'ok' ? { output: call.output } : {}),
        ...(call.error ? { error: call.error } : {}),
        ...(call.input ? { input: call.input } : {}),
      };
      items.push(item);
      const message =
        call.status === 'ok'
          ? okMessage(step.tool, call.output)
          : (call.error?.message ?? call.note ?? 'known only when the plan runs');
      this.emit({
        type: 'item-finished',
        stepId: step.id,
        item: index + 1,
        of: list.length,
        status: call.status,
        message,
      });
      if (call.status === 'cancelled') halt = 'cancelled';
      else if (call.status === 'failed' && (step.onError ?? 'stop') !== 'skip') {
        halt = 'failed';
        stoppedAt = item;
      }
    }
    const count = (status: ItemResult['status']): number => items.filter((item) => item.status === status).length;
    const status: StepStatus =
      count('cancelled') > 0
        ? 'cancelled'
        : halt === 'failed'
          ? 'failed'
          : count('failed') > 0
            ? count('ok') > 0
              ? 'partial'
              : 'failed'
            : count('unknown') > 0
              ? 'unknown'
              : 'ok';
    const outputs = items.filter((item) => item.status === 'ok').map((item) => item.output);
    // In a dry run one unforeseeable element makes the whole list unforeseeable.
    const output = count('unknown') > 0 || outputs.includes(UNKNOWN) ? UNKNOWN : outputs;
    const firstError = items.find((item) => item.error)?.error;
    const attempts = items.reduce((sum, item) => sum + item.attempts, 0);
    return {
      ...base,
      status,
      attempts,
      output,
      message: foreachMessage(step.tool, items, stoppedAt),
      items,
      ...(firstError && status !== 'ok' ? { error: firstError } : {}),
    };
  }

  /** Resolves the step's args in `scope` and performs the call. */
  private async call(
    step: PlanStep,
    label: string,
    callId: string,
    scope: Scope,
    item?: { index: number; count: number },
  ): Promise<{
    status: 'ok' | 'failed' | 'cancelled' | 'unknown';
    attempts: number;
    output?: unknown;
    error?: CallError;
    input?: unknown;
    note?: string;
  }> {
    let input: Record<string, unknown>;
    try {
      input = resolveArgs(step.args, scope, label, pathFieldsOf(step.tool));
    } catch (error) {
      if (error instanceof UnknownValueError)
        return { status: 'unknown', attempts: 0, note: `known only when the plan runs (it uses ${error.ref})` };
      return {
        status: 'failed',
        attempts: 0,
        error: { code: isAgentError(error) ? error.code : 'INTERNAL', message: describeError(error) },
      };
    }
    const result = await this.options.perform({ step, label, callId, input, ...(item ? { item } : {}) });
    if (result.ok) return { status: 'ok', attempts: result.attempts, output: result.output };
    const status = result.error.code === 'CANCELLED' ? 'cancelled' : 'failed';
    return { status, attempts: result.attempts, error: result.error, input: redact(input) };
  }
}
