import type { ApprovalPort } from '../core/ports/approval';

/**
 * The chat panel's approval port while the panel is open (the panel sets it), and a way to wait until it opens: an
 * outside client's approval that arrives with the panel closed waits here for the person to open it.
 */
export class PanelApprovals {
  private current: ApprovalPort | null = null;
  private readonly waiting = new Set<(port: ApprovalPort) => void>();

  get port(): ApprovalPort | null {
    return this.current;
  }

  set port(port: ApprovalPort | null) {
    this.current = port;
    if (port) for (const resolve of [...this.waiting]) resolve(port);
  }

  /** The panel's port once it is open; null if `signal` aborts first. */
  whenOpen(signal: AbortSignal): Promise<ApprovalPort | null> {
    if (this.current) return Promise.resolve(this.current);
    if (signal.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const done = (port: ApprovalPort | null): void => {
        this.waiting.delete(done);
        signal.removeEventListener('abort', onAbort);
        resolve(port);
      };
      const onAbort = (): void => done(null);
      this.waiting.add(done);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
