import { processOwner } from '../node/processOwner';
import { chatSessionOver, type ChatDriver } from '../core/runtime/chatSession';
import type { AgentSession } from '../core/session/AgentSession';
import type { SelectionSource } from '../core/session/selectionContext';
import { withApprovalTimeoutMs } from '../settings/settings';
import type { ChatHost } from '../ui/chat/types';

/**
 * The chat panel's session over the plugin (core/runtime's factory): its services on first use, the model and
 * modes for the current settings, the panel's approval port, conversations and recipes in the plugin's folder,
 * and the panel's selection. The plan features' session (saved actions from the palette, dry runs) gives its own
 * approval and saved actions.
 */
export function createChatSession(
  host: Omit<ChatHost, 'chatSession'>,
  selection: SelectionSource | null,
  overrides: Pick<ChatDriver, 'approval' | 'savedActions'> = {},
): AgentSession {
  return chatSessionOver(
    {
      services: () => host.agentServices(),
      modes: () => host.modes(),
      settings: () => withApprovalTimeoutMs(host.settings),
      files: host.pluginFiles(),
      approval: { port: () => host.approvalPort },
      now: () => Date.now(),
      owner: processOwner(),
    },
    { runPrefix: 'chat', llm: () => host.llm(), ...(selection ? { selection } : {}), ...overrides },
  );
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
