import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** A line longer than this (10 MB, the SDK's own bound) is refused and dropped, not buffered for ever. */
const MAX_LINE_BYTES = 10 * 1024 * 1024;

/**
 * MCP's stdio framing: one JSON-RPC message per line, in both directions. It differs from the SDK's
 * StdioServerTransport in two ways that the server relies on. A line that is not JSON, or not a JSON-RPC message, gets
 * the error response JSON-RPC 2.0 prescribes (-32700 or -32600, id null, saying what was wrong) and the next line is
 * read as usual, where the SDK's transport only reports it to itself. And the end of input means the client is gone:
 * `onend` tells the server at once (an approval being asked is refused), the requests already read are still
 * answered, and then the transport closes, where the SDK's transport waits on for ever.
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The client closed its end: nothing more will be read. */
  onend?: () => void;
  /** Ids of the client's requests not answered yet: the transport closes after the last answer once input ended. */
  private readonly unanswered = new Set<string | number>();
  private ended = false;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** The line being read passed the bound: the rest of it is dropped up to its end. */
  private dropping = false;
  private closed = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
  ) {}

  start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onInputError);
    // Left on after close: an EPIPE that comes later must not crash the process as an unhandled error.
    this.output.on('error', this.onOutputError);
    return Promise.resolve();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.write(message);
    if ('id' in message && !('method' in message) && message.id !== undefined) {
      this.unanswered.delete(message.id);
      if (this.ended && this.unanswered.size === 0) await this.close();
    }
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onInputError);
    this.input.pause();
    this.pending = [];
    this.onclose?.();
    return Promise.resolve();
  }

  private readonly onEnd = (): void => {
    this.ended = true;
    this.onend?.();
    if (this.unanswered.size === 0) void this.close();
  };

  private readonly onInputError = (error: Error): void => {
    this.onerror?.(error);
    void this.close();
  };

  /** The client stopped reading (EPIPE): nothing can be answered any more, so it is gone as at the end of input. */
  private readonly onOutputError = (error: Error): void => {
    if (this.closed) return;
    this.onerror?.(error);
    this.ended = true;
    this.onend?.();
    void this.close();
  };

  private readonly onData = (chunk: Buffer): void => {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline >= 0; newline = chunk.indexOf(10, start)) {
      const tooLong = this.dropping || this.pendingBytes + newline - start > MAX_LINE_BYTES;
      const line = tooLong ? '' : Buffer.concat([...this.pending, chunk.subarray(start, newline)]).toString('utf8');
      this.pending = [];
      this.pendingBytes = 0;
      this.dropping = false;
      start = newline + 1;
      if (tooLong)
        this.refuse(
          ErrorCode.InvalidRequest,
          `Invalid Request: a message line of more than ${MAX_LINE_BYTES} bytes was dropped`,
        );
      else this.receive(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    if (start < chunk.length && !this.dropping) {
      this.pending.push(chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
      if (this.pendingBytes > MAX_LINE_BYTES) {
        this.pending = [];
        this.pendingBytes = 0;
        this.dropping = true;
      }
    }
  };

  private receive(line: string): void {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      this.refuse(
        ErrorCode.ParseError,
        `Parse error: the line is not JSON (${error instanceof Error ? error.message : String(error)}); send one JSON-RPC message per line`,
      );
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(parsed);
    if (!message.success) {
      this.refuse(
        ErrorCode.InvalidRequest,
        `Invalid Request: the line is JSON but not a JSON-RPC 2.0 request, notification or response (${message.error.issues[0]?.message ?? 'wrong shape'})`,
      );
      return;
    }
    if ('method' in message.data && 'id' in message.data) this.unanswered.add(message.data.id);
    this.onmessage?.(message.data);
  }

  /** The error response for a line that names no request: JSON-RPC 2.0 sends it with id null. */
  private refuse(code: number, message: string): void {
    this.onerror?.(new Error(message));
    void this.write({ jsonrpc: '2.0', id: null, error: { code, message } });
  }

  private write(message: unknown): Promise<void> {
    if (this.closed || this.output.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) return resolve();
      // A pipe that broke never drains: its close ends the wait.
      this.output.once('drain', resolve);
      this.output.once('close', resolve);
    });
  }
}
