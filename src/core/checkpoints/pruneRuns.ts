import type { RunJournal } from './RunJournal';
import type { LooseObject, ShadowRepo } from './ShadowRepo';
import type { PruneResult } from './types';

export interface PrunableRun {
  runId: string;
  head: string;
  startedAt: number;
}

/**
 * Brings the repository under `maxBytes`: first removes objects no run reaches (left by a crash between writing
 * objects and moving a ref), then deletes the oldest runs' refs and journals, each with the objects only it
 * reaches. isomorphic-git has no gc, so reachability is walked here; checkpoints never pack, so every object is
 * a loose file. Runs in `keep` (in progress) are never touched. The caller holds the repository lock, so no
 * checkpoint is half written while this runs.
 */
export async function pruneRuns(
  repo: ShadowRepo,
  journal: RunJournal,
  sizeBytes: () => Promise<number>,
  runs: PrunableRun[],
  keep: ReadonlySet<string>,
  maxBytes: number,
): Promise<PruneResult> {
  const bytesBefore = await sizeBytes();
  const result: PruneResult = { removedRuns: [], removedObjects: 0, bytesBefore, bytesAfter: bytesBefore };
  if (bytesBefore <= maxBytes) return result;

  const reach = new Map<string, Set<string>>();
  const references = new Map<string, number>();
  for (const run of runs) {
    const objects = new Set<string>();
    await repo.reachableFrom(run.head, objects);
    // What the run's writes left (its journal's post-states) is stored too, for the Changes view's diffs.
    for (const entry of await journal.read(run.runId))
      for (const oid of Object.values(entry.after)) if (oid !== null) objects.add(oid);
    reach.set(run.runId, objects);
    for (const oid of objects) references.set(oid, (references.get(oid) ?? 0) + 1);
  }
  const loose = new Map<string, LooseObject>((await repo.looseObjects()).map((object) => [object.oid, object]));
  const remove = async (object: LooseObject): Promise<number> => {
    await repo.removeObject(object);
    loose.delete(object.oid);
    result.removedObjects++;
    return object.size;
  };

  for (const object of [...loose.values()]) if (!references.has(object.oid)) await remove(object);
  const known = new Set(runs.map((run) => run.runId));
  for (const runId of await journal.listRunIds())
    if (!known.has(runId) && !keep.has(runId)) await journal.remove(runId);

  let estimate = await sizeBytes();
  const oldestFirst = runs
    .filter((run) => !keep.has(run.runId))
    .sort((a, b) => a.startedAt - b.startedAt || (a.runId < b.runId ? -1 : 1));
  for (const run of oldestFirst) {
    if (estimate <= maxBytes) {
      estimate = await sizeBytes();
      if (estimate <= maxBytes) break;
    }
    await repo.deleteRun(run.runId);
    await journal.remove(run.runId);
    result.removedRuns.push(run.runId);
    for (const oid of reach.get(run.runId) ?? []) {
      const left = (references.get(oid) ?? 1) - 1;
      references.set(oid, left);
      const object = loose.get(oid);
      if (left === 0 && object) estimate -= await remove(object);
    }
  }
  result.bytesAfter = await sizeBytes();
  return result;
}
