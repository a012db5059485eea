import type { GitFsPort } from '../../src/core/ports/gitFs';
import type { VaultPort } from '../../src/core/ports/vault';
import type { AdapterPorts } from '../../src/core/runtime/createRuntime';
import { MemoryCommands } from '../../src/node/MemoryCommands';
import { MemoryEditor } from '../../src/node/MemoryEditor';
import { MemoryWorkspace } from '../../src/node/MemoryWorkspace';
import { nodeYaml } from '../../src/node/nodeYaml';

/** A runtime's adapters over `vault`, as the terminal has them: an in-memory editor and workspace, no network. */
export function memoryAdapters(vault: VaultPort, gitFs: GitFsPort | null = null): () => Promise<AdapterPorts> {
  const editor = new MemoryEditor({ vault });
  const adapters: AdapterPorts = {
    vault,
    editor,
    workspace: new MemoryWorkspace({ vault, editor }),
    commands: new MemoryCommands(),
    http: { request: () => Promise.reject(new Error('offline')) },
    gitFs,
    yaml: nodeYaml,
  };
  return () => Promise.resolve(adapters);
}
