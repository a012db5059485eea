import type { ModeService } from '../modes/ModeService';
import type { RunAuthor } from '../checkpoints/types';
import type { PlanHost } from '../plan/host';
import type { RunApproval } from '../ports/approval';
import type { LlmPort } from '../ports/llm';
import type { PluginFilesPort } from '../ports/pluginFiles';
import type { AgentServices } from '../session/AgentServices';
import { AgentSession, type SessionSettings } from '../session/AgentSession';
import type { SelectionSource } from '../session/selectionContext';
import type { SavedActionSource } from '../session/sessionPlans';

/** Who drives a chat session, and what only that driver has. */
export interface ChatDriver {
  /** Starts every run id ("chat", "cli"), so each checkpoint journal has one writer. */
  runPrefix: string;
  /** The model for the current settings; rejects (naming the setting) when none is configured. */
  llm: () => Promise<LlmPort>;
  /** Who answers this session's approvals, cards and plan confirmations alike; the host's when absent. */
  approval?: RunApproval;
  /** Who this session's runs are made by in the Changes view; worked out from the run prefix when absent. */
  author?: () => RunAuthor;
  /** The panel's selection; without it the loop reads the context from the workspace port alone. */
  selection?: SelectionSource;
  /** The saved actions this driver can run, over the session's plan host. */
  savedActions?: (host: PlanHost) => Promise<SavedActionSource>;
}

/** What a session is made of beside its driver: the runtime's parts, its services built on first use. */
export interface SessionParts {
  services: () => Promise<AgentServices>;
  modes: () => Promise<ModeService>;
  settings: () => SessionSettings;
  /** The plugin's folder: conversations and recipes are kept there. */
  files: PluginFilesPort;
  /** Who answers the approvals of the host's sessions, unless their driver says otherwise. */
  approval: RunApproval;
  now: () => number;
  owner: string;
  /** The secrets kept out of saved conversations: the services' own, once they are built. */
  knownSecrets: () => readonly string[];
}

/**
 * A session over `parts`, driven by `driver`: the runtime's one way to make one (core/runtime/createRuntime). It
 * exists before the services: a panel's session is there when the panel opens, and its first run builds them.
 */
export function sessionOver(parts: SessionParts, driver: ChatDriver): AgentSession {
  const source = driver.savedActions;
  const session: AgentSession = new AgentSession({
    services: parts.services,
    llm: driver.llm,
    modes: parts.modes,
    settings: parts.settings,
    approval: driver.approval ?? parts.approval,
    files: parts.files,
    knownSecrets: parts.knownSecrets,
    now: parts.now,
    runPrefix: driver.runPrefix,
    ...(driver.author ? { author: driver.author } : {}),
    owner: parts.owner,
    ...(driver.selection ? { selection: driver.selection } : {}),
    ...(source ? { savedActions: async () => source(await session.planHost()) } : {}),
  });
  return session;
}
