import { describe, expect, it } from 'vitest';
import { parseRetryAfter, retryDelay } from '../../src/providers/retry';

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);

describe('retryDelay', () => {
  it('should double from 500 ms and stop at 8 s without jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((retry) => retryDelay(retry, undefined, () => 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  it('should take at most a quarter off with jitter', () => {
    expect(retryDelay(2, undefined, () => 0.5)).toBe(1750);
    expect(retryDelay(2, undefined, () => 0.9999)).toBeGreaterThanOrEqual(1500);
  });

  it('should wait exactly what the server asked for', () => {
    expect(retryDelay(3, 2000, () => 0.5)).toBe(2000);
  });
});

describe('parseRetryAfter', () => {
  it('should read retry-after-ms before retry-after', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '1234.5', 'retry-after': '9' }), NOW)).toBe(1235);
  });

  it('should read retry-after in seconds', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after': '2' }), NOW)).toBe(2000);
  });

  it('should read retry-after as an HTTP date', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after': new Date(NOW + 30_000).toUTCString() }), NOW)).toBe(30_000);
  });

  it('should ignore a missing or unreadable value', () => {
    expect(parseRetryAfter(new Headers(), NOW)).toBeUndefined();
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }), NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
  });
});
