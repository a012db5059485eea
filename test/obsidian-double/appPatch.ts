import { App, Plugin, SecretStorage } from 'obsidian-test-mocks/obsidian';
import type { Command, DataAdapter, PluginManifest } from 'obsidian';
import { CommandRegistry } from './commands';
import { originalOf } from './original';

/** `app.plugins`: installed community plugins (not in obsidian.d.ts). `manifests` holds every installed one. */
export class PluginRegistry {
  readonly manifests: Record<string, PluginManifest> = {};
  readonly plugins: Record<string, Plugin> = {};
  readonly enabledPlugins = new Set<string>();
}

interface AppExtras {
  commands: CommandRegistry;
  plugins: PluginRegistry;
}

/** Secret ids are "lowercase alphanumeric with optional dashes" (obsidian.d.ts, `SecretStorage.setSecret`). */
const SECRET_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Adds what the real `App` has beyond obsidian.d.ts and the mock leaves out: `app.commands`, `app.plugins`, and
 * the config folder (every real vault has `.obsidian/`). `Plugin.addCommand` registers in `app.commands` with the
 * id and name prefixed by the plugin's, and `SecretStorage.setSecret` refuses ids the real one refuses.
 */
export function patchApp(): void {
  const appProto = App.prototype as unknown as { constructor__(this: App, adapter: DataAdapter, appId: string): void };
  const originalHook = originalOf(appProto, 'constructor__');
  appProto.constructor__ = function (this: App, adapter: DataAdapter, appId: string): void {
    originalHook.call(this, adapter, appId);
    Object.assign(this, { commands: new CommandRegistry(this), plugins: new PluginRegistry() } satisfies AppExtras);
    const mkdir = (adapter as unknown as { mkdirSync__?: (path: string) => void }).mkdirSync__;
    mkdir?.call(adapter, this.vault.configDir);
  };

  const pluginProto = Plugin.prototype;
  const originalAddCommand = originalOf(pluginProto, 'addCommand');
  const originalRemoveCommand = originalOf(pluginProto, 'removeCommand');
  pluginProto.addCommand = function (this: Plugin, command: Command): Command {
    originalAddCommand.call(this, command);
    const registry = (this.app as unknown as AppExtras).commands;
    command.id = `${this.manifest.id}:${command.id}`;
    command.name = `${this.manifest.name}: ${command.name}`;
    registry.addCommand(command);
    this.register(() => registry.removeCommand(command.id));
    return command;
  };
  pluginProto.removeCommand = function (this: Plugin, commandId: string): void {
    originalRemoveCommand.call(this, commandId);
    const prefix = `${this.manifest.id}:`;
    (this.app as unknown as AppExtras).commands.removeCommand(
      commandId.startsWith(prefix) ? commandId : prefix + commandId,
    );
  };

  const secretProto = SecretStorage.prototype;
  const originalSetSecret = originalOf(secretProto, 'setSecret');
  secretProto.setSecret = function (this: SecretStorage, id: string, secret: string): void {
    // The real message is not documented; the condition is.
    if (!SECRET_ID.test(id)) throw new Error(`Invalid secret ID "${id}": use lowercase letters, digits and dashes`);
    originalSetSecret.call(this, id, secret);
  };
}
