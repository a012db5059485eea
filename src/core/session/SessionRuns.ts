import type { RunApproval } from '../ports/approval';
import type { RunOpener, RunOptions, RunState } from '../tool-execution/types';
import type { AgentServices } from './AgentServices';

/**
 * The one place runs are opened and ended, for every driver of a session (the model's loop, a plan, an outside
 * client's calls): each run gets the services' ports unless it brings its own (a dry run's overlay) and the
 * approval of whoever opened the session, so every card of the run goes to the right person and names the run's
 * owner. Ending a run also keeps the checkpoint repository under its size cap.
 */
export class SessionRuns implements RunOpener {
  constructor(
    private readonly services: Pick<AgentServices, 'pipeline' | 'toolPorts' | 'pruneCheckpoints'>,
    readonly approval: RunApproval,
  ) {}

  open(runId: string, options: RunOptions): RunState {
    return this.services.pipeline.startRun(runId, {
      ...options,
      ports: options.ports ?? this.services.toolPorts(),
      approval: this.approval,
    });
  }

  async end(run: RunState): Promise<void> {
    await this.services.pipeline.endRun(run);
    await this.services.pruneCheckpoints();
  }

  ownedBy(owner: () => string): SessionRuns {
    return this.approval.owner ? this : new SessionRuns(this.services, { ...this.approval, owner });
  }
}
