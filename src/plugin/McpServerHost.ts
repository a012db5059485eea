import { describeError } from '../core/errors';
import type { SecretsPort } from '../core/ports/secrets';
import type { EmbeddedAgentSettings } from '../settings/settings';
import type { McpServerControls, McpServerState } from '../ui/McpSettingsRows';

/** The name of the MCP server's bearer token in Obsidian's secret storage. */
export const MCP_TOKEN_SECRET = 'embedded-agent-mcp-token';

/** What the server needs to listen, and what it gives back: the lazily loaded part (src/mcp, the MCP SDK). */
export type StartMcpServer = (o: { port: number; token: string }) => Promise<RunningMcpServer>;

export interface RunningMcpServer {
  address: { port: number };
  sessions: () => number;
  endRun: (runId: string) => Promise<boolean>;
  close: () => Promise<void>;
}

export interface McpServerHostOptions {
  settings: () => Pick<EmbeddedAgentSettings, 'mcpServer' | 'mcpPort'>;
  secrets: SecretsPort;
  start: StartMcpServer;
  /** A message the person should see even with the settings closed (a port in use). */
  notify: (message: string) => void;
}

/**
 * Keeps the in-Obsidian MCP server as the settings say: listening while `mcpServer` is on, on `mcpPort` with the
 * token in secret storage, restarted when either changes, closed when switched off or the plugin unloads. Changes
 * are applied one at a time, in order. The server's code loads only when it first starts.
 */
export class McpServerHost implements McpServerControls {
  private running: { port: number; token: string; server: RunningMcpServer } | null = null;
  private failure: string | null = null;
  /** Where the last start failed: not tried again at each save of another setting, only once port or token change. */
  private failedAt: { port: number; token: string } | null = null;
  private applying: Promise<void> = Promise.resolve();
  /** A token made here that nobody has been shown yet: the settings show it once. */
  private unseen: string | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly o: McpServerHostOptions) {}

  /** Starts, restarts or stops the server to match the settings; resolves once that is done. */
  sync(): Promise<void> {
    this.applying = this.applying
      .then(() => this.apply())
      .catch((error: unknown) => this.fail(`The MCP server could not be updated: ${describeError(error)}`));
    return this.applying;
  }

  /** Stops the server (the plugin unloads): sessions end, approvals being asked are refused. */
  close(): Promise<void> {
    this.applying = this.applying.then(() => this.stop());
    return this.applying;
  }

  state(): McpServerState {
    if (this.running)
      return {
        status: 'listening',
        url: `http://127.0.0.1:${this.running.server.address.port}/mcp`,
        clients: this.running.server.sessions(),
      };
    return this.failure === null ? { status: 'off' } : { status: 'failed', message: this.failure };
  }

  /** Ends the client session that owns `runId`, so its run can be reverted; false when none here does. */
  async endRun(runId: string): Promise<boolean> {
    await this.applying;
    return (await this.running?.server.endRun(runId)) ?? false;
  }

  hasToken(): boolean {
    return Boolean(this.o.secrets.get(MCP_TOKEN_SECRET));
  }

  /** Replaces the token (clients holding the old one are refused from now on) and restarts a running server. */
  async newToken(): Promise<string> {
    const token = createToken();
    this.o.secrets.set(MCP_TOKEN_SECRET, token);
    this.unseen = token;
    await this.sync();
    return token;
  }

  /** The token made since the settings last showed one, once; null when there is none to show. */
  takeUnseenToken(): string | null {
    const token = this.unseen;
    this.unseen = null;
    return token;
  }

  /** Called after each change of state, e.g. for the settings to redraw the status line. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async apply(): Promise<void> {
    const settings = this.o.settings();
    const token = settings.mcpServer ? this.tokenForStart() : null;
    const running = this.running;
    if (running && (token === null || running.port !== settings.mcpPort || running.token !== token)) await this.stop();
    const failedHere =
      this.failedAt !== null && this.failedAt.port === settings.mcpPort && this.failedAt.token === token;
    if (token !== null && !this.running && !failedHere) await this.start(settings.mcpPort, token);
    // Switched off: the failure is forgotten, and switching on again tries again.
    if (token === null) [this.failure, this.failedAt] = [null, null];
    this.changed();
  }

  private async start(port: number, token: string): Promise<void> {
    try {
      const server = await this.o.start({ port, token });
      this.running = { port, token, server };
      [this.failure, this.failedAt] = [null, null];
    } catch (error) {
      this.failedAt = { port, token };
      const inUse = (error as { code?: unknown }).code === 'EADDRINUSE';
      this.fail(
        `The MCP server could not listen on 127.0.0.1:${port}: ${inUse ? 'another program uses that port; choose another port in the settings' : describeError(error)}`,
      );
    }
  }

  private fail(message: string): void {
    this.failure = message;
    this.o.notify(`Embedded Agent: ${message}`);
    this.changed();
  }

  private async stop(): Promise<void> {
    const running = this.running;
    this.running = null;
    if (running) await running.server.close();
    this.changed();
  }

  /** The stored token; a new one, kept to be shown, when there is none yet (the server never runs without one). */
  private tokenForStart(): string {
    const stored = this.o.secrets.get(MCP_TOKEN_SECRET);
    if (stored) return stored;
    const token = createToken();
    this.o.secrets.set(MCP_TOKEN_SECRET, token);
    this.unseen = token;
    this.o.notify(
      'Embedded Agent: the MCP server has a new access token. Copy it from the plugin settings (it is shown once).',
    );
    return token;
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** 32 random bytes, base64url: enough that guessing is hopeless, and safe in a header. */
function createToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
