import type { CallOutcome } from '../../tool-execution/types';

/**
 * Counts tool errors in a row: every error result counts, a success resets. At the limit the loop aborts
 * instead of burning tokens on a broken approach. A limit of 0 is off.
 */
export class MistakeTracker {
  private count = 0;

  constructor(private readonly limit: number) {}

  get consecutive(): number {
    return this.count;
  }

  /** Records the outcomes in order; true when the limit is reached. */
  record(outcomes: readonly CallOutcome[]): boolean {
    for (const outcome of outcomes) this.count = outcome.ok ? 0 : this.count + 1;
    return this.limit > 0 && this.count >= this.limit;
  }

  stopMessage(lastError: string | undefined): string {
    return `Stopped after ${this.count} failed tool calls in a row (the limit is ${this.limit})${lastError ? `; the last error: ${lastError}` : ''}.`;
  }
}
