import { AgentError } from '../core/errors';
import type { ClockPort } from '../core/ports/clock';

/** The real clock, for the CLI and the plugin; tests use a fixed one. */
export class SystemClock implements ClockPort {
  now(): number {
    return Date.now();
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const cancelled = (): AgentError => new AgentError('CANCELLED', 'Cancelled while waiting');
      if (signal?.aborted) {
        reject(cancelled());
        return;
      }
      const onAbort = (): void => {
        // A cancelled wait must not keep its timer (and with it the process) alive.
        clearTimeout(timer);
        reject(cancelled());
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
