import { AgentError } from '../errors';
import type { ModeService } from '../modes/ModeService';
import type { PlanHost } from '../plan/host';
import type { RunApproval } from '../ports/approval';
import type { AgentServices } from './AgentServices';
import { AgentSession, type SessionSettings } from './AgentSession';
import type { SavedActionSource } from './sessionPlans';

/**
 * Opens a session over the runtime's services for a driver that is not the model (an outside client): its runs
 * ask `approval` and name its owner, their ids start with `runPrefix`.
 */
export type SessionFactory = (options: { runPrefix: string; approval: RunApproval }) => AgentSession;

/** The session factory of a runtime whose services and modes are built, for drivers with no model of their own. */
export function sessionFactory(o: {
  services: AgentServices;
  modes: ModeService;
  settings: () => SessionSettings;
  /** The saved actions the driver may run (the panel's store; the vault's data.json in the terminal). */
  savedActions?: (host: PlanHost) => Promise<SavedActionSource>;
  now: () => number;
}): SessionFactory {
  return ({ runPrefix, approval }) => {
    const source = o.savedActions;
    const session: AgentSession = new AgentSession({
      services: () => Promise.resolve(o.services),
      llm: () =>
        Promise.reject(
          new AgentError('NOT_ALLOWED', 'This session has no model of its own: the client that drives it is the model'),
        ),
      modes: () => Promise.resolve(o.modes),
      settings: o.settings,
      approval,
      files: o.services.ports.pluginFiles,
      knownSecrets: () => o.services.knownSecrets(),
      now: o.now,
      runPrefix,
      ...(source ? { savedActions: async () => source(await session.planHost()) } : {}),
    });
    return session;
  };
}
