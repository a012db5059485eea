import type { PlanHost } from '../core/plan/host';
import type { SessionSettings } from '../core/session/AgentSession';
import type { OutsideAsker } from '../core/session/outsideApproval';
import { OutsideDriver, type OutsideDriverOptions } from '../core/session/OutsideDriver';
import { sessionFactory } from '../core/session/sessionFactory';
import type { SavedActionSource } from '../core/session/sessionPlans';
import { ElicitationAsker } from './ElicitationAsker';
import { clientNameOf, type LowLevelServer } from './vaultServer';

export type McpDriverOptions = Omit<
  OutsideDriverOptions,
  'asker' | 'clientName' | 'driver' | 'onToolsChanged' | 'session'
> & {
  settings: () => SessionSettings;
  /** The saved actions the client may run as tools (the panel's store; the vault's data.json in the terminal). */
  savedActions?: (host: PlanHost) => Promise<SavedActionSource>;
  now: () => number;
  /** Who asks the person; by default the client's elicitation form (a terminal server's only way). */
  asker?: () => OutsideAsker;
  /** Whether the server runs inside the app, whose editor and workspace the person sees (the plugin's). */
  inApp?: boolean;
};

/**
 * The outside driver of one MCP connection, the client named as it introduced itself. By default the person is
 * asked through the client's elicitation form and there is no editor (a terminal has none the person sees).
 */
export function mcpOutsideDriver(server: LowLevelServer, o: McpDriverOptions): OutsideDriver {
  const clientName = (): string => clientNameOf(server);
  const { asker, inApp, settings, savedActions, now, ...rest } = o;
  return new OutsideDriver({
    ...rest,
    session: sessionFactory({
      services: o.services,
      modes: o.modes,
      settings,
      ...(savedActions ? { savedActions } : {}),
      now,
    }),
    asker: asker ? asker() : new ElicitationAsker(server, () => settings().approvalTimeoutMs, now),
    clientName,
    driver: inApp ? 'outside-in-app' : 'outside',
    // The saved actions came after a list of tools was answered without them: the client lists again.
    onToolsChanged: () => void server.sendToolListChanged().catch(() => undefined),
  });
}
