import { AgentError } from '../errors';
import type { ModeService } from '../modes/ModeService';
import type { ModeConfig } from '../modes/types';
import { ToolRepetitionDetector } from '../tool-execution/ToolRepetitionDetector';
import type { RunState } from '../tool-execution/types';
import type { SubtaskOutcome } from '../tools/types';
import type { AgentResult, AgentTaskOptions, RunConfig } from './types';

/**
 * The pipeline run a sub-task uses: the parent's run id (its checkpoints, audit and temporary results belong to
 * the user's run, so "Revert last run" covers the child's writes), the parent's approval-for-run and call
 * counter (shared, so stored results never collide), but the child's own tools, control and repetition window.
 */
export function childRun(parent: RunState, allowedTools: ReadonlySet<string>, ports: RunState['ports']): RunState {
  return {
    runId: parent.runId,
    approval: parent.approval,
    allowedTools,
    get approvedForRun() {
      return parent.approvedForRun;
    },
    set approvedForRun(value: boolean) {
      parent.approvedForRun = value;
    },
    get callCount() {
      return parent.callCount;
    },
    set callCount(value: number) {
      parent.callCount = value;
    },
    repetition: new ToolRepetitionDetector(),
    signal: parent.signal,
    ports,
    externalize: parent.externalize,
    passOutputsOn: parent.passOutputsOn,
  };
}

/** The mode a sub-task asks for, if it exists and is no stronger than the parent's current mode. */
export function subtaskMode(modes: ModeService, slug: string, parentMode: ModeConfig): ModeConfig {
  const mode = modes.requireMode(slug);
  if (!modes.isNoStrongerThan(mode, parentMode)) {
    throw new AgentError(
      'NOT_ALLOWED',
      `A sub-task cannot run in mode "${mode.slug}": it allows tools the current mode "${parentMode.slug}" does not. Pick a mode no stronger than "${parentMode.slug}"`,
      { mode: mode.slug, parentMode: parentMode.slug },
    );
  }
  return mode;
}

/** A child's options: the parent's ports, pipeline and approval, one level deeper, lean (no condensing, no steering). */
export function childOptions(
  parent: Required<Omit<AgentTaskOptions, 'parent'>>,
  link: NonNullable<AgentTaskOptions['parent']>,
): AgentTaskOptions {
  const callbacks = parent.taskCallbacks;
  return {
    ...parent,
    // The child's text is not the user's answer; its tool steps still show in the execution log.
    taskCallbacks: {
      onToolCallStart: callbacks.onToolCallStart,
      onToolCall: callbacks.onToolCall,
      onToolResult: callbacks.onToolResult,
      onWarning: callbacks.onWarning,
    },
    condensingEnabled: false,
    powerSteeringFrequency: 0,
    depth: parent.depth + 1,
    parent: link,
  };
}

/** What agent.newTask returns; a cancelled or failed child is an error of the call. */
export function subtaskOutcome(result: AgentResult, childConfig: RunConfig): SubtaskOutcome {
  if (result.completedBy === 'cancelled')
    throw new AgentError('CANCELLED', `The sub-task "${truncate(childConfig.message)}" was cancelled`);
  if (result.completedBy === 'budget') {
    throw new AgentError('BUDGET_EXCEEDED', `The sub-task "${truncate(childConfig.message)}" stopped: ${result.text}`, {
      stop: result.budgetStop,
    });
  }
  if (result.completedBy === 'error') {
    throw new AgentError(
      result.error?.code ?? 'INTERNAL',
      `The sub-task "${truncate(childConfig.message)}" failed: ${result.error?.message ?? result.text}`,
    );
  }
  return { result: result.text, completedBy: result.completedBy, usage: result.usage };
}

const truncate = (text: string): string => (text.length > 60 ? `${text.slice(0, 60)}…` : text);
