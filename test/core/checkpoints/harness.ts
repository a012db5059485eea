import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import type { VaultPort } from '../../../src/core/ports/vault';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { fixedClock } from '../../builders/toolContext';

export interface Harness {
  vault: MemoryVault;
  gitFs: NodeGitFs;
  service: CheckpointService;
  clock: ReturnType<typeof fixedClock>;
  /** A second service over the same repository folder, as after a restart. */
  restart(): CheckpointService;
  cleanup(): Promise<void>;
}

/** A checkpoint service over an in-memory vault and a real temporary repository folder. */
export async function makeHarness(files: Record<string, string> = {}): Promise<Harness> {
  const folder = await mkdtemp(join(tmpdir(), 'ea-checkpoints-'));
  const vault = new MemoryVault(files);
  const gitFs = new NodeGitFs(join(folder, 'repo'));
  const clock = fixedClock();
  const build = (): CheckpointService => new CheckpointService({ vault, gitFs, clock });
  return {
    vault,
    gitFs,
    clock,
    service: build(),
    restart: build,
    cleanup: () => rm(folder, { recursive: true, force: true }),
  };
}

export interface VaultSnapshot {
  /** path → bytes as hex, so binary content compares exactly. */
  files: Record<string, string>;
  folders: string[];
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** Every visible file's exact bytes and every folder, for byte-identical comparisons. */
export async function snapshot(vault: VaultPort): Promise<VaultSnapshot> {
  const entries = await vault.list('/', true);
  const files: [string, string][] = [];
  for (const entry of entries)
    if (entry.kind === 'file') files.push([entry.path, hex(await vault.readBinary(entry.path))]);
  // fromEntries defines own properties, so a file named "__proto__" is kept like any other.
  return {
    files: Object.fromEntries(files),
    folders: entries.filter((entry) => entry.kind === 'folder').map((entry) => entry.path),
  };
}

/** Checkpoint, write, record: the order the pipeline follows for each write. */
export async function write(
  service: CheckpointService,
  runId: string,
  request: { tool: string; paths: string[]; folders?: string[] },
  action: () => Promise<unknown>,
): Promise<number> {
  const info = await service.checkpoint(runId, request);
  await action();
  await service.recordAfter(runId, info.seq, request.paths);
  return info.seq;
}
