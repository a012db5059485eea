import type { ClockPort } from '../ports/clock';
import type { PluginFilesPort } from '../ports/pluginFiles';
import { redact } from './redact';

/** One line of `audit/YYYY-MM-DD.jsonl` (contract: at least ts, runId, tool, args, ok, error, durationMs). */
export interface AuditEntry {
  ts: string;
  runId: string;
  tool: string;
  args: unknown;
  ok: boolean;
  error: string | null;
  code: string | null;
  durationMs: number;
  /** How the call was allowed: "auto" (read-only), "approved", "approved-for-run", "approved-in-preview" (shown in the plan's approved preview), or "denied". */
  approval?: string;
  /** The checkpoint taken before a write, as "<runId>#<seq>". */
  checkpoint?: string;
}

/**
 * Appends one JSON line per tool call to a file per day in the plugin folder, secrets redacted. Lines are
 * written in call order; a failing disk never fails the tool call, but is reported through `onError`.
 */
export class AuditLog {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly files: PluginFilesPort,
    private readonly clock: ClockPort,
    private readonly knownSecrets: () => readonly string[] = () => [],
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  record(entry: Omit<AuditEntry, 'ts'>): Promise<void> {
    const now = new Date(this.clock.now());
    // The tool name is the model's too: an unknown one is logged as it came.
    const line: AuditEntry = { ts: now.toISOString(), ...entry, tool: redact(entry.tool, this.knownSecrets()) as string, args: redact(entry.args, this.knownSecrets()) };
    if (line.error) line.error = redact(line.error, this.knownSecrets()) as string;
    const file = `audit/${now.toISOString().slice(0, 10)}.jsonl`;
    this.queue = this.queue.then(() => this.files.append(file, `${JSON.stringify(line)}\n`)).catch(this.onError);
    return this.queue;
  }

  /** Resolves once every line recorded so far is written. */
  flush(): Promise<void> {
    return this.queue;
  }
}
