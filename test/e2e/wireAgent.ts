import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentTask } from '../../src/core/agent/AgentTask';
import type { AgentTaskOptions, TaskCallbacks } from '../../src/core/agent/types';
import { ModeService } from '../../src/core/modes/ModeService';
import type { HttpPort } from '../../src/core/ports/http';
import { AgentServices } from '../../src/core/session/AgentServices';
import type { PipelineSettings } from '../../src/core/tool-execution/types';
import { TOOL_METADATA } from '../../src/core/tools/metadata';
import { toWireName } from '../../src/core/tools/wireNames';
import { MemoryCommands } from '../../src/node/MemoryCommands';
import { MemoryEditor } from '../../src/node/MemoryEditor';
import { MemoryVault } from '../../src/node/MemoryVault';
import { MemoryWorkspace } from '../../src/node/MemoryWorkspace';
import { NodeGitFs } from '../../src/node/NodeGitFs';
import { createProvider, type ProviderKind, type ToolCallFormat } from '../../src/providers/createProvider';
import { memoryPluginFiles, ScriptedApproval } from '../builders/pipeline';
import type { WireServer } from '../builders/wireServer';
import { recordingClock } from '../providers/helpers';
import { nodeYaml } from '../../src/node/nodeYaml';

/** Wire names of every tool that writes or runs commands: none may reach the model in Ask mode. */
export const WRITE_WIRE_NAMES = TOOL_METADATA.filter((meta) => meta.isWrite || meta.risk === 'commands').map((meta) =>
  toWireName(meta.name),
);

const temporary: string[] = [];

/** Removes the checkpoint folders the agents of a test file made. */
export async function removeTemporaryFolders(): Promise<void> {
  for (const folder of temporary.splice(0)) await rm(folder, { recursive: true, force: true });
}

export interface WireAgentOptions {
  server: WireServer;
  provider: ProviderKind;
  files?: Record<string, string>;
  approval?: ScriptedApproval;
  settings?: Partial<PipelineSettings>;
  contextWindow?: number;
  maxRetries?: number;
  /** Off: whole JSON answers instead of server-sent events. */
  streaming?: boolean;
  /** OpenAI-compatible only: how tool calls travel (the provider's `auto` when absent). */
  toolCallFormat?: ToolCallFormat;
  task?: Partial<AgentTaskOptions>;
}

/**
 * The real thing end to end, with only the model replaced by the wire server: createProvider and the real SDKs,
 * AgentTask, AgentServices (registry, ignore rules, pipeline, audit, externalizer) and checkpoints in a shadow
 * repository in a temporary folder, over an in-memory vault.
 */
export async function buildWireAgent(options: WireAgentOptions) {
  const base = await mkdtemp(join(tmpdir(), 'ea-wire-'));
  temporary.push(base);
  const clock = recordingClock();
  const vault = new MemoryVault(options.files ?? {});
  const editor = new MemoryEditor({ vault });
  const approval = options.approval ?? new ScriptedApproval();
  const settings: PipelineSettings = {
    approval: 'writes',
    allowDeletes: false,
    allowCommands: false,
    approvalTimeoutMs: 5000,
    ...options.settings,
  };
  const pluginFiles = memoryPluginFiles();
  const offline: HttpPort = { request: () => Promise.reject(new Error('offline')) };
  const services = new AgentServices(
    {
      vault,
      editor,
      workspace: new MemoryWorkspace({ vault, editor }),
      commands: new MemoryCommands(),
      http: offline,
      pluginFiles,
      gitFs: new NodeGitFs(join(base, 'checkpoints')),
      yaml: nodeYaml,
      clock,
    },
    {
      pluginFolderInVault: '.obsidian/plugins/embedded-agent',
      settings: () => ({ ...settings, checkpointMaxMb: 50 }),
    },
  );
  const { server } = options;
  const llm = createProvider({
    provider: options.provider,
    model:
      options.provider === 'anthropic'
        ? 'claude-sonnet-4-6'
        : options.provider === 'openai'
          ? 'gpt-4.1'
          : 'qwen2.5-coder:7b',
    baseUrl: options.provider === 'anthropic' ? server.origin : server.openAiBaseUrl,
    apiKey: options.provider === 'openai-compatible' ? '' : 'sk-test-key',
    streaming: options.streaming ?? true,
    maxRetries: options.maxRetries ?? 2,
    clock,
    random: () => 0,
    ...(options.contextWindow ? { contextWindow: options.contextWindow } : {}),
    ...(options.toolCallFormat ? { toolCallFormat: options.toolCallFormat } : {}),
  });
  const modes = new ModeService({ gates: () => settings });
  const events: string[] = [];
  const callbacks: TaskCallbacks = {
    onToolCall: (call) => events.push(`call ${call.name}`),
    onToolResult: (outcome) => events.push(`result ${outcome.tool} ${outcome.ok ? 'ok' : outcome.error?.code}`),
    onModeChange: ({ mode, previous }) => events.push(`mode ${previous.slug} → ${mode.slug}`),
    onCondense: ({ emergency }) => events.push(emergency ? 'condense (emergency)' : 'condense'),
    onSubtaskStart: ({ depth }) => events.push(`subtask start ${depth}`),
    onSubtaskEnd: ({ depth, result }) => events.push(`subtask end ${depth} ${result.completedBy}`),
  };
  const pipeline = services.pipeline;
  const task = new AgentTask({
    api: llm,
    toolRegistry: services.registry,
    taskCallbacks: callbacks,
    modeService: modes,
    pipeline,
    runs: services.runs({ port: () => approval }),
    ports: services.toolPorts(),
    settings: () => ({ maxTokens: 1000 }),
    ...options.task,
  });
  let runs = 0;
  const run = (message: string, mode = 'agent') => task.run({ message, taskId: `wire-run-${++runs}`, mode });
  const audit = (): Record<string, unknown>[] =>
    [...pluginFiles.data.entries()]
      .filter(([key]) => key.startsWith('audit/'))
      .flatMap(([, text]) => text.trim().split('\n'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { run, vault, services, approval, clock, events, audit, modes, llm };
}

/** The tool names a recorded Anthropic or OpenAI request carried. */
export function wireToolNames(body: { tools?: unknown } | undefined): string[] {
  const tools = (body?.tools ?? []) as { name?: string; function?: { name: string } }[];
  return tools.map((tool) => tool.name ?? tool.function?.name ?? '?');
}
