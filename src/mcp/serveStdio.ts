import type { Readable, Writable } from 'node:stream';
import { describeError } from '../core/errors';
import type { OutsideDriverFactory } from '../core/runtime/createRuntime';
import type { SessionSettings } from '../core/session/AgentSession';
import type { OutsideApprovalMode } from '../core/session/outsideApproval';
import { mcpOutsideDriver } from './outsideDriver';
import { LineTransport } from './LineTransport';
import { clientNameOf, createMcpServer, serveSession } from './vaultServer';

export interface StdioServeOptions {
  /** The runtime's factory of outside drivers (core/runtime), whose services, modes and saved actions they share. */
  drivers: OutsideDriverFactory;
  settings: () => Pick<SessionSettings, 'approvalTimeoutMs'>;
  approval: OutsideApprovalMode;
  /** What writes wait for (start-up work on the audit), while reads and the first requests are answered. */
  writesAfter?: Promise<unknown>;
  now: () => number;
  /** The client's messages (the process's stdin) and the server's (its stdout, which carries nothing else). */
  input: Readable;
  output: Writable;
  /** Human text: to stderr, never stdout. */
  log: (line: string) => void;
}

/**
 * One MCP session over stdio: one outside driver (one pipeline run) for as long as the client keeps the input
 * open. Resolves once the client has gone and the run has ended (its audit flushed); an approval still being asked
 * then is refused, so nothing it would have written is written.
 */
export async function serveStdio(o: StdioServeOptions): Promise<{ runId: string }> {
  const server = createMcpServer();
  const clientName = (): string => clientNameOf(server);
  const outside = mcpOutsideDriver(server, o);
  serveSession(server, outside);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  server.onerror = (error) => o.log(`MCP: ${describeError(error)}`);
  server.oninitialized = () => o.log(`${clientName()} connected; run ${outside.runId}.`);
  outside.start();
  const transport = new LineTransport(o.input, o.output);
  // The client is gone: what waits on it (an approval form) is refused now, the calls already made finish.
  transport.onend = () => outside.clientLeft();
  await server.connect(transport);
  await closed;
  await outside.end();
  o.log(`${clientName()} disconnected; run ${outside.runId} ended.`);
  return { runId: outside.runId };
}
