import type { RunAuthor } from '../checkpoints/types';
import type { RunApproval } from '../ports/approval';
import { AgentError } from '../errors';
import type { CallOutcome, RunOpener, RunOptions, RunState } from '../tool-execution/types';
import type { ToolExecutionPipeline } from '../tool-execution/ToolExecutionPipeline';
import type { ToolContext } from '../tools/types';

/** What runs need of the services (AgentServices gives it): the pipeline, the tools' ports, the checkpoint cap. */
export interface RunServices {
  readonly pipeline: ToolExecutionPipeline;
  toolPorts(): Omit<ToolContext, 'signal' | 'runId'>;
  pruneCheckpoints(): Promise<void>;
}

/**
 * The one place runs are opened and ended, for every driver of a session (the model's loop, a plan, an outside
 * client's calls): each run gets the services' ports unless it brings its own (a dry run's overlay) and the
 * approval of whoever opened the session, so every card of the run goes to the right person and names the run's
 * owner. Ending a run also keeps the checkpoint repository under its size cap.
 */
export class SessionRuns implements RunOpener {
  /** Calls made through `call`, for their ids. */
  private calls = 0;

  constructor(
    private readonly services: RunServices,
    readonly approval: RunApproval,
    /** Who makes these runs, as the Changes view names them (see runAuthors.ts). */
    private readonly author: () => RunAuthor = () => ({ kind: 'agent', label: 'Agent' }),
  ) {}

  open(runId: string, options: RunOptions): RunState {
    return this.services.pipeline.startRun(runId, {
      ...options,
      ports: options.ports ?? this.services.toolPorts(),
      approval: this.approval,
      origin: options.origin ?? (() => ({ author: this.author() })),
    });
  }

  async end(run: RunState): Promise<void> {
    await this.services.pipeline.endRun(run);
    await this.services.pruneCheckpoints();
  }

  /**
   * One call of a driver that makes no call ids of its own (an outside client names a tool, not a call): through the
   * pipeline in `run`, its id `<run id>-<n>`.
   */
  async call(run: RunState, name: string, input: unknown): Promise<CallOutcome> {
    const [outcome] = await this.services.pipeline.executeBatch(
      [{ id: `${run.runId}-${++this.calls}`, name, input }],
      run,
    );
    if (!outcome) throw new AgentError('INTERNAL', `${name} gave no outcome`);
    return outcome;
  }

  ownedBy(owner: () => string, author?: RunAuthor): SessionRuns {
    if (this.approval.owner) return this;
    return new SessionRuns(this.services, { ...this.approval, owner }, author ? () => author : this.author);
  }

  authoredBy(author: RunAuthor): SessionRuns {
    return this.approval.owner ? this : new SessionRuns(this.services, this.approval, () => author);
  }
}
