import { commandInfoFromSetting } from '../core/plan/actionCommands';
import type { SavedActionStore } from '../core/plan/SavedActionStore';
import { savedActionCommands } from './commands';
import { lazyModules } from './lazyModules';
import type { PlanFeatures, PlanFeaturesHost } from './planFeatures';

/** What the rest of the plugin uses of the saved actions (the MCP server offers them). */
export interface InstalledPlanFeatures {
  store(): Promise<SavedActionStore>;
}

/**
 * Registers the saved actions' palette commands now, from the setting's ids and names, and plugs the plan features
 * into the chat panel's hooks; the features themselves (plans, the saved-action UI, the JSON-schema validator) load
 * on first use: the panel opening, a command run, the MCP server asking for the actions. The hooks wait for that
 * one load, so they run in the order the panel called them.
 */
export function installPlanFeatures(plugin: PlanFeaturesHost): InstalledPlanFeatures {
  let features: Promise<PlanFeatures> | null = null;
  const load = (): Promise<PlanFeatures> =>
    (features ??= lazyModules.planFeatures().then(({ planFeatures }) => planFeatures(plugin, commands)));
  const commands = savedActionCommands(plugin)(
    (id) => void load().then(({ savedActions }) => savedActions.runById(id)),
  );
  commands.sync(commandInfoFromSetting(plugin.settings.savedActions));

  plugin.chatHooks.onPanelOpen = (api) => void load().then(({ hooks }) => hooks.onPanelOpen(api));
  plugin.chatHooks.onPanelClose = (api) => void load().then(({ hooks }) => hooks.onPanelClose(api));
  plugin.chatHooks.onDryRun = async (message, api, signal) => (await load()).hooks.onDryRun(message, api, signal);
  plugin.chatHooks.onRunFinished = (run, api) => void load().then(({ hooks }) => hooks.onRunFinished(run, api));
  return { store: async () => (await load()).savedActions.store() };
}
