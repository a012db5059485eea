import type { VaultPort } from '../ports/vault';
import { readOrNull } from './capturePreState';
import type { PostStates } from './RunJournal';
import { hashContent } from './hashContent';
import type { CheckpointMeta, RestoreChange, RevertConflict } from './types';

/** A change with what it needs to run: the blob to write for a file restore. */
export interface RestoreStep extends RestoreChange {
  target?: string;
}

export interface RestorePlan {
  /** In the order they must run: file deletions, folder removals (deepest first), folder creations, file writes. */
  steps: RestoreStep[];
  conflicts: RevertConflict[];
  keptFolders: string[];
}

/** The state "just before checkpoint `toSeq`" of everything touched since, and who wrote each file last. */
export interface Targets {
  files: Map<string, string | null>;
  folders: Map<string, boolean>;
  /** path → seq of the run's last checkpoint that recorded it, whose post-state is what the file should hold now. */
  lastWrite: Map<string, number>;
  /** path → every pre-state the run recorded for it: contents the run itself saw, which a restore may leave behind. */
  seen: Map<string, Set<string | null>>;
  /** path → the run's writes to it at or after `toSeq`, in order, each with the content it found. */
  writes: Map<string, { seq: number; before: string | null }[]>;
}

/**
 * For each path touched at or after `toSeq`, the pre-state recorded by the FIRST checkpoint ≥ toSeq that touched
 * it: nothing changed it between `toSeq` and that checkpoint, so that is its state just before `toSeq`.
 */
export function targetsFrom(metas: CheckpointMeta[], toSeq: number): Targets {
  const targets: Targets = {
    files: new Map(),
    folders: new Map(),
    lastWrite: new Map(),
    seen: new Map(),
    writes: new Map(),
  };
  for (const meta of [...metas].sort((a, b) => a.seq - b.seq)) {
    for (const [path, oid] of Object.entries(meta.files)) {
      targets.lastWrite.set(path, meta.seq);
      targets.seen.set(path, (targets.seen.get(path) ?? new Set()).add(oid));
      if (meta.seq < toSeq) continue;
      if (!targets.files.has(path)) targets.files.set(path, oid);
      targets.writes.set(path, [...(targets.writes.get(path) ?? []), { seq: meta.seq, before: oid }]);
    }
    if (meta.seq < toSeq) continue;
    for (const [folder, existed] of Object.entries(meta.folders)) {
      if (!targets.folders.has(folder)) targets.folders.set(folder, existed);
    }
  }
  return targets;
}

/**
 * The targets whose paths `include` lets through. A restore leaves the others exactly as they are: a caller that
 * may not see a path (the agent, for a note the ignore rules hide) neither sees nor changes it.
 */
export async function targetsWithin(targets: Targets, include: (path: string) => Promise<boolean>): Promise<Targets> {
  const kept: Targets = {
    files: new Map(),
    folders: new Map(),
    lastWrite: targets.lastWrite,
    seen: targets.seen,
    writes: targets.writes,
  };
  for (const [path, oid] of targets.files) if (await include(path)) kept.files.set(path, oid);
  for (const [folder, existed] of targets.folders) if (await include(folder)) kept.folders.set(folder, existed);
  return kept;
}

type Now = { kind: 'absent' } | { kind: 'folder' } | { kind: 'file'; hash: string };

/**
 * Decides what a restore changes and what it must not touch.
 *
 * Conflict rule: a file conflicts when its current hash is none of the contents the run itself produced or saw:
 * the post-states the journal recorded after the run's writes, and the pre-states its checkpoints recorded. So
 * a user's (or a later run's) edit is a conflict, while a file left by an earlier restore of this run, or by
 * undoing one, is not. An edit made between two of the run's writes to the file (the user typing in the note,
 * another run at the same time) is a conflict too: the restore would take it back along with the run's writes. When no post-state was recorded for the run's last write to the file (the run was cut
 * off, or that write failed), the file is not a conflict: whatever it holds may be that write's own effect, and
 * nothing tells it apart from a later edit. Restoring it loses nothing for good, because every restore is itself
 * checkpointed and can be undone.
 */
export async function planRestoreSteps(
  vault: VaultPort,
  targets: Targets,
  posts: PostStates,
  includeConflicts: boolean,
  context: string,
): Promise<RestorePlan> {
  const writes: RestoreStep[] = [];
  const deletes: RestoreStep[] = [];
  const conflicts: RevertConflict[] = [];
  const occupied: { path: string; target: string; expected: string | null | undefined }[] = [];

  for (const [path, target] of [...targets.files].sort(([a], [b]) => compare(a, b))) {
    const now = await currentState(vault, path, context);
    const expected = posts.after(targets.lastWrite.get(path) ?? 0, path);
    if (now.kind === 'folder') {
      if (target !== null) occupied.push({ path, target, expected });
      continue;
    }
    const nowHash = now.kind === 'file' ? now.hash : null;
    if (nowHash === target) continue;
    const step: RestoreStep =
      target === null
        ? { path, kind: 'file', action: 'delete' }
        : { path, kind: 'file', action: nowHash === null ? 'recreate' : 'restore', target };
    const known = new Set([...(targets.seen.get(path) ?? []), ...posts.allAfter(path)]);
    const edited =
      editedBetween(targets.writes.get(path) ?? [], path, posts) ??
      (expected !== undefined && !known.has(nowHash) ? { expectedHash: expected, actualHash: nowHash } : null);
    if (edited) {
      conflicts.push({ path, ...edited, reason: 'edited' });
      if (!includeConflicts) continue;
    }
    (step.action === 'delete' ? deletes : writes).push(step);
  }

  const deletedFiles = new Set(deletes.map((step) => step.path));
  const removals: RestoreStep[] = [];
  const keptFolders: string[] = [];
  const removed = new Set<string>();
  const absentFolders = [...targets.folders].filter(([, existed]) => !existed).map(([folder]) => folder);
  for (const folder of absentFolders.sort((a, b) => depth(b) - depth(a) || compare(a, b))) {
    if ((await vault.stat(folder))?.kind !== 'folder') continue;
    const inside = await vault.list(folder, true);
    const empties = inside.every((entry) =>
      entry.kind === 'file' ? deletedFiles.has(entry.path) : removed.has(entry.path),
    );
    if (empties) {
      removed.add(folder);
      removals.push({ path: folder, kind: 'folder', action: 'delete' });
    } else keptFolders.push(folder);
  }

  const creations: RestoreStep[] = [];
  const presentFolders = [...targets.folders].filter(([, existed]) => existed).map(([folder]) => folder);
  for (const folder of presentFolders.sort((a, b) => depth(a) - depth(b) || compare(a, b))) {
    const entry = await vault.stat(folder);
    if (entry === null || (entry.kind === 'file' && deletedFiles.has(folder)))
      creations.push({ path: folder, kind: 'folder', action: 'recreate' });
  }

  for (const { path, target, expected } of occupied) {
    if (removed.has(path)) writes.push({ path, kind: 'file', action: 'recreate', target });
    else conflicts.push({ path, expectedHash: expected ?? null, actualHash: null, reason: 'folder-in-the-way' });
  }
  return { steps: [...deletes, ...removals, ...creations, ...writes], conflicts, keptFolders };
}

/**
 * An edit made between two of the run's writes to a file: the later write found something other than what the
 * earlier one left. Restoring to before both would drop that edit, though the file now is just as the run left
 * it. Null when nothing came between (or a write never reported what it left).
 */
function editedBetween(
  writes: { seq: number; before: string | null }[],
  path: string,
  posts: PostStates,
): { expectedHash: string | null; actualHash: string | null } | null {
  for (let i = 1; i < writes.length; i++) {
    const left = posts.after((writes[i - 1] as { seq: number }).seq, path);
    const found = (writes[i] as { before: string | null }).before;
    if (left !== undefined && left !== found) return { expectedHash: left, actualHash: found };
  }
  return null;
}

async function currentState(vault: VaultPort, path: string, context: string): Promise<Now> {
  const entry = await vault.stat(path);
  if (entry?.kind === 'folder') return { kind: 'folder' };
  const bytes = await readOrNull(vault, path, context);
  return bytes === null ? { kind: 'absent' } : { kind: 'file', hash: await hashContent(bytes) };
}

function depth(path: string): number {
  return path.split('/').length;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
