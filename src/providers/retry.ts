/**
 * The retry policy for provider requests. Both SDKs run with `maxRetries: 0` so that there is one policy, one
 * log and one clock: waits go through the ClockPort, which tests replace with a fake.
 */

/** First backoff step; doubles per retry up to MAX_BACKOFF_MS (the SDKs' own defaults). */
export const BASE_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 8_000;
/** A server asking for a longer wait than this gets no retry: the user is better told than kept waiting. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The wait before retry number `retry` (0 for the first): what the server asked for in `retry-after-ms` /
 * `retry-after`, else capped exponential backoff with up to 25 % jitter off the top, so that clients that failed
 * together do not come back together.
 */
export function retryDelay(retry: number, retryAfter: number | undefined, random: () => number = Math.random): number {
  if (retryAfter !== undefined) return retryAfter;
  const backoff = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** retry);
  return Math.round(backoff * (1 - 0.25 * random()));
}

/**
 * How long the server asked to wait, in ms: `retry-after-ms` (Anthropic, OpenAI), or `retry-after` in seconds or
 * as an HTTP date. Undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: Headers | undefined, now: number): number | undefined {
  if (!headers) return undefined;
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null && milliseconds.trim() !== '') {
    const value = Number(milliseconds);
    if (Number.isFinite(value) && value >= 0) return Math.ceil(value);
  }
  const retryAfter = headers.get('retry-after');
  if (retryAfter === null || retryAfter.trim() === '') return undefined;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.ceil(seconds * 1000) : undefined;
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
