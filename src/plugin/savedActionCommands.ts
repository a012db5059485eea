import type { Command, Plugin } from 'obsidian';
import {
  type ActionCommandInfo,
  type ActionCommandSync,
  savedActionCommandId,
  savedActionCommandName,
} from '../core/plan/actionCommands';

/**
 * Keeps one command per saved action: `run-saved-action-<id>`, named "Run saved action: <name>". `sync` adds
 * the command of a new action, renames it with the action and removes it when the action is deleted.
 * `Plugin.removeCommand` exists since Obsidian 1.7.2, below the manifest's minAppVersion.
 */
export class SavedActionCommands implements ActionCommandSync {
  /** Command id → the name it was registered with. */
  private readonly registered = new Map<string, string>();

  constructor(
    private readonly plugin: Pick<Plugin, 'addCommand' | 'removeCommand'>,
    private readonly run: (actionId: string) => void,
  ) {}

  sync(actions: readonly ActionCommandInfo[]): void {
    const wanted = new Map(
      actions.map((action) => [savedActionCommandId(action), { action, name: savedActionCommandName(action) }]),
    );
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
