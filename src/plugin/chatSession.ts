import type { AgentServices } from '../core/session/AgentServices';
import { processOwner } from '../node/processOwner';
import { AgentSession, type AgentSessionOptions } from '../core/session/AgentSession';
import type { SelectionSource } from '../core/session/selectionContext';
import { withApprovalTimeoutMs } from '../settings/settings';
import type { ChatHost } from '../ui/chat/types';

/**
 * The chat panel's session over the plugin: its services on first use, the model and modes for the current
 * settings, the panel's approval port, conversations and recipes in the plugin's folder, and the panel's selection.
 * The plan features' session (saved actions from the palette, dry runs) gives its own approval and saved actions.
 */
export function createChatSession(
  host: Omit<ChatHost, 'chatSession'>,
  selection: SelectionSource | null,
  overrides: Partial<Pick<AgentSessionOptions, 'approval' | 'savedActions'>> = {},
): AgentSession {
  let services: AgentServices | null = null;
  return new AgentSession({
    services: async () => (services = await host.agentServices()),
    llm: () => host.llm(),
    modes: () => host.modes(),
    settings: () => withApprovalTimeoutMs(host.settings),
    approval: { port: () => host.approvalPort },
    files: host.pluginFiles(),
    // The key is known once the services are: nothing is saved before a run has loaded them.
    knownSecrets: () => services?.knownSecrets() ?? [],
    now: () => Date.now(),
    runPrefix: 'chat',
    owner: processOwner(),
    ...(selection ? { selection } : {}),
    ...overrides,
  });
}

/**
 * The chat panel's session, kept across closing and opening the panel: the conversation stays the one the person
 * had, and it reads the selection of whichever panel is open now.
 */
export function panelSessionKeeper(host: Omit<ChatHost, 'chatSession'>): (selection: SelectionSource) => AgentSession {
  let session: AgentSession | null = null;
  let current: SelectionSource = () => ({ text: '', filePath: null });
  return (selection) => {
    current = selection;
    session ??= createChatSession(host, () => current());
    return session;
  };
}
