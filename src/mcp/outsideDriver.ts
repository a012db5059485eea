import type { OutsideConnection, OutsideDriverFactory } from '../core/runtime/createRuntime';
import type { SessionSettings } from '../core/session/AgentSession';
import type { OutsideAsker } from '../core/session/outsideApproval';
import type { OutsideDriver } from '../core/session/OutsideDriver';
import { ElicitationAsker } from './ElicitationAsker';
import { clientAuthorOf, clientNameOf, type LowLevelServer } from './vaultServer';

export type McpDriverOptions = Omit<
  OutsideConnection,
  'asker' | 'clientName' | 'clientAuthor' | 'driver' | 'onToolsChanged'
> & {
  /** The runtime's factory of outside drivers (core/runtime): the connection's session is the runtime's. */
  drivers: OutsideDriverFactory;
  /** The settings as they are now: how long the elicitation form waits for an answer. */
  settings: () => Pick<SessionSettings, 'approvalTimeoutMs'>;
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
  const { drivers, settings, now, asker, inApp, ...rest } = o;
  return drivers({
    ...rest,
    asker: asker ? asker() : new ElicitationAsker(server, () => settings().approvalTimeoutMs, now),
    clientName: () => clientNameOf(server),
    clientAuthor: () => clientAuthorOf(server),
    driver: inApp ? 'outside-in-app' : 'outside',
    // The saved actions came after a list of tools was answered without them: the client lists again.
    onToolsChanged: () => void server.sendToolListChanged().catch(() => undefined),
  });
}
