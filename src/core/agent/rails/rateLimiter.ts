import type { ClockPort } from '../../ports/clock';

/** Keeps at least `minGapMs` between the starts of two iterations: a simple throttle for API cost. */
export class RateLimiter {
  private lastStart: number | null = null;

  constructor(
    private readonly clock: ClockPort,
    private readonly minGapMs: number,
  ) {}

  /** Waits as long as needed (rejects with CANCELLED when `signal` aborts), then marks the start of an iteration. */
  async beforeIteration(signal: AbortSignal): Promise<void> {
    if (this.minGapMs > 0 && this.lastStart !== null) {
      const wait = this.lastStart + this.minGapMs - this.clock.now();
      if (wait > 0) await this.clock.sleep(wait, signal);
    }
    this.lastStart = this.clock.now();
  }
}
