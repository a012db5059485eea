import type { App } from 'obsidian';
import type { ModeService } from '../../core/modes/ModeService';
import type { ApprovalPort } from '../../core/ports/approval';
import type { LlmPort } from '../../core/ports/llm';
import type { PluginFilesPort } from '../../core/ports/pluginFiles';
import type { RecordedCall } from '../../core/recipes/types';
import type { AgentServices } from '../../core/session/AgentServices';
import type { AgentSession } from '../../core/session/AgentSession';
import type { SelectionSource } from '../../core/session/selectionContext';
import type { EmbeddedAgentSettings } from '../../settings/settings';

export const CHAT_VIEW_TYPE = 'embedded-agent-chat';

/** A finished agent run, as the chat panel reports it to whoever offers "Save as button". */
export interface FinishedRun {
  message: string;
  calls: RecordedCall[];
  /** The run ended with an answer (not cancelled, failed or stopped by a rail). */
  ok: boolean;
}

/**
 * Registers a run started outside the agent loop (a saved action, an approved plan) with the panel: while it runs,
 * the panel's Cancel is enabled and calls `stop`, and Send and Dry run wait. Returns the call that says it ended.
 */
export type TrackRun = (stop: () => void) => () => void;

/** What the panel offers to features that live outside it (saved actions). */
export interface ChatPanelApi {
  /** An empty container under the transcript, for the saved-actions palette. */
  readonly paletteEl: HTMLElement;
  /** Shows a short line in the transcript. */
  say(text: string): void;
  /** Sends a message as if the user had typed it; ignored, as a second Enter is, while `busy()`. */
  send(message: string): void;
  /** A run is in progress in the panel (the agent, a dry run, a plan or a saved action). */
  busy(): boolean;
  trackRun: TrackRun;
}

/**
 * Hooks for features built by others on top of the panel. Set them once on the plugin (`plugin.chatHooks`); every
 * open panel reads them when it needs them, so setting them after the panel opened works too.
 */
export interface ChatHooks {
  /**
   * "Dry run": plan and preview the message, write nothing; resolves once the preview shows. `signal` aborts when
   * the person presses Cancel meanwhile. Unset: the panel says it is not available.
   */
  onDryRun?: (message: string, panel: ChatPanelApi, signal: AbortSignal) => void | Promise<void>;
  /** After every agent run, e.g. to offer "Save as button" for it. */
  onRunFinished?: (run: FinishedRun, panel: ChatPanelApi) => void;
  /** When a panel opens: the moment to render into `paletteEl`. */
  onPanelOpen?: (panel: ChatPanelApi) => void;
  onPanelClose?: (panel: ChatPanelApi) => void;
}

/** The plugin as the chat panel sees it: settings, services on first use, the approval slot and the hooks. */
export interface ChatHost {
  readonly app: App;
  readonly settings: EmbeddedAgentSettings;
  approvalPort: ApprovalPort | null;
  readonly chatHooks: ChatHooks;
  /** The agent's services; isomorphic-git and the rest load on the first call. */
  agentServices(): Promise<AgentServices>;
  /** The model for the current settings; rejects with an AgentError naming the setting when none is configured. */
  llm(): Promise<LlmPort>;
  modes(): Promise<ModeService>;
  /** The plugin's own folder (conversations are kept there). */
  pluginFiles(): PluginFilesPort;
  /** A panel's conversation: one AgentSession over these services, with the panel's selection. */
  chatSession(selection: SelectionSource): AgentSession;
  /**
   * Ends the MCP client session (of the server inside Obsidian) that owns `runId`, so that its run can be reverted;
   * false when no session here owns it (a terminal's server, another process). Absent: the panel cannot end one.
   */
  endOutsideRun?(runId: string): Promise<boolean>;
  /**
   * Calls `listener` whenever a run takes a checkpoint or ends (the panel's, a plan's, an MCP client's), and once
   * at once when the services are loaded; returns the call that stops it. It never loads the services itself.
   * Absent: the panel learns only of its own runs.
   */
  watchRuns?(listener: () => void): () => void;
}
