import type { Plugin } from 'obsidian';
import type { ActionCommandSync } from '../core/plan/actionCommands';
import { openChatPanel } from './openChatPanel';
import { SavedActionCommands } from './savedActionCommands';

/**
 * Every command the plugin registers, in one place: "Open chat" with its ribbon icon, and the factory of the
 * "Run saved action: <name>" commands the saved actions keep in step with their store. Ids and names are the
 * outside contract's; none has a default hotkey (Obsidian's guidelines leave hotkeys to the user).
 */
export function registerCommands(plugin: Plugin): void {
  plugin.addCommand({ id: 'open-chat', name: 'Open chat', callback: () => void openChatPanel(plugin.app) });
  plugin.addRibbonIcon('bot', 'Open embedded agent', () => void openChatPanel(plugin.app));
}

/** The commands of the saved actions: one per action, running the action of its id. */
export function savedActionCommands(
  plugin: Pick<Plugin, 'addCommand' | 'removeCommand'>,
): (run: (actionId: string) => void) => ActionCommandSync {
  return (run) => new SavedActionCommands(plugin, run);
}
