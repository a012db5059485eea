import type { Command, Plugin } from 'obsidian';
import { savedActionCommandId, savedActionCommandName } from '../core/plan';

/** What the command list needs of an action. */
export interface ActionCommandInfo {
  id: string;
  name: string;
}

/**
 * Keeps one command per saved action: `run-saved-action-<id>`, named "Run saved action: <name>". `sync` adds
 * the command of a new action, renames it with the action and removes it when the action is deleted.
 * `Plugin.removeCommand` exists since Obsidian 1.7.2, below the manifest's minAppVersion.
 */
export class SavedActionCommands {
  /** Command id → the name it was registered with. */
  private readonly registered = new Map<string, string>();

  constructor(
    private readonly plugin: Pick<Plugin, 'addCommand' | 'removeCommand'>,
    private readonly run: (actionId: string) => void,
  ) {}

  sync(actions: readonly ActionCommandInfo[]): void {
    const wanted = new Map(actions.map((action) => [savedActionCommandId(action), { action, name: savedActionCommandName(action) }]));
    for (const [id, name] of [...this.registered]) {
      if (wanted.get(id)?.name === name) continue;
      this.plugin.removeCommand(id);
      this.registered.delete(id);
    }
    for (const [id, { action, name }] of wanted) {
      if (this.registered.has(id)) continue;
      const command: Command = { id, name, callback: () => this.run(action.id) };
      this.plugin.addCommand(command);
      this.registered.set(id, name);
    }
  }

  /** The command ids now registered, in registration order. */
  ids(): string[] {
    return [...this.registered.keys()];
  }
}

/**
 * Id and name of each entry of the `savedActions` setting that has them, without validating the plans: enough to
 * register the commands at start-up, before the agent's services exist. Running one validates it fully.
 */
export function commandInfoFromSetting(raw: unknown): ActionCommandInfo[] {
  if (!Array.isArray(raw)) return [];
  const found: ActionCommandInfo[] = [];
  for (const entry of raw as unknown[]) {
    if (entry === null || typeof entry !== 'object') continue;
    const { id, name } = entry as Record<string, unknown>;
    if (typeof id === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id) && typeof name === 'string' && name.trim() !== '' && !found.some((info) => info.id === id)) {
      found.push({ id, name });
    }
  }
  return found;
}
