import { Component, type Plugin } from 'obsidian';
import { readPlanContext } from '../core/plan';
import { isRecord } from '../core/plan/schema';
import { openChatPanel } from './openChatPanel';
import type { ActionCommandSync } from '../core/plan/actionCommands';
import type { ChatHooks, ChatHost, ChatPanelApi, FinishedRun } from '../ui/chat/types';
import { RecommendationCard } from '../ui/RecommendationCard';
import { ModalApprovalPort } from '../ui/savedActions/ModalApprovalPort';
import { ParameterModal } from '../ui/savedActions/ParameterModal';
import { SaveAsButton } from '../ui/savedActions/SaveAsButton';
import { SaveAsPromptButton } from '../ui/savedActions/SaveAsPromptButton';
import { SavedActionsController } from '../ui/savedActions/SavedActionsController';
import { SavedActionsPalette } from '../ui/savedActions/SavedActionsPalette';
import { DryRunController } from '../ui/plan/DryRunController';
import { panelDriver, type PluginSessions } from './chatSession';

export type PlanFeaturesHost = Pick<Plugin, 'addCommand' | 'removeCommand' | 'addChild' | 'removeChild'> &
  ChatHost &
  PluginSessions & { saveSettings(): Promise<void> };

/** The saved actions, and the chat panel's hooks that plug the plan features into it. */
export interface PlanFeatures {
  savedActions: SavedActionsController;
  hooks: Required<ChatHooks>;
}

const RECOMMENDATIONS_SHOWN = 5;

/**
 * The plan features, for the chat panel's hooks: the saved-actions palette, "Dry run", "Save as prompt" after a
 * run that went well and "Save as button" too when it wrote, and plugin recommendations when a run searched for
 * plugins. Loaded on first use (installPlanFeatures.ts); `commands` are the saved actions' palette commands, which
 * exist from start-up and run an action through the `savedActions` returned here.
 */
export function planFeatures(plugin: PlanFeaturesHost, commands: ActionCommandSync): PlanFeatures {
  const modalApproval = new ModalApprovalPort(plugin.app);
  // One session runs every plan feature: dry runs, saved actions (also from the palette) and "Run the rest".
  const session = plugin.runtime.chatSession(
    panelDriver(plugin, {
      // With the panel closed, a saved action run from the command palette is approved in a modal.
      approval: { port: () => plugin.approvalPort ?? modalApproval },
      savedActions: () => savedActions.store(),
    }),
  );
  let panel: { api: ChatPanelApi; runsEl: HTMLElement; component: Component } | null = null;
  const runsEl = (api: ChatPanelApi): HTMLElement => (panel?.api === api ? panel.runsEl : api.paletteEl);

  const savedActions = new SavedActionsController({
    app: plugin.app,
    commands: () => commands,
    settings: () => plugin.settings,
    saveSettings: () => plugin.saveSettings(),
    session,
    container: () => panel?.runsEl ?? null,
    trackRun: () => panel?.api.trackRun,
    sendPrompt: async (message) => {
      // Opening (or revealing) the panel runs its onOpen, which hands over its api before this resolves.
      await openChatPanel(plugin.app);
      if (!panel) throw new Error('the chat panel did not open');
      if (panel.api.busy())
        throw new Error('the chat panel is busy with another run; run the action again once it ends');
      panel.api.send(message);
    },
  });

  const dryRun = (api: ChatPanelApi): DryRunController => {
    const controller = new DryRunController({
      session,
      container: () => runsEl(api),
      trackRun: api.trackRun,
      askInputs: (inputs) => ParameterModal.ask(plugin.app, 'Dry run', inputs),
      onPlanRan: (plan, context, parent) => {
        const button = new SaveAsButton(parent, plugin.app, savedActions, {
          kind: 'plan',
          plan,
          context: { userMessage: plan.goal, ...context },
        });
        (panel?.component ?? controller).addChild(button);
      },
    });
    (panel?.component ?? plugin).addChild(controller);
    return controller;
  };

  const onPanelOpen = (api: ChatPanelApi): void => {
    panel?.component.unload();
    const component = new Component();
    component.load();
    const runs = api.paletteEl.createDiv({ cls: 'embedded-agent-plan-runs' });
    panel = { api, runsEl: runs, component };
    void savedActions.store().then(
      (store) => {
        if (panel?.component !== component) return;
        component.addChild(
          new SavedActionsPalette(api.paletteEl, {
            app: plugin.app,
            store,
            run: (action) => void savedActions.runner.run(action),
          }),
        );
      },
      (error: unknown) =>
        api.say(`Saved actions are not available: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  const onPanelClose = (api: ChatPanelApi): void => {
    if (panel?.api !== api) return;
    panel.component.unload();
    panel = null;
  };

  /** The last run's offers: a new run replaces them, or a long conversation would add a row per message, forever. */
  let offers: { el: HTMLElement; component: Component; owner: Pick<Component, 'removeChild'> } | null = null;

  async function onRunFinished(run: FinishedRun, api: ChatPanelApi): Promise<void> {
    if (offers) {
      offers.el.remove();
      offers.owner.removeChild(offers.component);
    }
    const owner = panel?.component ?? plugin;
    const parent = runsEl(api).createDiv({ cls: 'embedded-agent-run-offers' });
    const component = owner.addChild(new Component());
    offers = { el: parent, component, owner };
    const services = await plugin.agentServices();
    for (const call of run.calls) {
      if (call.tool !== 'plugins.search' || !call.ok || !isRecord(call.input) || typeof call.input.query !== 'string')
        continue;
      // The search already ran in this run; the list is cached, so asking again costs no download.
      const found = await services.plugins.search(call.input.query, RECOMMENDATIONS_SHOWN).catch(() => null);
      if (found && found.results.length > 0)
        component.addChild(new RecommendationCard(parent, plugin.app, found.results));
    }
    if (!run.ok) return;
    component.addChild(new SaveAsPromptButton(parent, plugin.app, savedActions, run.message));
    const wrote = run.calls.some((call) => call.ok && services.registry.get(call.tool)?.meta.isWrite === true);
    if (!wrote) return;
    const planHost = await session.planHost();
    await planHost.ignore.ensureLoaded();
    const context = readPlanContext(planHost);
    component.addChild(
      new SaveAsButton(parent, plugin.app, savedActions, {
        kind: 'calls',
        calls: run.calls,
        context: { userMessage: run.message, ...context },
        goal: run.message,
      }),
    );
  }

  return {
    savedActions,
    hooks: {
      onPanelOpen,
      onPanelClose,
      onDryRun: (message, api, signal) => dryRun(api).dryRun(message, signal),
      onRunFinished: (run, api) => void onRunFinished(run, api),
    },
  };
}
