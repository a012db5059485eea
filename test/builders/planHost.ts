import { AgentError } from '../../src/core/errors';
import type { ClockPort } from '../../src/core/ports/clock';
import { type PlanHost, type PlanSettings, planPolicy } from '../../src/core/plan/host';
import type { PlanPolicy } from '../../src/core/plan/validatePlan';
import { AuditLog } from '../../src/core/tool-execution/AuditLog';
import { IgnoreService } from '../../src/core/tool-execution/IgnoreService';
import { SessionRuns } from '../../src/core/session/SessionRuns';
import { ToolExecutionPipeline } from '../../src/core/tool-execution/ToolExecutionPipeline';
import { builtinTools } from '../../src/core/tools/builtinTools';
import { ToolRegistry } from '../../src/core/tools/ToolRegistry';
import type { PluginCatalog } from '../../src/core/tools/types';
import { MemoryCommands, type MemoryCommand } from '../../src/node/MemoryCommands';
import { MemoryEditor } from '../../src/node/MemoryEditor';
import { MemoryVault } from '../../src/node/MemoryVault';
import { MemoryWorkspace } from '../../src/node/MemoryWorkspace';
import { memoryPluginFiles, RecordingCheckpoints, ScriptedApproval } from './pipeline';
import { nodeYaml } from '../../src/node/nodeYaml';

/** A clock that never waits: `sleep` records the wait, moves time on and rejects at once when cancelled. */
export class FakeClock implements ClockPort {
  readonly sleeps: number[] = [];
  /** Runs at the start of each sleep, e.g. to cancel the run while it waits. */
  onSleep: ((ms: number) => void) | null = null;
  constructor(private time = Date.UTC(2026, 0, 15, 12, 0, 0)) {}
  now(): number {
    return this.time;
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    this.onSleep?.(ms);
    if (signal?.aborted) return Promise.reject(new AgentError('CANCELLED', 'Cancelled while waiting'));
    this.time += ms;
    return Promise.resolve();
  }
}

/**
 * A vault whose `create` fails for the given paths: `times` failures before it works (Infinity: always), as a
 * sync conflict or a full disk would. Everything else is the MemoryVault.
 */
export function flakyVault(
  vault: MemoryVault,
  failures: Record<string, number>,
): MemoryVault & { attempts: Map<string, number> } {
  const attempts = new Map<string, number>();
  return new Proxy(vault, {
    get(target, property, receiver) {
      if (property === 'attempts') return attempts;
      if (property === 'create') {
        return (path: string, content: string) => {
          const seen = (attempts.get(path) ?? 0) + 1;
          attempts.set(path, seen);
          if (seen <= (failures[path] ?? 0))
            return Promise.reject(new AgentError('INTERNAL', `"${path}" could not be written: the disk is busy`));
          return target.create(path, content);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as MemoryVault & { attempts: Map<string, number> };
}

export interface PlanFixture {
  host: PlanHost;
  vault: MemoryVault;
  editor: MemoryEditor;
  workspace: MemoryWorkspace;
  commands: MemoryCommands;
  approval: ScriptedApproval;
  checkpoints: RecordingCheckpoints;
  clock: FakeClock;
  settings: PlanSettings;
  registry: ToolRegistry;
  policy(allowedTools?: ReadonlySet<string> | null): Promise<PlanPolicy>;
  audit(): Record<string, unknown>[];
  /** From now on nobody can be asked, as when the panel closes: the host and the pipeline see no approval port. */
  disconnect(): void;
}

/**
 * Everything a plan runs on, in memory: vault, editor (with `selection` selected in `open`), workspace,
 * commands, a pipeline with recorded checkpoints and audit, and a scripted approval (yes to everything).
 */
export async function buildPlanHost(
  options: {
    files?: Record<string, string>;
    /** Wraps the vault, e.g. with flakyVault. */
    vault?: (vault: MemoryVault) => MemoryVault;
    /** A note to open and the text in it to select (the note is created with that text when not in `files`). */
    open?: { path: string; select?: string };
    approval?: ScriptedApproval | null;
    settings?: Partial<PlanSettings>;
    commands?: MemoryCommand[];
  } = {},
): Promise<PlanFixture> {
  const clock = new FakeClock();
  const files = { ...options.files };
  if (options.open && files[options.open.path] === undefined) files[options.open.path] = options.open.select ?? '';
  const base = new MemoryVault(files, { now: () => clock.now() });
  const vault = options.vault ? options.vault(base) : base;
  const editor = new MemoryEditor({ vault });
  const workspace = new MemoryWorkspace({ vault, editor });
  const commands = new MemoryCommands(options.commands ?? []);
  if (options.open) {
    await workspace.openFile(options.open.path, { newLeaf: false, focus: true });
    const text = editor.text();
    const start = options.open.select ? text.indexOf(options.open.select) : -1;
    if (options.open.select && start >= 0) {
      const before = text.slice(0, start);
      const end = before + options.open.select;
      const position = (upTo: string) => ({
        line: upTo.split('\n').length - 1,
        ch: upTo.length - upTo.lastIndexOf('\n') - 1,
      });
      editor.select(position(before), position(end));
    }
  }
  const approval = options.approval === undefined ? new ScriptedApproval() : options.approval;
  let port: ScriptedApproval | null = approval;
  const checkpoints = new RecordingCheckpoints(vault);
  const pluginFiles = memoryPluginFiles();
  const settings: PlanSettings = {
    approval: 'writes',
    allowDeletes: true,
    allowCommands: true,
    approvalTimeoutMs: 1000,
    maxRetries: 3,
    ...options.settings,
  };
  const registry = new ToolRegistry(builtinTools());
  const ignore = new IgnoreService(vault, { configDir: '.obsidian', pluginFolder: '.obsidian/plugins/embedded-agent' });
  const pipeline = new ToolExecutionPipeline({
    registry,
    ignore,
    settings: () => settings,
    checkpoints,
    audit: new AuditLog(pluginFiles, clock),
    externalizer: null,
    clock,
    yaml: nodeYaml,
  });
  const plugins: PluginCatalog = {
    search: () => Promise.reject(new Error('plugins.search is not available in plan tests')),
  };
  const ports = { vault: vault, editor, workspace, commands, plugins, clock };
  const host: PlanHost = {
    pipeline,
    registry,
    ignore,
    ports,
    settings: () => settings,
    runs: new SessionRuns(
      { pipeline, toolPorts: () => ports, pruneCheckpoints: () => Promise.resolve() },
      { port: () => port },
    ),
  };
  return {
    host,
    vault,
    editor,
    workspace,
    commands,
    approval: approval ?? new ScriptedApproval(),
    checkpoints,
    clock,
    settings,
    registry,
    policy: (allowedTools) => planPolicy(host, allowedTools),
    audit: () =>
      [...pluginFiles.data.entries()]
        .filter(([key]) => key.startsWith('audit/'))
        .flatMap(([, text]) => text.trim().split('\n'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    disconnect: () => {
      port = null;
    },
  };
}
