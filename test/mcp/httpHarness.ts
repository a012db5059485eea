import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type ElicitRequest, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createCliRuntime, type CliRuntime } from '../../src/cli/cliServices';
import type { ApprovalPort } from '../../src/core/ports/approval';
import type { OutsideApprovalMode, OutsideAsker } from '../../src/core/session/outsideApproval';
import type { OutsideDriver } from '../../src/core/session/OutsideDriver';
import { type HttpServeOptions, type RunningHttpServer, startHttpServer } from '../../src/mcp/httpServer';
import { mcpOutsideDriver } from '../../src/mcp/outsideDriver';
import { SystemClock } from '../../src/node/SystemClock';
import { exampleVaultCopy } from '../cli/harness';

export const TOKEN = 'test-token-7f3a';
export const SETTINGS = {
  approval: 'writes' as const,
  allowDeletes: false,
  allowCommands: false,
  approvalTimeoutMs: 5000,
  maxRetries: 2,
  maxTokens: 1000,
  temperature: 0,
};

export interface ServedOverHttp {
  server: RunningHttpServer;
  vault: string;
  url: URL;
  runtime: CliRuntime;
  /** Every outside session the server made, in order. */
  outsides: OutsideDriver[];
  logs: string[];
}

const running: { server: RunningHttpServer; runtime: CliRuntime }[] = [];

/** Stops what `serveHttp` started (for afterEach). */
export async function stopHttpServers(): Promise<void> {
  for (const { server, runtime } of running.splice(0)) {
    await server.close();
    runtime.close();
  }
}

/** Forgets what `serveHttp` started, for a test that stopped it itself. */
export function forgetHttpServers(): void {
  running.splice(0).forEach(({ runtime }) => runtime.close());
}

/**
 * The HTTP server over a vault copy (or `vault`), as a host would start it: one composition, each MCP session an
 * outside session whose approvals the services route to it by run id, its saved actions the vault's data.json.
 */
export async function serveHttp(
  options: Partial<
    Pick<HttpServeOptions, 'maxBodyBytes' | 'maxRequests' | 'idleTimeoutMs' | 'maxSessions' | 'maxSessionsPerToken'>
  > & {
    approval?: ApprovalPort;
    mode?: string;
    outsideApproval?: OutsideApprovalMode;
    token?: HttpServeOptions['token'];
    vault?: { vault: string; checkpoints: string };
  } = {},
): Promise<ServedOverHttp> {
  const { vault, checkpoints } = options.vault ?? (await exampleVaultCopy());
  const runtime = await createCliRuntime({
    args: {
      vault,
      mode: options.mode ?? 'agent',
      approval: 'writes',
      allowDeletes: false,
      allowCommands: false,
      budget: {},
      checkpoints,
    },
    clock: new SystemClock(),
    watch: false,
    knownSecrets: [],
    onError: () => undefined,
    approvalTimeoutMs: SETTINGS.approvalTimeoutMs,
    serving: true,
  });
  const outsides: OutsideDriver[] = [];
  const logs: string[] = [];
  const { approval, mode: _mode, outsideApproval, token, vault: _vault, ...limits } = options;
  const drivers = await runtime.outsideDrivers();
  const server = await startHttpServer({
    port: 0,
    token: token ?? TOKEN,
    ...limits,
    log: (line) => logs.push(line),
    createDriver: (server) => {
      const outside = mcpOutsideDriver(server, {
        drivers,
        settings: () => SETTINGS,
        approval: outsideApproval ?? 'ask',
        now: () => Date.now(),
        // `approval` asks elsewhere than in the client, as the plugin asks in its chat panel.
        ...(approval ? { asker: () => elsewhere(approval) } : {}),
      });
      outsides.push(outside);
      return outside;
    },
  });
  running.push({ server, runtime });
  return { server, vault, url: new URL(`http://127.0.0.1:${server.address.port}/mcp`), runtime, outsides, logs };
}

/** An asker that puts the question to `port`, as the plugin's panel does, not in the client's form. */
function elsewhere(port: ApprovalPort): OutsideAsker {
  return { canAsk: () => true, ask: (_message, request, signal) => port.request(request, signal) };
}

/**
 * The SDK's Client over Streamable HTTP. With `accept`, it declares form elicitation and answers every form so;
 * `forms` collects them. With `noEventStream`, its GET is answered 405 before it leaves, so it holds no event
 * stream, as many clients do.
 */
export async function httpClient(
  url: URL,
  options: { token?: string; accept?: boolean; noEventStream?: boolean; forms?: ElicitRequest['params'][] } = {},
): Promise<Client> {
  const noGet: typeof fetch = (input, init) =>
    init?.method === 'GET' ? Promise.resolve(new Response(null, { status: 405 })) : globalThis.fetch(input, init);
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${options.token ?? TOKEN}` } },
    ...(options.noEventStream ? { fetch: noGet } : {}),
  });
  const mcp = new Client(
    { name: 'http-client', version: '1.0.0' },
    { capabilities: options.accept === undefined ? {} : { elicitation: { form: {} } } },
  );
  if (options.accept !== undefined) {
    const accept = options.accept;
    mcp.setRequestHandler(ElicitRequestSchema, (request) => {
      options.forms?.push(request.params);
      return accept ? { action: 'accept', content: { approveRest: false } } : { action: 'decline' };
    });
  }
  await mcp.connect(transport);
  return mcp;
}
