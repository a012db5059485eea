import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { RunAuthor } from '../../../src/core/checkpoints/types';
import type { HttpPort } from '../../../src/core/ports/http';
import type { VaultPort } from '../../../src/core/ports/vault';
import type { ChangesService } from '../../../src/core/review/ChangesService';
import { AgentServices } from '../../../src/core/session/AgentServices';
import type { SessionRuns } from '../../../src/core/session/SessionRuns';
import { MemoryCommands } from '../../../src/node/MemoryCommands';
import { MemoryEditor } from '../../../src/node/MemoryEditor';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { MemoryWorkspace } from '../../../src/node/MemoryWorkspace';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { NodePluginFiles } from '../../../src/node/NodePluginFiles';
import { NodeVault } from '../../../src/node/NodeVault';
import { ScriptedApproval } from '../../builders/pipeline';
import { fixedClock } from '../../builders/toolContext';
import { nodeYaml } from '../../../src/node/nodeYaml';

export interface ReviewWorld {
  services: AgentServices;
  changes: ChangesService;
  vault: VaultPort;
  base: string;
  /** Runs `calls` (tool name and input) as one run made by `author`, through the pipeline; returns its id. */
  run(calls: [string, Record<string, unknown>][], author?: RunAuthor): Promise<string>;
  /** The same repository and vault opened again, as after a restart. */
  restart(): ReviewWorld;
  text(path: string): Promise<string | null>;
  cleanup(): Promise<void>;
}

let runs = 0;

/**
 * The services a host builds (pipeline, checkpoints, audit, review) over a vault (in memory, or on disk) and a real
 * temporary checkpoint repository; every write approved.
 */
export async function reviewWorld(files: Record<string, string>, disk = false): Promise<ReviewWorld> {
  const base = await mkdtemp(join(tmpdir(), 'ea-review-'));
  let vault: VaultPort;
  if (disk) {
    await mkdir(join(base, 'vault'));
    const nodeVault = new NodeVault(join(base, 'vault'));
    for (const [path, text] of Object.entries(files)) {
      const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : null;
      if (folder && !(await nodeVault.stat(folder))) await nodeVault.createFolder(folder);
      await nodeVault.create(path, text);
    }
    vault = nodeVault;
  } else vault = new MemoryVault(files);
  const clock = fixedClock();
  const build = (): ReviewWorld => {
    const editor = new MemoryEditor({ vault });
    const offline: HttpPort = { request: () => Promise.reject(new Error('offline')) };
    const services = new AgentServices(
      {
        vault,
        editor,
        workspace: new MemoryWorkspace({ vault, editor }),
        commands: new MemoryCommands(),
        http: offline,
        pluginFiles: new NodePluginFiles(join(base, 'plugin')),
        gitFs: new NodeGitFs(join(base, 'checkpoints')),
        yaml: nodeYaml,
        clock,
      },
      {
        pluginFolderInVault: '.obsidian/plugins/embedded-agent',
        settings: () => ({
          approval: 'writes',
          allowDeletes: true,
          allowCommands: false,
          approvalTimeoutMs: 1000,
          checkpointMaxMb: 50,
        }),
      },
    );
    const approval = new ScriptedApproval(() => ({ approved: true, scope: 'run' }));
    const opener = (author?: RunAuthor): SessionRuns =>
      services.runs({ port: () => approval }, () => author ?? { kind: 'chat', label: 'Chat' });
    return {
      services,
      changes: services.changes as ChangesService,
      vault,
      base,
      async run(calls, author) {
        const runIds = opener(author);
        const runId = `chat-test-${++runs}`;
        const run = runIds.open(runId, { signal: new AbortController().signal });
        for (const [name, input] of calls) {
          const outcome = await runIds.call(run, name, input);
          if (!outcome.ok) throw new Error(`${name} failed: ${outcome.content}`);
        }
        await runIds.end(run);
        return runId;
      },
      restart: build,
      text: async (path) => ((await vault.stat(path)) ? vault.read(path) : null),
      cleanup: async () => {
        await services.changes?.settled();
        services.dispose();
        if (vault instanceof NodeVault) vault.close();
        await rm(base, { recursive: true, force: true });
      },
    };
  };
  return build();
}

/** Worlds made in a test, each cleaned up after it: `world(files, disk)`. */
export function reviewWorlds(): (files: Record<string, string>, disk?: boolean) => Promise<ReviewWorld> {
  const made: ReviewWorld[] = [];
  afterEach(async () => {
    for (const world of made.splice(0)) await world.cleanup();
  });
  return async (files, disk = false) => {
    const world = await reviewWorld(files, disk);
    made.push(world);
    return world;
  };
}

/** A `vault.writeFile` call, as `ReviewWorld.run` takes it. */
export const write = (path: string, content: string): [string, Record<string, unknown>] => [
  'vault.writeFile',
  { path, content },
];

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
