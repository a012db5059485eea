/**
 * Writes take turns, whoever drives the session: one runs once the ones before it are done, so the write being
 * approved is always known (and so is its caller's cancel signal), and two never interleave on one file.
 */
export class WriteQueue {
  private tail: Promise<unknown>;

  /** `after`: what the first write waits for (a host's start-up work on the audit), whether it succeeds or not. */
  constructor(after: Promise<unknown> = Promise.resolve()) {
    this.tail = after.catch(() => undefined);
  }

  /** Runs `write` in its turn; a rejection is the caller's and does not hold up the writes after it. */
  inTurn<T>(write: () => Promise<T>): Promise<T> {
    const turn = this.tail.then(write);
    this.tail = turn.catch(() => undefined);
    return turn;
  }
}
