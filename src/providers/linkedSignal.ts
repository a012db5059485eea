/**
 * A signal for one request that aborts when `outer` does, and `release`, which stops following `outer`. The
 * openai SDK adds an abort listener to the signal of every request and never removes it, so a run that handed
 * it its own signal kept one listener per model call (Node warns past 10). The SDK gets this one instead.
 */
export function linkedSignal(outer: AbortSignal): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(outer.reason);
  if (outer.aborted) controller.abort(outer.reason);
  else outer.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, release: () => outer.removeEventListener('abort', onAbort) };
}
