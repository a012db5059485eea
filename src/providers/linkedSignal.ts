/**
 * Streams `stream` with a signal of its own that aborts when `outer` does, and stops following `outer` when the
 * stream ends. The openai SDK adds an abort listener to the signal of every request and never removes it, so a
 * run that handed it its own signal kept one listener per model call (Node warns past 10).
 */
export async function* withLinkedSignal<T>(
  outer: AbortSignal,
  stream: (signal: AbortSignal) => AsyncIterable<T>,
): AsyncGenerator<T> {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(outer.reason);
  if (outer.aborted) controller.abort(outer.reason);
  else outer.addEventListener('abort', onAbort, { once: true });
  try {
    yield* stream(controller.signal);
  } finally {
    outer.removeEventListener('abort', onAbort);
  }
}
