import type { RiskLevel } from '../tools/types';

/** What an error does to the rest of the plan: end it, go on without this call, or try again. */
export type OnError = 'stop' | 'skip' | 'retry';

/**
 * One tool call of a plan, or one per item with `foreach`. String values in `args` may hold references:
 * `$steps.<id>.<field…>` as the whole value (keeps its type), `${…}` placeholders inside text (see templates.ts).
 */
export interface PlanStep {
  /** Unique within the plan; letters, digits, "_" and "-", so `$steps.<id>.field` stays unambiguous. */
  id: string;
  /** Canonical tool name, e.g. "vault.createFile". */
  tool: string;
  args: Record<string, unknown>;
  /** Run the step once per element of the array `from` (a whole-value reference), as `${<itemName>…}`. */
  foreach?: { from: string; itemName: string };
  /** Steps that must finish first; the step is skipped when one of them failed. */
  dependsOn?: string[];
  /** Default "stop". */
  onError?: OnError;
  /** With onError "retry": attempts in all (the first included), and the wait before the first retry (doubling). */
  retry?: { maxAttempts: number; backoffMs: number };
  /** A sentence for people: what the step does. */
  preview?: string;
}

/** An input a saved action asks for when it runs, used in the plan as `${<name>}`. */
export interface PlanParameter {
  name: string;
  description?: string;
  /** Used when the person gives no value; without one the parameter must be asked for. */
  default?: string;
  /** Asked on every run even with a default, which then prefills the field ("ask each time" when saving a run). */
  ask?: boolean;
}

/** The structured plan the planner asks the model for, and what a saved action stores. */
export interface ActionPlan {
  version: string;
  goal: string;
  assumptions: string[];
  /** Declared by the plan's author; never lower than the riskiest step. */
  riskLevel: RiskLevel;
  steps: PlanStep[];
  parameters?: PlanParameter[];
}

export const PLAN_VERSION = '1.0';

const RISK_ORDER: readonly RiskLevel[] = ['read-only', 'writes', 'commands'];

export function riskRank(risk: RiskLevel): number {
  return RISK_ORDER.indexOf(risk);
}

export function maxRisk(risks: Iterable<RiskLevel>): RiskLevel {
  let highest: RiskLevel = 'read-only';
  for (const risk of risks) if (riskRank(risk) > riskRank(highest)) highest = risk;
  return highest;
}

/** "steps[2] (createNotes)": how every message names a step, by position and id. */
export function stepLabel(index: number, id: unknown): string {
  return typeof id === 'string' && id !== '' ? `steps[${index}] (${id})` : `steps[${index}]`;
}
