import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A node:http request as a web Request, without its body: the server reads and parses the body itself (to cap its
 * size), and hands it to the transport as `parsedBody`. Where Request is the browser's (Electron's renderer),
 * forbidden names such as Host and Origin are dropped; the server checks those before this is built.
 */
export function webRequestOf(req: IncomingMessage, base: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(new URL(req.url ?? '/', base), { method: req.method ?? 'GET', headers });
}

/**
 * Writes a web Response to a node:http response, each chunk as it comes: an SSE stream stays open for as long as the
 * transport keeps it, and its events reach the client one by one. When the client goes first, the body's reader is
 * cancelled, which is how the transport learns that the stream is gone. Resolves once the body has ended either way:
 * true when all of it was sent, false when the client closed the connection first.
 */
export async function sendWebResponse(response: Response, res: ServerResponse): Promise<boolean> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return true;
  }
  // The headers go now: a client waits for them before it reads an SSE stream, which may stay silent for long.
  res.flushHeaders();
  const reader = response.body.getReader();
  let left = false;
  const clientLeft = (): void => {
    if (res.writableFinished) return;
    left = true;
    void reader.cancel().catch(() => undefined);
  };
  res.once('close', clientLeft);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Also when the client left before the listener was attached.
      if (res.destroyed) {
        await reader.cancel();
        return false;
      }
      if (!res.write(value)) await drained(res);
    }
    if (left || res.destroyed) return false;
    res.end();
    return true;
  } catch (error) {
    res.destroy(error instanceof Error ? error : new Error(String(error)));
    return false;
  } finally {
    res.off('close', clientLeft);
  }
}

/** Waits until the socket takes more (backpressure), or until it is gone, whichever comes first. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
