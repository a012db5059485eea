import type { App } from 'obsidian';
import { AgentError, describeError } from '../core/errors';
import type { CommandInfo, CommandsPort } from '../core/ports/commands';

/** The part of `app.commands` this adapter uses. It is not in obsidian.d.ts; these members are long-standing. */
interface CommandRegistry {
  commands: Record<string, { id: string; name: string }>;
  findCommand?(id: string): unknown;
  executeCommandById(id: string): boolean;
}

/** The part of `app.plugins` this adapter uses: the manifests of installed community plugins, by id. */
interface PluginRegistry {
  manifests: Record<string, unknown>;
}

function registryOf(app: App): CommandRegistry | null {
  const value: unknown = Reflect.get(app, 'commands');
  if (typeof value !== 'object' || value === null) return null;
  const registry = value as Partial<CommandRegistry>;
  return typeof registry.commands === 'object' && typeof registry.executeCommandById === 'function'
    ? (registry as CommandRegistry)
    : null;
}

function pluginsOf(app: App): PluginRegistry | null {
  const value: unknown = Reflect.get(app, 'plugins');
  if (typeof value !== 'object' || value === null) return null;
  const manifests: unknown = Reflect.get(value, 'manifests');
  return typeof manifests === 'object' && manifests !== null
    ? { manifests: manifests as Record<string, unknown> }
    : null;
}

/**
 * Obsidian's command registry (`app.commands`) and installed plugins (`app.plugins.manifests`). Both are
 * internal: if a future Obsidian drops them, `list` is empty and `run` fails with a message saying why, rather
 * than the plugin breaking.
 */
export class ObsidianCommands implements CommandsPort {
  private readonly app: App;

  constructor(app: App) {
    this.app = app;
  }

  list(): CommandInfo[] {
    const registry = registryOf(this.app);
    if (!registry) return [];
    return Object.values(registry.commands)
      .map((command) => ({ id: command.id, name: command.name }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  run(id: string): Promise<boolean> {
    const registry = registryOf(this.app);
    if (!registry)
      return Promise.reject(
        new AgentError('COMMAND_FAILED', `Cannot run "${id}": this version of Obsidian has no command registry`, {
          id,
        }),
      );
    try {
      return Promise.resolve(registry.executeCommandById(id));
    } catch (error) {
      return Promise.reject(
        new AgentError('COMMAND_FAILED', `Command "${id}" failed: ${describeError(error)}`, { id }),
      );
    }
  }

  communityPluginIds(): string[] {
    return Object.keys(pluginsOf(this.app)?.manifests ?? {}).sort();
  }
}
