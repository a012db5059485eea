import type { Plugin } from 'obsidian';
import type { ActionCommandSync } from '../core/plan/actionCommands';
import { openChangesView } from './openChangesView';
import { openChatPanel } from './openChatPanel';
import { SavedActionCommands } from './savedActionCommands';

/**
 * Every command the plugin registers, in one place: "Open chat" with its ribbon icon, "Review changes", and the
 * factory of the "Run saved action: <name>" commands the saved actions keep in step with their store. Ids and names
 * are the outside contract's; none has a default hotkey (Obsidian's guidelines leave hotkeys to the user). "Review
 * changes" only opens the view: keeping and undoing are its buttons, never a command a mistyped search could run.
 */
export function registerCommands(plugin: Plugin): void {
  plugin.addCommand({ id: 'open-chat', name: 'Open chat', callback: () => void openChatPanel(plugin.app) });
  plugin.addCommand({ id: 'review-changes', name: 'Review changes', callback: () => void openChangesView(plugin.app) });
  plugin.addRibbonIcon('bot', 'Open embedded agent', () => void openChatPanel(plugin.app));
}

/** The commands of the saved actions: one per action, running the action of its id. */
export function savedActionCommands(
  plugin: Pick<Plugin, 'addCommand' | 'removeCommand'>,
): (run: (actionId: string) => void) => ActionCommandSync {
  return (run) => new SavedActionCommands(plugin, run);
}
