import { collectRefs } from './templates';
import type { PlanStep } from './types';

/**
 * The steps a step needs finished first: its `dependsOn` and every step its args or foreach refer to. Unknown
 * ids and the step itself are left out (validation reports them).
 */
export function dependenciesOf(step: PlanStep, ids: ReadonlySet<string>): string[] {
  const needs = new Set<string>();
  for (const id of step.dependsOn ?? []) if (ids.has(id) && id !== step.id) needs.add(id);
  for (const { ref } of collectRefs([step.args, step.foreach?.from ?? null])) {
    if (ref.source === 'step' && ids.has(ref.stepId) && ref.stepId !== step.id) needs.add(ref.stepId);
  }
  return [...needs];
}

/**
 * The order steps run in: each after everything it depends on, otherwise as listed (the earliest listed step
 * that is ready goes next), so the same plan always runs the same way. Returns the cycles instead when there
 * are any, each as the ids around it ("a → b → a").
 */
export function executionOrder(steps: readonly PlanStep[]): { order: PlanStep[]; cycles: string[][] } {
  const ids = new Set(steps.map((step) => step.id));
  const needs = new Map(steps.map((step) => [step.id, dependenciesOf(step, ids)]));
  const placed = new Set<string>();
  const order: PlanStep[] = [];
  while (order.length < steps.length) {
    const next = steps.find((step) => !placed.has(step.id) && (needs.get(step.id) ?? []).every((id) => placed.has(id)));
    if (!next) break;
    placed.add(next.id);
    order.push(next);
  }
  if (order.length === steps.length) return { order, cycles: [] };
  return {
    order,
    cycles: findCycles(
      steps.filter((step) => !placed.has(step.id)),
      needs,
    ),
  };
}

function findCycles(remaining: readonly PlanStep[], needs: ReadonlyMap<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const inCycle = new Set<string>();
  const left = new Set(remaining.map((step) => step.id));
  for (const start of remaining) {
    if (inCycle.has(start.id)) continue;
    // Walk dependencies from the step until an id repeats: everything from its first visit on is a cycle.
    const path: string[] = [];
    let current: string | undefined = start.id;
    while (current !== undefined && !path.includes(current)) {
      path.push(current);
      current = (needs.get(current) ?? []).find((id) => left.has(id));
    }
    if (current === undefined) continue;
    const cycle = path.slice(path.indexOf(current));
    if (cycle.some((id) => inCycle.has(id))) continue;
    cycle.forEach((id) => inCycle.add(id));
    cycles.push([...cycle, current]);
  }
  return cycles;
}
