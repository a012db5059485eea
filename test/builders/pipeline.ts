import { hashContent } from '../../src/core/checkpoints/hashContent';
import type { ApprovalDecision, ApprovalPort, ApprovalRequest } from '../../src/core/ports/approval';
import type { PluginFilesPort } from '../../src/core/ports/pluginFiles';
import type { VaultPort } from '../../src/core/ports/vault';
import { AuditLog } from '../../src/core/tool-execution/AuditLog';
import { IgnoreService } from '../../src/core/tool-execution/IgnoreService';
import { ResultExternalizer } from '../../src/core/tool-execution/ResultExternalizer';
import { ToolExecutionPipeline, type PipelineDeps } from '../../src/core/tool-execution/ToolExecutionPipeline';
import type { CheckpointRecorder, PipelineSettings, RunState } from '../../src/core/tool-execution/types';
import { builtinTools } from '../../src/core/tools/builtinTools';
import { ToolRegistry } from '../../src/core/tools/ToolRegistry';
import type { ToolContext } from '../../src/core/tools/types';
import { buildToolContext, fixedClock } from './toolContext';
import { nodeYaml } from '../../src/node/nodeYaml';

export function memoryPluginFiles(): PluginFilesPort & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    read: (path) => Promise.resolve(data.get(path) ?? null),
    write: (path, content) => Promise.resolve(void data.set(path, content)),
    append: (path, content) => Promise.resolve(void data.set(path, (data.get(path) ?? '') + content)),
    mtime: (path) =>
      Promise.resolve([...data.keys()].some((key) => key === path || key.startsWith(`${path}/`)) ? 0 : null),
    remove: (path) =>
      Promise.resolve(
        [...data.keys()].filter((key) => key === path || key.startsWith(`${path}/`)).forEach((key) => data.delete(key)),
      ),
    list: (folder) =>
      Promise.resolve([
        ...new Set(
          [...data.keys()]
            .filter((key) => key.startsWith(`${folder}/`))
            .map((key) => key.slice(folder.length + 1).split('/')[0] as string),
        ),
      ]),
  };
}

/** An approval port that answers from a script and remembers what it was asked. */
export class ScriptedApproval implements ApprovalPort {
  readonly requests: ApprovalRequest[] = [];
  constructor(
    private readonly answer: (
      request: ApprovalRequest,
      signal: AbortSignal,
    ) => Promise<ApprovalDecision> | ApprovalDecision = () => ({ approved: true, scope: 'once' }),
  ) {}
  async request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    this.requests.push(request);
    return this.answer(request, signal);
  }
}

/**
 * Records checkpoint calls in order, interleaved with the tool calls they guard, and reports the pre-state of the
 * files as the real service does (blob ids, null when absent), so the pipeline can hold a write to its card.
 */
export class RecordingCheckpoints implements CheckpointRecorder {
  readonly events: string[] = [];
  private seq = 0;
  fail = false;
  readonly begun = new Set<string>();
  constructor(private readonly vault: VaultPort) {}
  beginRun(runId: string): void {
    this.begun.add(runId);
  }
  endRun(runId: string): void {
    this.begun.delete(runId);
  }
  async checkpoint(
    runId: string,
    write: { tool: string; paths: string[]; folders: string[]; folderExistence: string[] },
  ): Promise<{ seq: number; before: Record<string, string | null> }> {
    if (this.fail) throw new Error('disk full');
    this.seq++;
    this.events.push(
      `checkpoint ${runId}#${this.seq} ${write.tool} [${write.paths.join(', ')}] folders [${write.folders.join(', ')}] existence [${write.folderExistence.join(', ')}]`,
    );
    const before: Record<string, string | null> = {};
    for (const path of write.paths) {
      const entry = await this.vault.stat(path);
      if (entry?.kind !== 'folder') before[path] = entry ? await hashContent(await this.vault.readBinary(path)) : null;
    }
    return { seq: this.seq, before };
  }
  recordAfter(runId: string, seq: number, paths: string[]): Promise<void> {
    this.events.push(`after ${runId}#${seq} [${paths.join(', ')}]`);
    return Promise.resolve();
  }
}

export interface PipelineFixture {
  pipeline: ToolExecutionPipeline;
  run: RunState;
  context: ToolContext & { vault: import('../../src/node/MemoryVault').MemoryVault };
  approval: ScriptedApproval;
  checkpoints: RecordingCheckpoints;
  files: ReturnType<typeof memoryPluginFiles>;
  settings: PipelineSettings;
  audit: () => Record<string, unknown>[];
}

export function buildPipeline(
  options: {
    files?: Record<string, string>;
    approval?: ScriptedApproval | null;
    settings?: Partial<PipelineSettings>;
    context?: Partial<ToolContext>;
    deps?: Partial<PipelineDeps>;
  } = {},
): PipelineFixture {
  const context = buildToolContext({ files: options.files, ...options.context });
  const approval = options.approval === undefined ? new ScriptedApproval() : options.approval;
  const checkpoints = new RecordingCheckpoints(context.vault);
  const pluginFiles = memoryPluginFiles();
  const settings: PipelineSettings = {
    approval: 'writes',
    allowDeletes: true,
    allowCommands: true,
    approvalTimeoutMs: 1000,
    ...options.settings,
  };
  const clock = fixedClock();
  const audit = new AuditLog(pluginFiles, clock);
  const pipeline = new ToolExecutionPipeline({
    registry: new ToolRegistry(builtinTools()),
    ignore: new IgnoreService(context.vault, {
      configDir: '.obsidian',
      pluginFolder: '.obsidian/plugins/embedded-agent',
    }),
    settings: () => settings,
    checkpoints,
    audit,
    externalizer: new ResultExternalizer(pluginFiles, '.obsidian/plugins/embedded-agent'),
    clock,
    yaml: nodeYaml,
    ...options.deps,
  });
  const { signal: _signal, runId: _runId, ...ports } = context;
  const run = pipeline.startRun('run-1', {
    ports,
    signal: new AbortController().signal,
    approval: { port: () => approval },
  });
  return {
    pipeline,
    run,
    context,
    approval: approval ?? new ScriptedApproval(),
    checkpoints,
    files: pluginFiles,
    settings,
    audit: () =>
      [...pluginFiles.data.entries()]
        .filter(([key]) => key.startsWith('audit/'))
        .flatMap(([, text]) => text.trim().split('\n'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
