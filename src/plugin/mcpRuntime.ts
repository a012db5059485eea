import type { App } from 'obsidian';
import type { Runtime } from '../core/runtime/createRuntime';
import type { OutsideApprovalMode } from '../core/session/outsideApproval';
import { startHttpServer } from '../mcp/httpServer';
import { mcpOutsideDriver } from '../mcp/outsideDriver';
import type { RunningMcpServer } from './McpServerHost';
import type { PanelApprovals } from './PanelApprovals';
import { PanelAsker } from './PanelAsker';

export interface PluginMcpOptions {
  app: App;
  /** The plugin's runtime: its services, modes and saved actions are the panel's. */
  runtime: Runtime;
  /** Read when a client connects: a change applies to the next connection. */
  approval: () => OutsideApprovalMode;
  panel: PanelApprovals;
  log: (line: string) => void;
}

/**
 * The MCP server inside Obsidian (loaded only when the setting is on): Streamable HTTP on 127.0.0.1, each client
 * connection an outside driver from the plugin's runtime, so its writes are checkpointed in the same repository
 * ("Revert last run" undoes them) and its approvals are cards in the chat panel that name the client.
 */
export async function startPluginMcpServer(
  o: PluginMcpOptions,
  listen: { port: number; token: string },
): Promise<RunningMcpServer> {
  const drivers = await o.runtime.outsideDrivers();
  return startHttpServer({
    port: listen.port,
    token: listen.token,
    log: o.log,
    createDriver: (server) =>
      mcpOutsideDriver(server, {
        drivers,
        settings: o.runtime.settings,
        approval: o.approval(),
        asker: () => new PanelAsker(o.app, o.panel),
        // Obsidian's editor and workspace are the ones the person sees: their tools are offered as in the panel.
        inApp: true,
        now: () => Date.now(),
      }),
  });
}
