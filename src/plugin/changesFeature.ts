import type { Plugin } from 'obsidian';
import { AgentError, isAgentError } from '../core/errors';
import type { ChangesPort } from '../core/review/types';
import type { AgentServices } from '../core/session/AgentServices';
import { ChangesCount } from '../ui/changes/ChangesCount';
import { ChangesView } from '../ui/changes/ChangesView';
import { CHANGES_VIEW_TYPE, type ChangesHost } from '../ui/changes/types';
import { lazyModules } from './lazyModules';
import { openChangesView } from './openChangesView';

/**
 * How long after the workspace is ready the review core loads to show the count, when nothing loaded it before:
 * after a restart the runs waiting for review are counted without slowing Obsidian's start.
 */
export const COUNT_DELAY_MS = 3000;

/**
 * Review after the fact in the plugin: the Changes view, and the count of runs to review in the status bar. The
 * review core loads on first use (the view opens, the agent's services are built) or a moment after start-up,
 * never during it. Its "Review changes" command is registered with the others (commands.ts).
 */
export class ChangesFeature implements ChangesHost {
  private port: Promise<ChangesPort> | null = null;
  private count: ChangesCount | null = null;
  private timer: number | null = null;
  private stopWatching: (() => void) | null = null;

  constructor(
    private readonly plugin: Plugin & { watchRuns(listener: () => void): () => void },
    private readonly services: () => Promise<{ services: AgentServices }>,
  ) {}

  install(): void {
    const { plugin } = this;
    plugin.registerView(CHANGES_VIEW_TYPE, (leaf) => new ChangesView(leaf, this));
    this.count = new ChangesCount(plugin.addStatusBarItem(), () => void openChangesView(plugin.app));
    // Services built for anything else (a run, the MCP server) bring the count along.
    this.stopWatching = plugin.watchRuns(() => void this.load());
    plugin.app.workspace.onLayoutReady(() => {
      this.timer = window.setTimeout(() => void this.load(), COUNT_DELAY_MS);
    });
  }

  /** The services' review core (it loads with them), followed by the count from then on. */
  changes(): Promise<ChangesPort> {
    this.port ??= this.services().then(({ services }) => {
      if (!services.changes)
        throw new AgentError(
          'NOT_ALLOWED',
          'There is nothing to review: checkpoints cannot be kept for this vault (it is not on the local disk), so no run was recorded',
        );
      this.count?.attach(services.changes);
      return services.changes;
    });
    return this.port;
  }

  changesPanel(): Promise<typeof import('../ui/changes/ChangesPanel')> {
    return lazyModules.changesPanel();
  }

  dispose(): void {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.stopWatching?.();
    this.count?.detach();
  }

  private async load(): Promise<void> {
    this.stopWatching?.();
    this.stopWatching = null;
    await this.changes().catch((error: unknown) => {
      // Without checkpoints there is nothing to count: the count stays hidden, and the view says why if opened.
      if (!isAgentError(error, 'NOT_ALLOWED'))
        console.error('Embedded Agent: could not load the changes to review', error);
    });
  }
}
