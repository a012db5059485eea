/** Share of maxIterations after which the model is told to wrap up. */
export const SOFT_LIMIT_SHARE = 0.6;

/**
 * The iteration rails: a warning once 60% of the iterations are used, so the model can wrap up, and a hard stop
 * at maxIterations.
 */
export class IterationBudget {
  readonly softLimit: number;

  constructor(readonly maxIterations: number) {
    this.softLimit = Math.ceil(maxIterations * SOFT_LIMIT_SHARE);
  }

  /** True once `iteration` (1-based) would exceed the limit: the loop stops before calling the model. */
  exhausted(iteration: number): boolean {
    return iteration > this.maxIterations;
  }

  /** The warning to add before the model call of `iteration`, once, at the soft limit. */
  warningFor(iteration: number): string | null {
    if (iteration !== this.softLimit || iteration <= 1) return null;
    const left = this.maxIterations - iteration;
    return (
      `[Step ${iteration} of ${this.maxIterations}] You are running out of steps: ${left === 0 ? 'this is the last one' : `${left} more after this one`}. ` +
      'Finish the essential part of the task now and give your final answer with agent.attemptCompletion (or a reply without tool calls).'
    );
  }

  stopMessage(): string {
    return `Stopped after ${this.maxIterations} steps, the limit for one task, before the task was finished. Ask again to continue from here.`;
  }
}
