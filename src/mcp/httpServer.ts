import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest, isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { describeError } from '../core/errors';
import type { OutsideDriver } from '../core/session/OutsideDriver';
import { clientNameOf, createMcpServer, type LowLevelServer, serveSession } from './vaultServer';
import { sendWebResponse, webRequestOf } from './webHttp';

/** Loopback only: the server is for agents on this machine, and nothing else may reach it. */
const HOST = '127.0.0.1';
const PATH = '/mcp';
const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** How many ids of sessions the server ended are remembered, to tell a returning client why its id is gone. */
const REMEMBERED_ENDED_IDS = 1000;
/**
 * How many MCP sessions may be open at once with one token, and with all tokens together. Each holds a run and
 * about 36 KB; a client that exits without ending its session keeps it until the idle timeout. A person runs a few
 * agents at a time, each with one session: the caps are far above that and far below what a runaway client opening
 * sessions in a loop would hold.
 */
export const MAX_SESSIONS_PER_TOKEN = 32;
export const MAX_SESSIONS = 128;

export interface HttpServeOptions {
  /** The port to listen on; 0 takes a free one (the result says which). */
  port: number;
  /** The bearer token every request must carry: one, or one per client (each with its own cap of sessions). */
  token: string | readonly string[];
  /** A new outside driver for a new MCP session (one client connection), on the MCP server that serves it. */
  createDriver: (server: LowLevelServer) => OutsideDriver;
  /** The largest request body taken, in bytes; a bigger one is refused with 413. */
  maxBodyBytes?: number;
  /** At most this many requests per `rateWindowMs`; more are refused with 429. */
  maxRequests?: number;
  rateWindowMs?: number;
  /**
   * A session with no request under way, no open GET event stream and no call in flight for this long is ended, as
   * a DELETE would end it: most clients just go away (a process that exits, a laptop that sleeps), and their run
   * would stay open until the server stops. 30 minutes when absent.
   */
  idleTimeoutMs?: number;
  /** At most this many sessions open with one token (`MAX_SESSIONS_PER_TOKEN` when absent) and in all (`MAX_SESSIONS`). */
  maxSessionsPerToken?: number;
  maxSessions?: number;
  log: (line: string) => void;
}

export interface RunningHttpServer {
  /** Where it listens: always 127.0.0.1. */
  address: AddressInfo;
  /** How many MCP sessions are open. */
  sessions: () => number;
  /**
   * Ends the session that owns `runId` (the person chose to revert it in Obsidian), as a DELETE would; its id then
   * gets a 404 that says so. False when no session here owns that run.
   */
  endRun: (runId: string) => Promise<boolean>;
  /** Ends every session (approvals being asked are refused, runs ended) and stops listening. */
  close: () => Promise<void>;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  outside: OutsideDriver;
  server: LowLevelServer;
  /** Which of the server's tokens opened it. */
  token: number;
  /** Requests of this session being served, an open GET event stream among them: while any is, it is not idle. */
  open: number;
  idle: ReturnType<typeof setTimeout> | null;
  /** The transport has closed (a DELETE, the idle timeout, the server stopping): no timer is armed again. */
  closed: boolean;
}

/**
 * The MCP server over Streamable HTTP on 127.0.0.1: each MCP session an outside driver (one pipeline run), as the
 * stdio server has one. Every request is checked before the SDK sees it, in this order: the `Host` and `Origin`
 * headers name this server on loopback (a web page that rebinds a name to 127.0.0.1 sends its own, 403), the bearer
 * token matches (401), the rate (429), the body's size (413). The SDK's web-standard transport serves the rest, over
 * a small bridge from node:http (its node:http transport would bring Hono into main.js to do the same). A session
 * idle for `idleTimeoutMs` is ended as a DELETE ends it, and its id then gets a 404 that says so. A session (an
 * outside driver, its run) is made only for an initialize the SDK's transport accepts, and only below the caps of
 * sessions per token and in all; past a cap the initialize gets a 503 that names it and says how to free a place.
 */
export async function startHttpServer(o: HttpServeOptions): Promise<RunningHttpServer> {
  const sessions = new Map<string, Session>();
  const maxBody = o.maxBodyBytes ?? 4 * 1024 * 1024;
  const window = o.rateWindowMs ?? 10_000;
  const maxRequests = o.maxRequests ?? 300;
  const recent: number[] = [];
  const expected = (typeof o.token === 'string' ? [o.token] : o.token).map(digest);
  const idleMs = o.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const perToken = o.maxSessionsPerToken ?? MAX_SESSIONS_PER_TOKEN;
  const inAll = o.maxSessions ?? MAX_SESSIONS;
  /** Initializes being answered, by token: each may become a session, so each holds a place under the caps. */
  const opening: number[] = expected.map(() => 0);
  /** Why the server ended a session, by its id, oldest first: what a client still using the id is told. */
  const ended = new Map<string, string>();
  let port = o.port;

  const refuse = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }));
  };

  const allowedHost = (value: string | undefined): boolean =>
    value === `${HOST}:${port}` || value === `localhost:${port}`;
  const allowedOrigin = (value: string | undefined): boolean =>
    value === undefined || value === `http://${HOST}:${port}` || value === `http://localhost:${port}`;

  /** Why a new session for `token` would pass a cap, or null when there is room. */
  const overCap = (token: number): string | null => {
    const open = [...sessions.values()];
    const mine = open.filter((session) => session.token === token).length + (opening[token] ?? 0);
    const all = open.length + opening.reduce((sum, n) => sum + n, 0);
    const free = `close a client you no longer use (ending its session, as a DELETE does), or wait until one ends by itself after ${durationText(idleMs)} without a request`;
    if (mine >= perToken)
      return `Too many MCP sessions: this token holds ${mine} open, the most one token may (${perToken}; ${inAll} in all). To free a place, ${free}`;
    if (all >= inAll)
      return `Too many MCP sessions: ${all} are open, the most this server holds (${inAll} in all; ${perToken} per token). To free a place, ${free}`;
    return null;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!allowedHost(req.headers.host))
      return refuse(
        res,
        403,
        `Forbidden: the Host header "${req.headers.host ?? ''}" does not name this server (${HOST}:${port})`,
      );
    const origin = req.headers.origin;
    if (!allowedOrigin(origin))
      return refuse(
        res,
        403,
        `Forbidden: requests from the origin "${origin ?? ''}" are not served; only agents on this machine may call this server`,
      );
    const auth = req.headers.authorization ?? '';
    const given = /^Bearer (.+)$/i.exec(auth)?.[1];
    const token = given === undefined ? -1 : matchingToken(digest(given), expected);
    if (token < 0) {
      return refuse(
        res,
        401,
        given === undefined
          ? 'Unauthorized: send the token as "Authorization: Bearer <token>"'
          : 'Unauthorized: the token is wrong',
        { 'www-authenticate': 'Bearer' },
      );
    }
    const now = Date.now();
    while (recent.length > 0 && (recent[0] as number) <= now - window) recent.shift();
    if (recent.length >= maxRequests)
      return refuse(res, 429, `Too many requests: at most ${maxRequests} in ${window / 1000} s`, {
        'retry-after': String(Math.ceil(window / 1000)),
      });
    recent.push(now);
    if (new URL(req.url ?? '/', `http://${HOST}`).pathname !== PATH)
      return refuse(res, 404, `Not found: the MCP endpoint is ${PATH}`);

    let body: unknown = undefined;
    if (req.method === 'POST') {
      const read = await readBody(req, maxBody);
      if (read === null) {
        res.setHeader('connection', 'close');
        return refuse(res, 413, `Payload too large: a request body may hold at most ${maxBody} bytes`);
      }
      try {
        body = JSON.parse(read.text);
      } catch (error) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: null,
            error: { code: -32700, message: `Parse error: the body is not JSON (${describeError(error)})` },
          }),
        );
        return;
      }
    }
    const id = req.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    if (existing)
      return serve(
        existing,
        () => existing.transport.handleRequest(webRequestOf(req, `http://${HOST}:${port}`), { parsedBody: body }),
        res,
        body,
      );
    const why = typeof id === 'string' ? ended.get(id) : undefined;
    if (why !== undefined)
      return refuse(res, 404, `Not found: the MCP session "${String(id)}" ${why}; initialize a new one`);
    if (typeof id === 'string')
      return refuse(
        res,
        404,
        `Not found: no MCP session "${id}" (it ended, or the server restarted); initialize a new one`,
      );
    if (req.method !== 'POST' || !isInitializeRequest(body))
      return refuse(
        res,
        400,
        'Bad request: start a session with an initialize request, then send its Mcp-Session-Id header',
      );
    const full = overCap(token);
    if (full !== null) return refuse(res, 503, full);
    opening[token] = (opening[token] ?? 0) + 1;
    let started: { session: Session; response: Response } | { session: null; response: Response };
    try {
      started = await initialize(o, token, sessions, webRequestOf(req, `http://${HOST}:${port}`), body);
    } finally {
      opening[token] = (opening[token] ?? 1) - 1;
    }
    const { session, response } = started;
    // Refused by the transport (a wrong Accept or Content-Type): no session was made, its answer says why.
    if (session === null) {
      await sendWebResponse(response, res);
      return;
    }
    await serve(session, () => Promise.resolve(response), res, body);
  };

  const serve = async (
    session: Session,
    respond: () => Promise<Response>,
    res: ServerResponse,
    body: unknown,
  ): Promise<void> => {
    session.open++;
    stopIdleTimer(session);
    try {
      const response = await respond();
      // Until the body ends: an SSE answer (a call waiting for its approval) or the GET stream keeps the session busy.
      const delivered = await sendWebResponse(response, res);
      // Its answer can never reach the client (no event store to resume from): the client has gone, and a card
      // still asking about its call must say so rather than write for nobody.
      if (!delivered && !session.closed && carriesRequest(body)) {
        endWith(session, 'ended when its client closed the connection of a call still waiting for its answer').catch(
          (error: unknown) => o.log(`MCP over HTTP: ending a session whose client left: ${describeError(error)}`),
        );
      }
    } finally {
      session.open--;
      if (session.open === 0 && !session.closed) armIdle(session);
    }
  };

  const armIdle = (session: Session): void => {
    stopIdleTimer(session);
    session.idle = setTimeout(() => endIdle(session), idleMs);
    // Node's timer would keep a terminal process alive; Electron's renderer timer is a number, with nothing to unref.
    if (typeof session.idle === 'object') session.idle.unref();
  };

  const endIdle = (session: Session): void => {
    session.idle = null;
    if (session.open > 0 || session.closed) return;
    // A call under way (a write waiting for its approval) is the client's work still going, whatever its connection.
    if (session.outside.busy()) return armIdle(session);
    endWith(session, `ended after ${durationText(idleMs)} without a request`).catch((error: unknown) =>
      o.log(`MCP over HTTP: ending an idle session: ${describeError(error)}`),
    );
  };

  /** Ends a session the client did not end, remembering why for a client that comes back with its id. */
  const endWith = (session: Session, why: string): Promise<void> => {
    const id = session.transport.sessionId;
    if (id !== undefined) {
      sessions.delete(id);
      ended.set(id, why);
      for (const oldest of ended.keys()) {
        if (ended.size <= REMEMBERED_ENDED_IDS) break;
        ended.delete(oldest);
      }
    }
    o.log(`MCP over HTTP: the session of ${clientNameOf(session.server)} (run ${session.outside.runId}) ${why}`);
    return endSession(session);
  };

  const server: HttpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      o.log(`MCP over HTTP: ${describeError(error)}`);
      if (!res.headersSent) refuse(res, 500, `Internal error: ${describeError(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, HOST, () => resolve());
  });
  const address = server.address() as AddressInfo;
  port = address.port;
  return {
    address,
    sessions: () => sessions.size,
    endRun: async (runId) => {
      const owner = [...sessions.values()].find((session) => session.outside.ownsRun(runId));
      if (!owner) return false;
      await endWith(owner, 'was ended in Obsidian, to revert what it changed');
      return true;
    },
    close: async () => {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map(endSession));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Ends a session as a DELETE does: its transport closed (the client has left, see `openSession`), then its run. */
async function endSession(session: Session): Promise<void> {
  stopIdleTimer(session);
  await session.transport.close();
  await session.outside.end();
}

function stopIdleTimer(session: Session): void {
  if (session.idle !== null) clearTimeout(session.idle);
  session.idle = null;
}

/** "30 minutes", "1 minute", "0.2 seconds": how long the idle timeout is, in the 404 a returning client gets. */
function durationText(ms: number): string {
  const [amount, unit] = ms >= 60_000 ? [Math.round(ms / 6_000) / 10, 'minute'] : [Math.round(ms / 100) / 10, 'second'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/**
 * Answers an initialize on a new transport. Only once the transport accepts it (and names the session) is the
 * outside driver made and its run started; for an initialize it refuses, nothing is made and `session` is null.
 */
async function initialize(
  o: HttpServeOptions,
  token: number,
  sessions: Map<string, Session>,
  request: Request,
  body: unknown,
): Promise<{ session: Session | null; response: Response }> {
  const server = createMcpServer();
  let session: Session | null = null;
  const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      // Before the SDK hands the initialize to the server: the session's handlers are set before any request.
      session = startSession(o, server, transport, token, () => sessions.delete(id));
      sessions.set(id, session);
    },
  });
  // Set before the server connects, so it runs before the SDK aborts the session's calls (the SDK chains an
  // onclose set before connect ahead of its own): a question still asked is withdrawn as the client having gone,
  // not as a call it cancelled.
  transport.onclose = () => session?.outside.clientLeft();
  await server.connect(transport);
  const response = await transport.handleRequest(request, { parsedBody: body });
  if (session === null) await server.close();
  return { session, response };
}

/** The outside driver of an accepted initialize, its run started; `forget` takes it off the server's list once closed. */
function startSession(
  o: HttpServeOptions,
  server: LowLevelServer,
  transport: WebStandardStreamableHTTPServerTransport,
  token: number,
  forget: () => void,
): Session {
  const outside = o.createDriver(server);
  serveSession(server, outside);
  const session: Session = { transport, outside, server, token, open: 0, idle: null, closed: false };
  server.onclose = () => {
    session.closed = true;
    stopIdleTimer(session);
    forget();
    outside.clientLeft();
    void outside.end();
  };
  outside.start();
  return session;
}

/** Whether a POST body holds a request (a message with an id that waits for an answer), not only notifications or responses. */
function carriesRequest(body: unknown): boolean {
  return (Array.isArray(body) ? body : [body]).some((message) => isJSONRPCRequest(message));
}

/** The body as text, or null as soon as it passes `max` bytes (the rest is not read). */
function readBody(req: IncomingMessage, max: number): Promise<{ text: string } | null> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.removeAllListeners('data');
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', reject);
  });
}

/** The index of the token whose digest is `given`, or -1; every token is compared, so timing tells nothing. */
function matchingToken(given: Buffer, expected: readonly Buffer[]): number {
  let found = -1;
  expected.forEach((candidate, index) => {
    if (timingSafeEqual(given, candidate) && found < 0) found = index;
  });
  return found;
}

/** Tokens are compared as SHA-256 digests, in constant time: equal lengths, and nothing learned from timing. */
function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
