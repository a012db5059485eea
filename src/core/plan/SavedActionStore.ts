import type { ClockPort } from '../ports/clock';
import { redactText } from '../tool-execution/redact';
import {
  createPromptAction,
  createSavedAction,
  deleteSavedAction,
  moveSavedAction,
  type PlanSavedAction,
  type PromptSavedAction,
  rememberAskedValues,
  renameSavedAction,
  type SavedAction,
} from './savedActions';
import { assertPromptSaveable, assertSaveable } from './savedSecrets';
import { exportSavedActions, type ImportResult, importSavedActions, loadSavedActions } from './savedActionsIO';
import type { ActionPlan } from './types';
import { type PlanPolicy, validatePlan } from './validatePlan';
import { type PlanHost, planPolicy, requireValidPlan } from './host';

/** The parameter schema's longest default. */
const MAX_REMEMBERED = 10_000;

/** Where the list lives: the `savedActions` key of data.json in the plugin, memory in tests. */
export interface SavedActionsStorage {
  load(): unknown;
  save(actions: SavedAction[]): Promise<void>;
}

/**
 * The saved actions, kept in the settings: every change is saved, then announced, so the plugin can add,
 * rename and remove the matching `run-saved-action-<id>` commands.
 */
export class SavedActionStore {
  private actions: SavedAction[];
  /** Entries of the setting that could not be loaded, with why. */
  readonly loadProblems: string[];
  private readonly listeners = new Set<(actions: readonly SavedAction[]) => void>();

  constructor(
    private readonly storage: SavedActionsStorage,
    private readonly options: { policy: () => PlanPolicy; clock: ClockPort; knownSecrets?: () => readonly string[] },
  ) {
    const loaded = loadSavedActions(storage.load(), options.policy());
    this.actions = loaded.actions;
    this.loadProblems = loaded.problems;
  }

  list(): readonly SavedAction[] {
    return this.actions;
  }

  get(id: string): SavedAction | undefined {
    return this.actions.find((action) => action.id === id);
  }

  onChange(listener: (actions: readonly SavedAction[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Saves a plan that ran well as a new action at the end of the list; an invalid plan, or one holding a key or a
   * huge value (see `assertSaveable`), is refused (`INVALID_PLAN`).
   */
  async add(name: string, plan: ActionPlan): Promise<PlanSavedAction> {
    const { plan: valid } = requireValidPlan(validatePlan(plan, this.options.policy()), 'The plan to save');
    assertSaveable(valid, this.options.knownSecrets?.() ?? []);
    const action = createSavedAction({ name, plan: valid, now: this.options.clock.now() }, this.actions);
    await this.replace([...this.actions, action]);
    return action;
  }

  /**
   * Saves a prompt with placeholders as a new action at the end of the list. A prompt that cannot be bound, or one
   * holding a key (see `assertPromptSaveable`), is refused.
   */
  async addPrompt(name: string, prompt: string): Promise<PromptSavedAction> {
    const action = createPromptAction({ name, prompt, now: this.options.clock.now() }, this.actions);
    assertPromptSaveable(action.prompt, this.options.knownSecrets?.() ?? []);
    await this.replace([...this.actions, action]);
    return action;
  }

  async rename(id: string, name: string): Promise<void> {
    await this.replace(renameSavedAction(this.actions, id, name));
  }

  async move(id: string, toIndex: number): Promise<void> {
    await this.replace(moveSavedAction(this.actions, id, toIndex));
  }

  async remove(id: string): Promise<void> {
    await this.replace(deleteSavedAction(this.actions, id));
  }

  /**
   * Keeps the values typed for an action's "ask each time" parameters as their prefill for the next run. A value
   * holding a key is not kept: it would go to data.json.
   */
  async rememberAskedValues(id: string, values: Readonly<Record<string, string>>): Promise<void> {
    const action = this.get(id);
    if (!action) return;
    const secrets = this.options.knownSecrets?.() ?? [];
    const safe = Object.fromEntries(
      Object.entries(values).filter(
        ([, value]) => value.length <= MAX_REMEMBERED && redactText(value, secrets, { maxString: Infinity }) === value,
      ),
    );
    const next = rememberAskedValues(action, safe);
    if (next !== action) await this.replace(this.actions.map((other) => (other.id === id ? next : other)));
  }

  exportJson(): string {
    return exportSavedActions(this.actions);
  }

  /** All or nothing; see importSavedActions. */
  async importJson(json: string): Promise<ImportResult> {
    const result = importSavedActions(json, this.actions, this.options.policy());
    if (result.ok) await this.replace(result.actions);
    return result;
  }

  private async replace(actions: SavedAction[]): Promise<void> {
    await this.storage.save(actions);
    this.actions = actions;
    for (const listener of this.listeners) listener(this.actions);
  }
}

/**
 * The store over a plan host, as the panel and the terminal both load it. Stored actions are checked for shape and
 * tools only: the settings switches apply when one runs, so turning off deletes does not drop an action that deletes.
 */
export async function storeForHost(host: PlanHost, storage: SavedActionsStorage): Promise<SavedActionStore> {
  const base = await planPolicy(host, null);
  const policy = (): PlanPolicy => ({ ...base, gates: null, maxRetries: host.settings().maxRetries });
  return new SavedActionStore(storage, {
    policy,
    clock: host.ports.clock,
    ...(host.knownSecrets ? { knownSecrets: host.knownSecrets } : {}),
  });
}
