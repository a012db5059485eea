import type { ChatDriver, Runtime } from '../core/runtime/createRuntime';
import type { AgentSession } from '../core/session/AgentSession';
import type { SelectionSource } from '../core/session/selectionContext';
import type { ChatHost } from '../ui/chat/types';

/** The plugin's sessions as the runtime (core/runtime) makes them, and the model they use. */
export interface PluginSessions {
  readonly runtime: Runtime;
  llm: ChatHost['llm'];
}

/**
 * The chat panel's driver of a session: the model for the current settings, run ids that start with "chat".
 * The panel's session also reads its selection; the plan features' (saved actions from the palette, dry runs)
 * bring their own approval and saved actions.
 */
export function panelDriver(
  host: Pick<PluginSessions, 'llm'>,
  more: Omit<ChatDriver, 'runPrefix' | 'llm'> = {},
): ChatDriver {
  return { runPrefix: 'chat', llm: () => host.llm(), ...more };
}

/**
 * The chat panel's session, kept across closing and opening the panel: the conversation stays the one the person
 * had, and it reads the selection of whichever panel is open now.
 */
export function panelSessionKeeper(host: PluginSessions): (selection: SelectionSource) => AgentSession {
  let session: AgentSession | null = null;
  let current: SelectionSource = () => ({ text: '', filePath: null });
  return (selection) => {
    current = selection;
    session ??= host.runtime.chatSession(panelDriver(host, { selection: () => current() }));
    return session;
  };
}
