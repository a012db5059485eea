export interface ClockPort {
  /** ms since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with a `CANCELLED` AgentError when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}
