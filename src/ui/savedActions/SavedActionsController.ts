import { type App, Notice } from 'obsidian';
import {
  type ActionCommandSync,
  type ActionPlan,
  type ExecutedCall,
  type FreezeContext,
  freezeCalls,
  parameterizePlan,
  type SavedAction,
  type SavedActionStore,
  storeForHost,
  commandInfoFromSetting,
} from '../../core/plan';
import { describeError } from '../../core/errors';
import type { AgentSession } from '../../core/session/AgentSession';
import { type ActionSession, SavedActionRunner, type SavedActionRunnerOptions } from './SavedActionRunner';

/** A run that ended well, as "Save as button" gets it: the agent loop's calls, or the plan that ran. */
export type FinishedRun =
  | { kind: 'calls'; calls: readonly ExecutedCall[]; context: FreezeContext; goal?: string }
  | { kind: 'plan'; plan: ActionPlan; context: FreezeContext };

export interface SavedActionsControllerOptions {
  app: App;
  /** The palette commands, one per action, running the action of the id given (the plugin registers them). */
  commands: (run: (actionId: string) => void) => ActionCommandSync;
  /** The plugin's settings object; `savedActions` is read and replaced there. */
  settings: () => { savedActions: unknown[] };
  saveSettings: () => Promise<void>;
  /** Runs the actions; its plan host checks the store and freezes runs. */
  session: ActionSession & Pick<AgentSession, 'planHost'>;
  /** Where runs show while the chat panel is open. */
  container: () => HTMLElement | null;
  askInputs?: SavedActionRunnerOptions['askInputs'];
  trackRun?: SavedActionRunnerOptions['trackRun'];
  sendPrompt?: SavedActionRunnerOptions['sendPrompt'];
}

/**
 * The saved actions of the plugin: the store in `settings.savedActions`, one command per action kept in step with
 * it, and running them. The commands exist from start-up; the store (which validates the plans against the
 * tool registry) is built on first use.
 */
export class SavedActionsController {
  readonly commands: ActionCommandSync;
  readonly runner: SavedActionRunner;
  private storePromise: Promise<SavedActionStore> | null = null;

  constructor(private readonly options: SavedActionsControllerOptions) {
    this.commands = options.commands((id) => void this.runById(id));
    this.commands.sync(commandInfoFromSetting(options.settings().savedActions));
    this.runner = new SavedActionRunner({
      app: options.app,
      session: options.session,
      container: options.container,
      ...(options.trackRun ? { trackRun: options.trackRun } : {}),
      ...(options.askInputs ? { askInputs: options.askInputs } : {}),
      ...(options.sendPrompt ? { sendPrompt: options.sendPrompt } : {}),
      remember: (action, values) => void this.remember(action.id, values),
    });
  }

  store(): Promise<SavedActionStore> {
    this.storePromise ??= this.createStore();
    return this.storePromise;
  }

  /**
   * Freezes a finished run into a plan: context values become placeholders bound at each run, and the values the
   * run fixed (a folder the person named) become parameters that keep this run's value as their default.
   */
  async freeze(run: FinishedRun): Promise<ActionPlan> {
    const { registry } = await this.options.session.planHost();
    return (
      run.kind === 'calls'
        ? freezeCalls(run.calls, run.context, registry, run.goal)
        : parameterizePlan(run.plan, run.context, registry)
    ).plan;
  }

  async save(name: string, plan: ActionPlan): Promise<SavedAction> {
    return (await this.store()).add(name, plan);
  }

  async runById(id: string): Promise<void> {
    const action = (await this.store()).get(id);
    if (!action) {
      new Notice(`No saved action has the id "${id}"; it may have been deleted or could not be loaded.`);
      return;
    }
    await this.runner.run(action);
  }

  private async remember(id: string, values: Record<string, string>): Promise<void> {
    try {
      await (await this.store()).rememberAskedValues(id, values);
    } catch (error) {
      new Notice(`The values typed for the saved action were not kept for next time: ${describeError(error)}`);
    }
  }

  private async createStore(): Promise<SavedActionStore> {
    const store = await storeForHost(await this.options.session.planHost(), {
      load: () => this.options.settings().savedActions,
      save: async (actions) => {
        this.options.settings().savedActions = actions;
        await this.options.saveSettings();
      },
    });
    if (store.loadProblems.length > 0)
      new Notice(`Some saved actions were not loaded: ${store.loadProblems.join('; ')}`);
    store.onChange((actions) => this.commands.sync(actions));
    this.commands.sync(store.list());
    return store;
  }
}
