import type { PlanBindings } from './bindings';
import type { ActionPlan } from './types';

/** "unknown": a dry run could not foresee it (it depends on what a write returns). */
export type StepStatus = 'ok' | 'partial' | 'failed' | 'skipped' | 'cancelled' | 'not-run' | 'unknown';
export type ItemStatus = 'ok' | 'failed' | 'cancelled' | 'not-run' | 'unknown';

export interface CallError {
  code: string;
  message: string;
}

/** One element of a foreach step. */
export interface ItemResult {
  /** 0-based position in the list. */
  index: number;
  /** How people recognize the item: its text, path or name. */
  label: string;
  status: ItemStatus;
  attempts: number;
  output?: unknown;
  error?: CallError;
  /** The input the tool got (or would have), for the log; secrets are redacted. */
  input?: unknown;
}

export interface StepResult {
  id: string;
  tool: string;
  /** Position in the plan as written. */
  index: number;
  status: StepStatus;
  /** One line for the execution log: "created Notes/Idea.md", "7 of 10 created; 3 failed: …". */
  message: string;
  attempts: number;
  output?: unknown;
  error?: CallError;
  input?: unknown;
  /** For foreach steps, one entry per element. */
  items?: ItemResult[];
}

/** Progress as it happens; `position` counts steps in run order from 1. */
export type PlanProgress =
  | { type: 'step-started'; stepId: string; tool: string; position: number; total: number; items?: number }
  | { type: 'item-started'; stepId: string; item: number; of: number; label: string }
  | { type: 'item-finished'; stepId: string; item: number; of: number; status: ItemStatus; message: string }
  | { type: 'retrying'; stepId: string; item?: number; attempt: number; of: number; delayMs: number; message: string }
  | {
      type: 'step-finished';
      stepId: string;
      tool: string;
      position: number;
      total: number;
      status: StepStatus;
      message: string;
    };

/** What a stopped or partly failed run needs to "run the rest": finished work is kept, only the rest runs. */
export interface ResumeState {
  plan: ActionPlan;
  /** The context the first run saw (the same selection, date and parameters). */
  bindings: PlanBindings;
  /** Finished steps with their output, and foreach steps with their list and the elements that are done. */
  steps: Record<string, { output: unknown } | { items: unknown[]; done: Record<number, unknown> }>;
}

export type PlanStatus = 'completed' | 'partial' | 'failed' | 'cancelled';

export interface PlanRunResult {
  runId: string;
  status: PlanStatus;
  /** In run order. */
  steps: StepResult[];
  /** The lines a person reads after the run: one per step that did something or failed. */
  summary: string[];
  /** Every failed call: which step and item, and why. */
  failures: { stepId: string; tool: string; item?: number; label?: string; error: CallError }[];
  /** Null when everything ran; otherwise what `resumePlan` needs to run only the failed and unrun work. */
  resume: ResumeState | null;
}

/** "Done: 3 steps ran." / "Finished part-way: …": one line for the panel, a Notice or the terminal. */
export function runHeadline(result: PlanRunResult): string {
  const ok = result.steps.filter((step) => step.status === 'ok').length;
  switch (result.status) {
    case 'completed':
      return `Done: ${ok} of ${result.steps.length} ${result.steps.length === 1 ? 'step' : 'steps'} ran.`;
    case 'partial':
      return `Finished part-way: ${result.failures.length} ${result.failures.length === 1 ? 'call' : 'calls'} failed. ${result.failures[0]?.error.message ?? ''}`.trim();
    case 'failed':
      return `Failed: ${result.failures[0]?.error.message ?? 'a step failed'}`;
    case 'cancelled':
      return 'Cancelled: the rest of the plan did not run.';
  }
}
