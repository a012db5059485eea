import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SystemClock } from '../../src/node/SystemClock';

describe('SystemClock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('should tell the time from the system clock', () => {
    vi.setSystemTime(Date.UTC(2026, 0, 15, 9, 0, 0));
    expect(new SystemClock().now()).toBe(Date.UTC(2026, 0, 15, 9, 0, 0));
  });

  it('should resolve after the given time', async () => {
    let done = false;
    const sleeping = new SystemClock().sleep(1000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(done).toBe(true);
  });

  it('should reject with CANCELLED and clear its timer when the signal aborts', async () => {
    const controller = new AbortController();
    const sleeping = new SystemClock().sleep(60_000, controller.signal);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    await expect(sleeping).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('should reject at once when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(new SystemClock().sleep(1000, controller.signal)).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
