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
