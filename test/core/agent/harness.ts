import { AgentTask } from '../../../src/core/agent/AgentTask';
import type { AgentTaskOptions, RunConfig, TaskCallbacks } from '../../../src/core/agent/types';
import { ModeService } from '../../../src/core/modes/ModeService';
import type { ClockPort } from '../../../src/core/ports/clock';
import type { HistoryMessage, LlmPort } from '../../../src/core/ports/llm';
import type { PipelineSettings } from '../../../src/core/tool-execution/types';
import type { ToolContext } from '../../../src/core/tools/types';
import type { AnyTool } from '../../../src/core/tools/BaseTool';
import { agentTools } from '../../../src/core/tools/agent';
import { builtinTools } from '../../../src/core/tools/builtinTools';
import { TOOL_METADATA } from '../../../src/core/tools/metadata';
import { ToolRegistry } from '../../../src/core/tools/ToolRegistry';
import { SessionRuns } from '../../../src/core/session/SessionRuns';
import { buildPipeline, type ScriptedApproval } from '../../builders/pipeline';
import { ScriptedModel, type ScriptedReply } from '../../builders/scriptedModel';

/** A clock whose sleeps only record and advance time. */
export function recordingClock(): ClockPort & { sleeps: number[] } {
  let now = Date.UTC(2026, 0, 15, 9, 0, 0);
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: (ms: number) => {
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}

export interface AgentHarnessOptions {
  replies?: ScriptedReply[];
  files?: Record<string, string>;
  approval?: ScriptedApproval;
  settings?: Partial<PipelineSettings>;
  contextWindow?: number;
  /** More tools than the built-in and agent ones (their metadata must come with them). */
  extraTools?: AnyTool[];
  task?: Partial<AgentTaskOptions>;
  /** Ports to use instead of the builder's (a vault, editor and workspace wired together). */
  context?: Partial<ToolContext>;
  /** The model as the task sees it, wrapped (metered, say); the scripted model itself when absent. */
  wrapApi?: (model: ScriptedModel) => LlmPort;
}

/** An AgentTask over the scripted model, the in-memory vault and a real pipeline, recording every callback. */
export function buildAgent(options: AgentHarnessOptions = {}) {
  const model = new ScriptedModel(options.replies ?? [], options.contextWindow);
  const extra = options.extraTools ?? [];
  const registry = new ToolRegistry([...builtinTools(), ...agentTools(), ...extra]);
  const fixture = buildPipeline({
    files: options.files,
    context: options.context,
    approval: options.approval,
    settings: options.settings,
    deps: { registry },
  });
  const modeService = new ModeService({
    gates: () => fixture.settings,
    catalog: () => [...TOOL_METADATA, ...extra.map((tool) => tool.meta)],
  });
  const events: string[] = [];
  const flushed: HistoryMessage[][] = [];
  const callbacks: TaskCallbacks = {
    onToolCall: (c) => events.push(`call ${c.name}`),
    onToolResult: (outcome) => events.push(`result ${outcome.tool} ${outcome.ok ? 'ok' : outcome.error?.code}`),
    onModeChange: ({ mode, previous }) => events.push(`mode ${previous.slug} → ${mode.slug}`),
    onCondense: ({ emergency }) => events.push(emergency ? 'condense (emergency)' : 'condense'),
    onPreCompactionFlush: (history) => void flushed.push([...history]),
    onWarning: (message) => events.push(`warning ${message}`),
    onSubtaskStart: ({ depth, mode }) => events.push(`subtask start depth ${depth} ${mode}`),
    onSubtaskEnd: ({ depth, result }) => events.push(`subtask end depth ${depth} ${result.completedBy}`),
  };
  const { signal: _signal, runId: _runId, ...ports } = fixture.context;
  const task = new AgentTask({
    api: options.wrapApi ? options.wrapApi(model) : model,
    toolRegistry: registry,
    taskCallbacks: callbacks,
    modeService,
    pipeline: fixture.pipeline,
    runs: new SessionRuns(
      { pipeline: fixture.pipeline, toolPorts: () => ports, pruneCheckpoints: () => Promise.resolve() },
      fixture.run.approval,
    ),
    ports,
    settings: () => ({ maxTokens: 1000 }),
    ...options.task,
  });
  const run = (message: string, config: Partial<RunConfig> = {}) =>
    task.run({ message, taskId: 'task-1', mode: 'agent', ...config });
  return { task, model, fixture, registry, modeService, events, flushed, callbacks, run };
}
