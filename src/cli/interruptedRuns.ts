import type { AuditEntry } from '../core/tool-execution/AuditLog';

/** One line per run a crash cut off, for the start of a session: which writes may be half done, and what to do. */
export function interruptedRunLines(lines: readonly AuditEntry[]): string[] {
  const byRun = new Map<string, string[]>();
  for (const line of lines) byRun.set(line.runId, [...(byRun.get(line.runId) ?? []), line.tool]);
  return [...byRun].map(
    ([runId, tools]) =>
      `Run ${runId} was interrupted: ${tools.length === 1 ? `its ${tools[0]} call` : `${tools.length} calls (${tools.join(', ')})`} started and never finished, so the vault may hold part of it. /runs lists it; /revert undoes the last run.`,
  );
}
