import { AuditLog } from '../src/core/tool-execution/AuditLog';
import type { IgnoreService } from '../src/core/tool-execution/IgnoreService';
import { ToolExecutionPipeline } from '../src/core/tool-execution/ToolExecutionPipeline';
import type { ToolRegistry } from '../src/core/tools/ToolRegistry';
import type { ToolContext } from '../src/core/tools/types';
import type { PluginFilesPort } from '../src/core/ports/pluginFiles';
import type { VaultPort } from '../src/core/ports/vault';

const unused = <T extends object>(name: string): T =>
  new Proxy({} as T, {
    get() {
      throw new Error(`The benchmark did not provide the ${name} port`);
    },
  });

/** A ToolContext for benchmarks: the vault under test, nothing else. */
export function benchContext(vault: VaultPort): ToolContext {
  return {
    vault,
    editor: unused('editor'),
    workspace: unused('workspace'),
    commands: unused('commands'),
    plugins: unused('plugins'),
    clock: { now: () => Date.now(), sleep: () => Promise.resolve() },
    signal: new AbortController().signal,
    runId: 'bench',
  };
}

/** Plugin files that keep nothing: audit lines and stored results cost no disk in a benchmark. */
export const discard: PluginFilesPort = {
  read: () => Promise.resolve(null),
  write: () => Promise.resolve(),
  append: () => Promise.resolve(),
  mtime: () => Promise.resolve(null),
  remove: () => Promise.resolve(),
  list: () => Promise.resolve([]),
};

/** A pipeline for read-only calls as a run makes them: no approval port, no checkpoints, audit lines discarded. */
export function readOnlyPipeline(registry: ToolRegistry, ignore: IgnoreService): ToolExecutionPipeline {
  const clock = { now: () => Date.now(), sleep: () => Promise.resolve() };
  return new ToolExecutionPipeline({
    registry,
    ignore,
    settings: () => ({ approval: 'writes', allowDeletes: false, allowCommands: false, approvalTimeoutMs: 1000 }),
    checkpoints: null,
    audit: new AuditLog(discard, clock),
    externalizer: null,
    clock,
  });
}
