/**
 * Run ids for every kind of run (the chat loop, the terminal's, dry runs, saved actions): unique within a
 * process (a counter) and across processes on one checkpoint repository (the prefix and a little randomness),
 * and valid as a checkpoint branch name.
 */
export class RunIds {
  private count = 0;

  constructor(private readonly now: () => number) {}

  /** `<prefix>-<UTC time to the second>-<counter>-<4 random characters>`, e.g. `chat-20260101T120000-1-k3f9`. */
  next(prefix: string): string {
    const stamp = new Date(this.now()).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
    return `${prefix}-${stamp}-${++this.count}-${Math.random().toString(36).slice(2, 6).padEnd(4, '0')}`;
  }
}
