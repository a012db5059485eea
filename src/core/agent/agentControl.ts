import { AgentError } from '../errors';
import type { ModeService } from '../modes/ModeService';
import type { ApprovalRequest } from '../ports/approval';
import type { AgentControl, SubtaskOutcome } from '../tools/types';
import type { ToolRegistry } from '../tools/ToolRegistry';
import { modeSwitchRequest } from './modeSwitchRequest';
import type { Session } from './session';
import { matchTools } from './toolSet';
import type { TaskCallbacks } from './types';

export interface ControlDeps {
  session: Session;
  modeService: ModeService;
  registry: ToolRegistry;
  callbacks: TaskCallbacks;
  /** Recomputes the session's tools after its mode or loaded tools changed, and updates the pipeline run. */
  refreshTools: () => void;
  spawn: (request: { mode: string; message: string }) => Promise<SubtaskOutcome>;
  /** The user's task saves a mode switch as the active mode; a sub-task's switch stays its own. */
  persistMode: boolean;
  /** Asks the user about a switch that adds tools (the pipeline's approval, failing closed); throws DENIED when not approved. */
  approveWidening: (request: Omit<ApprovalRequest, 'runId'>) => Promise<void>;
}

/** The AgentControl one run hands its tools: each method changes that run only. */
export function createAgentControl(deps: ControlDeps): AgentControl {
  const { session, modeService } = deps;
  return {
    async switchMode(slug, reason) {
      const next = modeService.requireMode(slug);
      if (session.ceiling && !modeService.isNoStrongerThan(next, session.ceiling)) {
        throw new AgentError(
          'NOT_ALLOWED',
          `This sub-task cannot switch to mode "${next.slug}": it was started in mode "${session.ceiling.slug}" and may not gain tools beyond it`,
          { mode: next.slug },
        );
      }
      const previous = session.mode;
      // A switch that adds tools is the user's to allow: a note the model read must not hand it write tools.
      const current = new Set(modeService.toolNames(previous));
      const gained = modeService.toolNames(next).filter((name) => !current.has(name));
      if (gained.length > 0) {
        const tools = gained.map((name) => ({ name, risk: deps.registry.get(name)?.meta.risk ?? 'commands' }));
        const input = reason === undefined ? { mode: slug } : { mode: slug, reason };
        await deps.approveWidening(
          modeSwitchRequest({ from: previous, to: next, gained: tools, input }, session.run.approvedForRun),
        );
      }
      session.mode = next;
      deps.refreshTools();
      if (deps.persistMode) modeService.setActiveMode(next.slug);
      deps.callbacks.onModeChange?.({ mode: next, previous, ...(reason === undefined ? {} : { reason }) });
      return { mode: next.slug, name: next.name, tools: [...session.tools.allowed] };
    },

    spawnSubtask(request) {
      return deps.spawn(request);
    },

    loadDeferredTools(query) {
      const candidates = modeService
        .toolNames(session.mode)
        .filter((name) => deps.registry.get(name)?.meta.deferred === true)
        .flatMap((name) => deps.registry.get(name)?.getDefinition() ?? []);
      const found = matchTools(query, candidates);
      for (const tool of found) session.loaded.add(tool.name);
      deps.refreshTools();
      return { tools: found, available: [...session.tools.deferred] };
    },

    complete(result) {
      session.completion = result;
    },
  };
}
