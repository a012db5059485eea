import type { OutsideAsker } from '../core/session/outsideApproval';
import { OutsideSession, type OutsideSessionOptions } from '../core/session/OutsideSession';
import { ElicitationAsker } from './ElicitationAsker';
import { clientNameOf, type LowLevelServer } from './vaultServer';

export type McpSessionOptions = Omit<OutsideSessionOptions, 'asker' | 'clientName' | 'editor' | 'onToolsChanged'> & {
  /** Who asks the person; by default the client's elicitation form (a terminal server's only way). */
  asker?: () => OutsideAsker;
  /** Whether the editor and workspace tools are offered: only where the person sees that editor (in Obsidian). */
  editor?: boolean;
};

/**
 * The outside session of one MCP connection, the client named as it introduced itself. By default the person is
 * asked through the client's elicitation form and there is no editor (a terminal has none the person sees).
 */
export function mcpOutsideSession(server: LowLevelServer, o: McpSessionOptions): OutsideSession {
  const clientName = (): string => clientNameOf(server);
  const { asker, editor, ...rest } = o;
  return new OutsideSession({
    ...rest,
    asker: asker ? asker() : new ElicitationAsker(server, () => o.settings().approvalTimeoutMs, o.now),
    clientName,
    editor: editor ?? false,
    // The saved actions came after a list of tools was answered without them: the client lists again.
    onToolsChanged: () => void server.sendToolListChanged().catch(() => undefined),
  });
}
