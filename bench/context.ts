import { AuditLog } from '../src/core/tool-execution/AuditLog';
import type { IgnoreService } from '../src/core/tool-execution/IgnoreService';
import { ToolExecutionPipeline } from '../src/core/tool-execution/ToolExecutionPipeline';
import type { ToolRegistry } from '../src/core/tools/ToolRegistry';
import type { ToolContext } from '../src/core/tools/types';
import type { PluginFilesPort } from '../src/core/ports/pluginFiles';
import type { VaultPort } from '../src/core/ports/vault';
import { SearchIndex } from '../src/core/search/SearchIndex';
import { nodeYaml } from '../src/node/nodeYaml';

const unused = <T extends object>(name: string): T =>
  new Proxy({} as T, {
    get() {
      throw new Error(`The benchmark did not provide the ${name} port`);
    },
  });

const indexes = new WeakMap<VaultPort, SearchIndex>();

/** The search index of `vault`, one per vault as the services keep it over their vault's events. */
export function searchIndexOf(vault: VaultPort): SearchIndex {
  let index = indexes.get(vault);
  if (!index) {
    index = new SearchIndex(vault);
    indexes.set(vault, index);
  }
  return index;
}

/** A ToolContext for benchmarks: the vault under test and its search index (none when not `indexed`), nothing else. */
export function benchContext(vault: VaultPort, indexed = true): ToolContext {
  return {
    vault,
    ...(indexed ? { searchIndex: searchIndexOf(vault) } : {}),
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
    yaml: nodeYaml,
  });
}
