import type { AuditEntry } from './auditEntry';

/**
 * The "interrupted" lines the audit calls for: one per "started" line whose call has no line of its own in the day
 * files (same run, same call number), when the process that started it is gone; and the started lines still open
 * (their process runs, or nothing says which process it was), as they were written. Order is not relied on: a
 * clock that was set back can put a call's outcome in an earlier day's file. A line that is not JSON (a torn last
 * line after a crash) is skipped.
 */
export function interruptedLines(
  startedText: string,
  dayText: string,
  alive: (owner: string) => boolean,
): { interrupted: Omit<AuditEntry, 'ts'>[]; open: string[] } {
  const started = new Map<string, { line: AuditEntry; raw: string }>();
  for (const raw of startedText.split('\n')) {
    const line = parse(raw);
    if (line !== null && typeof line.call === 'number') started.set(keyOf(line), { line, raw });
  }
  const ended = new Set<string>();
  for (const raw of dayText.split('\n')) {
    const line = parse(raw);
    if (line !== null && typeof line.call === 'number') ended.add(keyOf(line));
  }
  const lines: Omit<AuditEntry, 'ts'>[] = [];
  const stillOpen: string[] = [];
  for (const [key, { line: open, raw }] of started) {
    if (ended.has(key)) continue;
    if (open.owner === undefined || alive(open.owner)) {
      stillOpen.push(raw);
      continue;
    }
    lines.push({
      runId: open.runId,
      tool: open.tool,
      args: open.args,
      ok: false,
      error: `interrupted: the process running this call (${open.owner}) stopped before it finished, so it may or may not have written; the checkpoint${open.checkpoint ? ` ${open.checkpoint}` : ''} taken before it can revert it`,
      code: 'INTERRUPTED',
      durationMs: null,
      call: open.call,
      phase: 'interrupted',
      ...(open.checkpoint ? { checkpoint: open.checkpoint } : {}),
    });
  }
  return { interrupted: lines, open: stillOpen };
}

function keyOf(line: AuditEntry): string {
  return `${line.runId}\u0000${String(line.call)}`;
}

function parse(raw: string): AuditEntry | null {
  if (raw.trim() === '') return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'object' && value !== null && typeof (value as AuditEntry).runId === 'string'
      ? (value as AuditEntry)
      : null;
  } catch {
    return null;
  }
}
