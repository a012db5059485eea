import type { App } from 'obsidian';
import type { ModeService } from '../core/modes/ModeService';
import type { AgentServices } from '../core/session/AgentServices';
import type { SessionSettings } from '../core/session/AgentSession';
import type { OutsideApprovalMode } from '../core/session/outsideApproval';
import type { SavedActionSource } from '../core/session/sessionPlans';
import { startHttpServer } from '../mcp/httpServer';
import { mcpOutsideDriver } from '../mcp/outsideDriver';
import type { RunningMcpServer } from './McpServerHost';
import type { PanelApprovals } from './PanelApprovals';
import { PanelAsker } from './PanelAsker';

export interface PluginMcpOptions {
  app: App;
  services: AgentServices;
  modes: ModeService;
  settings: () => SessionSettings;
  /** Read when a client connects: a change applies to the next connection. */
  approval: () => OutsideApprovalMode;
  panel: PanelApprovals;
  savedActions: () => Promise<SavedActionSource>;
  log: (line: string) => void;
}

/**
 * The MCP server inside Obsidian (loaded only when the setting is on): Streamable HTTP on 127.0.0.1, each client
 * connection an outside driver over the panel's services, so its writes are checkpointed in the same repository
 * ("Revert last run" undoes them) and its approvals are cards in the chat panel that name the client.
 */
export function startPluginMcpServer(
  o: PluginMcpOptions,
  listen: { port: number; token: string },
): Promise<RunningMcpServer> {
  return startHttpServer({
    port: listen.port,
    token: listen.token,
    log: o.log,
    createDriver: (server) =>
      mcpOutsideDriver(server, {
        services: o.services,
        modes: o.modes,
        settings: o.settings,
        approval: o.approval(),
        asker: () => new PanelAsker(o.app, o.panel),
        // Obsidian's editor and workspace are the ones the person sees: their tools are offered as in the panel.
        inApp: true,
        savedActions: () => o.savedActions(),
        now: () => Date.now(),
      }),
  });
}
