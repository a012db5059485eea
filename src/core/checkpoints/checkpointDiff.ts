import type { VaultPort } from '../ports/vault';
import { boundedPatch } from '../util/boundedPatch';
import { exactText } from './applyRestore';
import { readOrNull } from './capturePreState';
import type { CheckpointMeta, FileDiff } from './types';

/**
 * Per file of one checkpoint (of those `include` lets through): its pre-state against what the vault holds now,
 * as unified diff lines for text.
 * Bytes are compared, not text, so a change in line endings or a BOM still counts as a change.
 */
export async function diffCheckpoint(
  vault: VaultPort,
  meta: CheckpointMeta,
  readBlob: (oid: string) => Promise<Uint8Array>,
  context: string,
  include: (path: string) => Promise<boolean> = () => Promise.resolve(true),
): Promise<FileDiff[]> {
  const diffs: FileDiff[] = [];
  for (const path of Object.keys(meta.files).sort()) {
    // Left out before anything is read, so not even an error names a path the caller may not see.
    if (!(await include(path))) continue;
    const oid = meta.files[path] ?? null;
    const before = oid === null ? null : await readBlob(oid);
    const isFolder = (await vault.stat(path))?.kind === 'folder';
    const now = isFolder ? null : await readOrNull(vault, path, context);
    diffs.push(describeDiff(path, before, now, isFolder));
  }
  return diffs;
}

function describeDiff(path: string, before: Uint8Array | null, now: Uint8Array | null, isFolder: boolean): FileDiff {
  const changed = isFolder || (before === null || now === null ? before !== now : !sameBytes(before, now));
  const beforeText = before === null ? '' : textOf(before);
  const nowText = now === null ? '' : textOf(now);
  const binary = beforeText === null || nowText === null;
  const diff: FileDiff = {
    path,
    before: before === null ? 'absent' : 'file',
    now: isFolder ? 'folder' : now === null ? 'absent' : 'file',
    changed,
    binary,
    beforeBytes: before?.length ?? 0,
    nowBytes: now?.length ?? 0,
    lines: [],
  };
  if (!changed || binary) return diff;
  // Past the line diff's limits this is one hunk replacing the changed lines: longer than the smallest diff, as true.
  const patch = boundedPatch(beforeText, nowText, 3);
  for (const hunk of patch.hunks) {
    // Unified diff names the line before an empty range ("-0,0" for an empty old file), as `formatPatch` does.
    const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
    const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
    diff.lines.push(`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`, ...hunk.lines);
  }
  return diff;
}

/** Text when the bytes are UTF-8 without NUL bytes (a NUL almost always means a binary format). */
function textOf(bytes: Uint8Array): string | null {
  return bytes.includes(0) ? null : exactText(bytes);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
