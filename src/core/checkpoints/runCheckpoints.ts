import { AgentError } from '../errors';
import type { ShadowRepo } from './ShadowRepo';
import type { CheckpointInfo, CheckpointMeta } from './types';

/** A run's checkpoints as read from the shadow repository. */
export interface LoadedRun {
  head: string;
  /** Ascending by seq, seq 1 first. */
  checkpoints: { commit: string; meta: CheckpointMeta }[];
}

export async function loadRun(repo: ShadowRepo, runId: string): Promise<LoadedRun> {
  const run = await loadRunOrNull(repo, runId);
  if (!run) throw noCheckpoints(runId);
  return run;
}

/** Every checkpoint of the run, down its parent chain from the run's head; null when the run has none. */
export async function loadRunOrNull(repo: ShadowRepo, runId: string): Promise<LoadedRun | null> {
  await repo.ensureInit();
  const head = await repo.runHead(runId);
  if (head === null) return null;
  const checkpoints: LoadedRun['checkpoints'] = [];
  for (let commit: string | null = head; commit !== null;) {
    const { meta, parent } = await repo.readCheckpoint(commit);
    checkpoints.push({ commit, meta });
    commit = parent;
  }
  checkpoints.reverse();
  if (checkpoints.some(({ meta }, index) => meta.seq !== index + 1)) {
    throw new AgentError(
      'INTERNAL',
      `The checkpoints of run "${runId}" are out of sequence: the repository is damaged`,
      { runId },
    );
  }
  return { head, checkpoints };
}

/**
 * The meta of checkpoint `seq`, found by walking back from the run's head. A write records its result soon after
 * its checkpoint, so this reads one or two commits, not the whole run. The head is read from the repository each
 * time (another process may add checkpoints to it); only commits, which never change, are cached.
 */
export async function checkpointMeta(repo: ShadowRepo, runId: string, seq: number): Promise<CheckpointMeta> {
  await repo.ensureInit();
  let commit = await repo.runHead(runId);
  if (commit === null) throw noCheckpoints(runId);
  const newest = (await repo.readCheckpoint(commit)).meta.seq;
  while (commit !== null && Number.isInteger(seq) && seq >= 1) {
    const { meta, parent } = await repo.readCheckpoint(commit);
    if (meta.seq === seq) return meta;
    if (meta.seq < seq) break;
    commit = parent;
  }
  throw noSuchCheckpoint(runId, newest, seq);
}

export function checkpointAt(run: LoadedRun, runId: string, seq: number): { commit: string; meta: CheckpointMeta } {
  const found = Number.isInteger(seq) ? run.checkpoints[seq - 1] : undefined;
  if (!found) throw noSuchCheckpoint(runId, run.checkpoints.length, seq);
  return found;
}

export function metasOf(run: LoadedRun): CheckpointMeta[] {
  return run.checkpoints.map(({ meta }) => meta);
}

function noCheckpoints(runId: string): AgentError {
  return new AgentError('NOT_FOUND', `Run "${runId}" has no checkpoints (never checkpointed, or pruned)`, { runId });
}

function noSuchCheckpoint(runId: string, count: number, seq: number): AgentError {
  return new AgentError('INVALID_INPUT', `Run "${runId}" has checkpoints 1-${count}, not ${String(seq)}`, {
    runId,
    seq,
  });
}

/** Ref names and file names both come from run ids, so they are kept to a safe alphabet. */
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function assertRunId(runId: string): void {
  if (!RUN_ID.test(runId) || runId.includes('..') || runId.endsWith('.lock') || runId.endsWith('.')) {
    throw new AgentError(
      'INVALID_INPUT',
      `Run id "${runId}" cannot name a checkpoint branch: use 1-200 letters, digits, ".", "_" or "-", starting with a letter or digit`,
      { runId },
    );
  }
}

export function toInfo(meta: CheckpointMeta, commit: string, recordedAfter: boolean): CheckpointInfo {
  const files = Object.keys(meta.files).sort();
  const folders = Object.keys(meta.folders).sort();
  return {
    runId: meta.runId,
    seq: meta.seq,
    tool: meta.tool,
    time: meta.time,
    commit,
    files,
    absent: files.filter((path) => meta.files[path] === null),
    folders,
    absentFolders: folders.filter((folder) => !meta.folders[folder]),
    recordedAfter,
  };
}
