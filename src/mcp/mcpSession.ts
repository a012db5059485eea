import type { ModeService } from '../core/modes/ModeService';
import type { PlanHost } from '../core/plan/host';
import type { AgentServices } from '../core/session/AgentServices';
import type { SessionSettings } from '../core/session/AgentSession';
import type { OutsideApprovalMode } from '../core/session/outsideApproval';
import { OutsideSession } from '../core/session/OutsideSession';
import type { SavedActionSource } from '../core/session/sessionPlans';
import { ElicitationAsker } from './ElicitationAsker';
import { clientNameOf, type LowLevelServer } from './vaultServer';

export interface McpSessionOptions {
  services: AgentServices;
  modes: ModeService;
  settings: () => SessionSettings;
  approval: OutsideApprovalMode;
  savedActions?: (host: PlanHost) => Promise<SavedActionSource>;
  now: () => number;
}

/**
 * The outside session of one MCP connection: the person is asked through the client's elicitation form, the client
 * is named as it introduced itself, and there is no editor (a terminal has none the person sees).
 */
export function mcpOutsideSession(server: LowLevelServer, o: McpSessionOptions): OutsideSession {
  const clientName = (): string => clientNameOf(server);
  return new OutsideSession({
    services: o.services,
    modes: o.modes,
    settings: o.settings,
    approval: o.approval,
    asker: new ElicitationAsker(server, () => o.settings().approvalTimeoutMs, clientName),
    clientName,
    editor: false,
    ...(o.savedActions ? { savedActions: o.savedActions } : {}),
    now: o.now,
  });
}
