import { exactText } from '../checkpoints/applyRestore';
import type { CheckpointService } from '../checkpoints/CheckpointService';
import type { RunHistory } from '../checkpoints/types';
import { readOrNull } from '../checkpoints/capturePreState';
import { hashContent } from '../checkpoints/hashContent';
import type { RunAuthor } from '../checkpoints/types';
import type { VaultPort } from '../ports/vault';
import type { RunText } from './hunkMerge';
import { lineBlocks, splitLines } from './lineBlocks';
import type { FileSummary, RunRecord } from './ReviewStore';
import { type FileRecord, runFiles } from './runFiles';

/** A file of a run with its content: what an undo merges and the view's hunks show. */
export interface ReviewedFile {
  record: FileRecord;
  summary: FileSummary;
  /** The run's change as lines, when both sides are UTF-8 text (absent sides are empty). */
  text: RunText | null;
  /** The blob id the run left, worked out from the file now when the run's last write never reported back. */
  after: string | null;
  beforeBytes: Uint8Array | null;
  afterBytes: Uint8Array | null;
}

/** Reads the content of a run's files from the checkpoint repository (and the vault, where the run left no record). */
export class RunModel {
  constructor(
    private readonly checkpoints: CheckpointService,
    private readonly vault: VaultPort,
  ) {}

  /** The run's files, one at a time: a run of 200 files yields its first after two reads. */
  async *files(history: RunHistory): AsyncGenerator<ReviewedFile> {
    for (const record of runFiles(history)) yield await this.file(record);
  }

  async file(record: FileRecord): Promise<ReviewedFile> {
    const beforeBytes = record.before === null ? null : await this.checkpoints.readBlob(record.before);
    let after = record.after;
    let afterBytes: Uint8Array | null = null;
    if (after === undefined) {
      afterBytes = await readOrNull(this.vault, record.path, `Reviewing "${record.path}"`);
      after = afterBytes === null ? null : await hashContent(afterBytes);
    } else if (after !== null) {
      afterBytes = await this.checkpoints.readBlob(after).catch(() => null);
      // Recorded before post-states were stored: the file now is the run's result if its hash says so.
      if (afterBytes === null) afterBytes = await this.nowIfSame(record.path, after);
    }
    const beforeText = beforeBytes === null ? '' : textOf(beforeBytes);
    const afterText = afterBytes === null ? (after === null ? '' : null) : textOf(afterBytes);
    const text =
      beforeText === null || afterText === null
        ? null
        : (() => {
            const before = splitLines(beforeText);
            const afterLines = splitLines(afterText);
            return { before, after: afterLines, blocks: lineBlocks(before, afterLines) };
          })();
    // Binary only when a side is known not to be text: a result recorded before post-states were stored, and
    // changed since, is unknown rather than binary (undone whole all the same).
    const binary = beforeText === null || (afterBytes !== null && afterText === null);
    return { record, summary: summarize(record, text, binary), text, after, beforeBytes, afterBytes };
  }

  private async nowIfSame(path: string, oid: string): Promise<Uint8Array | null> {
    const bytes = await readOrNull(this.vault, path, `Reviewing "${path}"`);
    return bytes !== null && (await hashContent(bytes)) === oid ? bytes : null;
  }
}

/** The run as listed: who, when, and each file's counts. */
export async function runRecord(history: RunHistory, model: RunModel): Promise<RunRecord> {
  const files: FileSummary[] = [];
  for await (const file of model.files(history)) files.push(file.summary);
  const origin = history.origin;
  return {
    runId: history.runId,
    author: origin?.author ?? authorFromRunId(history.runId),
    ...(origin?.undoOf ? { undoOf: origin.undoOf } : {}),
    startedAt: history.metas[0]?.time ?? 0,
    endedAt: history.endedAt,
    files,
  };
}

/** Who made a run recorded before authors were: its id's prefix says which shell made it. */
export function authorFromRunId(runId: string): RunAuthor {
  if (/^(revert|undo)-/.test(runId)) return { kind: 'undo', label: 'Undo' };
  if (/^[a-z]+-saved-/.test(runId)) return { kind: 'saved-action', label: 'Saved action' };
  if (/^[a-z]+-(plan|rest)-/.test(runId)) return { kind: 'plan', label: 'Plan' };
  if (runId.startsWith('chat-')) return { kind: 'chat', label: 'Chat' };
  if (runId.startsWith('cli-')) return { kind: 'terminal', label: 'Terminal' };
  if (runId.startsWith('mcp-')) return { kind: 'mcp', label: 'MCP client' };
  return { kind: 'agent', label: 'Agent' };
}

/** UTF-8 text without NULs, or null: a binary file or one in another encoding is undone whole, byte for byte. */
export function textOf(bytes: Uint8Array): string | null {
  const text = exactText(bytes);
  return text === null || text.includes('\u0000') ? null : text;
}

function summarize(record: FileRecord, text: RunText | null, binary: boolean): FileSummary {
  let added = 0;
  let removed = 0;
  for (const block of text?.blocks ?? []) {
    added += block.bEnd - block.bStart;
    removed += block.aEnd - block.aStart;
  }
  return {
    path: record.path,
    ...(record.previousPath !== undefined ? { previousPath: record.previousPath } : {}),
    change: record.change,
    binary,
    whole: text === null || record.change !== 'modified',
    hunks: text?.blocks.length ?? 0,
    linesAdded: added,
    linesRemoved: removed,
    ...(record.moveSeq !== undefined ? { moveSeq: record.moveSeq } : {}),
  };
}
