import { describe, expect, it } from 'vitest';
import { IterationBudget } from '../../../../src/core/agent/rails/iterationBudget';

describe('IterationBudget', () => {
  it('should warn once, at 60% of the iterations', () => {
    const budget = new IterationBudget(25);
    expect(Array.from({ length: 25 }, (_, i) => budget.warningFor(i + 1) !== null).indexOf(true)).toBe(14);
    expect(Array.from({ length: 25 }, (_, i) => budget.warningFor(i + 1)).filter(Boolean)).toHaveLength(1);
  });

  it('should say when the warned step is the last one', () => {
    expect(new IterationBudget(2).warningFor(2)).toMatch(
      /^\[Step 2 of 2\] You are running out of steps: this is the last one\./,
    );
    expect(new IterationBudget(1).warningFor(1)).toBeNull();
  });

  it('should be exhausted only past maxIterations', () => {
    const budget = new IterationBudget(3);
    expect([3, 4].map((iteration) => budget.exhausted(iteration))).toEqual([false, true]);
  });
});
