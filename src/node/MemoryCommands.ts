import type { CommandInfo, CommandsPort } from '../core/ports/commands';

export interface MemoryCommand {
  id: string;
  name: string;
  /**
   * What running the command does. Returning `false` means "not available now", like an Obsidian
   * `checkCallback` that says no; a command without a callback runs and does nothing.
   */
  callback?: () => unknown;
}

/**
 * Obsidian's command registry held in memory. `run` resolves false for an unknown id or a command that says it
 * is not available, and rejects with the callback's own error when the callback throws (or its promise
 * rejects): the error is the only account of what went wrong, so it is passed on for the caller to report
 * rather than folded into `false`.
 */
export class MemoryCommands implements CommandsPort {
  private readonly commands = new Map<string, MemoryCommand>();
  private readonly pluginIds: string[];
  /** Ids of the commands that ran, in order, for assertions. */
  readonly executed: string[] = [];

  constructor(commands: readonly MemoryCommand[] = [], communityPluginIds: readonly string[] = []) {
    for (const command of commands) this.add(command);
    this.pluginIds = [...communityPluginIds];
  }

  /** Registers a command, replacing one with the same id (as `Plugin.addCommand` does). */
  add(command: MemoryCommand): void {
    this.commands.set(command.id, command);
  }

  remove(id: string): void {
    this.commands.delete(id);
  }

  list(): CommandInfo[] {
    return [...this.commands.values()].map(({ id, name }) => ({ id, name }));
  }

  async run(id: string): Promise<boolean> {
    const command = this.commands.get(id);
    if (!command) return false;
    // Awaited so that an async callback's rejection reaches the caller instead of going unhandled.
    const result: unknown = await command.callback?.();
    if (result === false) return false;
    this.executed.push(id);
    return true;
  }

  communityPluginIds(): string[] {
    return [...this.pluginIds];
  }
}
