import type { RunHistory } from '../checkpoints/types';
import type { FileChangeKind } from './types';

/** One file a run changed, as its checkpoints and journal recorded it (content as blob ids). */
export interface FileRecord {
  /** Where the run left the file (for a deleted file, where it was). */
  path: string;
  /** For a moved file: where it was before the run. */
  previousPath?: string;
  change: FileChangeKind;
  /** The bytes before the run's first write to the file (at `previousPath` for a move); null when absent. */
  before: string | null;
  /** The bytes after the run's last write to it; null when absent; undefined when that write never reported back. */
  after: string | null | undefined;
  /** For a moved file, and for a note whose links that move rewrote: the checkpoint of the move. */
  moveSeq?: number;
}

/**
 * The files a run changed, sorted by path: for each path the pre-state of the first checkpoint that recorded it and
 * the post-state of the last. A file that left one path and arrived at another within one write, with the same
 * bytes, moved (a rename, a folder move, a trash into the vault's own trash); the notes recorded with that write
 * and changed by it are its link rewrites, undone with it. A path back as it was is no change.
 */
export function runFiles(history: RunHistory): FileRecord[] {
  const metas = [...history.metas].sort((a, b) => a.seq - b.seq);
  const posts = new Map<number, Record<string, string | null>>();
  for (const entry of history.entries) posts.set(entry.seq, { ...posts.get(entry.seq), ...entry.after });
  const first = new Map<string, string | null>();
  const last = new Map<string, number>();
  const seqOf = new Map<string, number>();
  const moves: { from: string; to: string; seq: number }[] = [];
  for (const meta of metas) {
    const after = posts.get(meta.seq) ?? {};
    for (const [path, oid] of Object.entries(meta.files)) {
      if (!first.has(path)) {
        first.set(path, oid);
        seqOf.set(path, meta.seq);
      }
      last.set(path, meta.seq);
    }
    for (const [from, oid] of Object.entries(meta.files)) {
      if (oid === null || after[from] !== null) continue;
      const to = Object.keys(meta.files).find(
        (path) =>
          meta.files[path] === null &&
          after[path] === oid &&
          !moves.some((move) => move.to === path && move.seq === meta.seq),
      );
      if (to !== undefined) moves.push({ from, to, seq: meta.seq });
    }
  }
  const records = new Map<string, FileRecord>();
  for (const [path, before] of first) {
    const after = posts.get(last.get(path) ?? 0)?.[path];
    if (after === before) continue;
    records.set(path, { path, change: kindOf(before, after), before, after });
  }
  for (const move of moves) {
    // Follow the file through later moves in the run: its record is where it ended.
    let { to, seq } = move;
    for (
      let next = moves.find((m) => m.from === to && m.seq > seq);
      next;
      next = moves.find((m) => m.from === to && m.seq > seq)
    )
      ({ to, seq } = next);
    const gone = records.get(move.from);
    const arrived = records.get(to);
    if (gone?.change !== 'deleted' || arrived?.change !== 'created') continue;
    records.delete(move.from);
    records.set(to, { ...arrived, previousPath: move.from, change: 'moved', before: gone.before, moveSeq: move.seq });
  }
  const moveSeqs = new Set(moves.map((move) => move.seq));
  for (const record of records.values()) {
    const seq = seqOf.get(record.path);
    if (record.change === 'modified' && seq !== undefined && moveSeqs.has(seq)) record.moveSeq = seq;
  }
  return [...records.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function kindOf(before: string | null, after: string | null | undefined): FileChangeKind {
  if (before === null) return 'created';
  return after === null ? 'deleted' : 'modified';
}
