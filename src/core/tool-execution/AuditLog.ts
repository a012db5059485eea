import type { ClockPort } from '../ports/clock';
import type { PluginFilesPort } from '../ports/pluginFiles';
import type { AuditEntry } from './auditEntry';
import { interruptedLines } from './auditRecovery';
import { redact } from './redact';

export type { AuditEntry };

const AUDIT_FOLDER = 'audit';
/**
 * Where "started" lines go: outside the audit folder, whose contract is one file per day and one line per call
 * (its outcome), since tools that read `audit/*.jsonl` count calls; a started line there counted each write twice
 * and showed `ok: false` for writes that went well.
 */
const STARTED_FILE = 'journal/started.jsonl';
/** Where started lines were kept before: moved to STARTED_FILE on start (see `markInterrupted`). */
const OLD_STARTED_FILE = `${AUDIT_FOLDER}/started.jsonl`;

/**
 * Appends one JSON line per tool call to a file per day in the plugin folder, secrets redacted, and before a
 * write a "started" line it waits for, in `journal/started.jsonl`. Lines are written in call order; a failing disk
 * never fails the tool call, but is reported through `onError`.
 */
export class AuditLog {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly files: PluginFilesPort,
    private readonly clock: ClockPort,
    private readonly knownSecrets: () => readonly string[] = () => [],
    private readonly onError: (error: unknown) => void = () => {},
    /** This process as "<host>:<pid>", written on "started" lines; null where there is no such thing. */
    private readonly owner: string | null = null,
  ) {}

  record(entry: Omit<AuditEntry, 'ts'>): Promise<void> {
    const now = new Date(this.clock.now());
    // The tool name is the model's too: an unknown one is logged as it came.
    const line: AuditEntry = {
      ts: now.toISOString(),
      ...entry,
      tool: redact(entry.tool, this.knownSecrets()) as string,
      args: redact(entry.args, this.knownSecrets()),
    };
    if (line.error) line.error = redact(line.error, this.knownSecrets()) as string;
    // Paths are the user's words too, as in `args`.
    if (line.restored) line.restored = redact(line.restored, this.knownSecrets()) as string[];
    if (line.conflicts) line.conflicts = redact(line.conflicts, this.knownSecrets()) as AuditEntry['conflicts'];
    const file = entry.phase === 'started' ? STARTED_FILE : `${AUDIT_FOLDER}/${now.toISOString().slice(0, 10)}.jsonl`;
    this.queue = this.queue.then(() => this.files.append(file, `${JSON.stringify(line)}\n`)).catch(this.onError);
    return this.queue;
  }

  /** The "started" line of a write; resolves once it is on disk (or failed to get there, which onError hears). */
  started(entry: Pick<AuditEntry, 'runId' | 'tool' | 'args' | 'call' | 'approval' | 'checkpoint'>): Promise<void> {
    return this.record({
      ...entry,
      ok: false,
      error: null,
      code: null,
      durationMs: 0,
      phase: 'started',
      ...(this.owner === null ? {} : { owner: this.owner }),
    });
  }

  /**
   * After a restart: every write that started in a process that is gone and never reported its outcome gets an
   * "interrupted" line. `alive` says whether the process an owner names still runs (a write under way there is
   * not interrupted). First moves an older `audit/started.jsonl` into the journal. Reads the started lines and the
   * two newest day files, as a run that crossed midnight spans two. Then keeps in started.jsonl only the calls
   * still open, so it stays as short as the writes under way. Returns the lines it added.
   */
  async markInterrupted(alive: (owner: string) => boolean): Promise<AuditEntry[]> {
    await this.flush();
    await this.moveOldStartedLines();
    const startedText = (await this.files.read(STARTED_FILE)) ?? '';
    if (startedText.trim() === '') return [];
    const days = (await this.files.list(AUDIT_FOLDER))
      .filter((name) => /^\d{4}-\d{2}-\d{2}\.jsonl$/.test(name))
      .sort()
      .slice(-2);
    const texts = await Promise.all(days.map((name) => this.files.read(`${AUDIT_FOLDER}/${name}`)));
    const { interrupted, open } = interruptedLines(startedText, texts.map((text) => text ?? '').join('\n'), alive);
    for (const line of interrupted) void this.record(line);
    await this.flush();
    // Written after the interrupted lines are on disk: a crash in between leaves them to be found again, not lost.
    await this.files.write(STARTED_FILE, open.map((line) => `${line}\n`).join(''));
    return interrupted.map((line) => ({ ...line, ts: new Date(this.clock.now()).toISOString() }));
  }

  /**
   * An `audit/started.jsonl` left by an earlier version is added to the journal's (a line in both counts once:
   * lines are keyed by run and call) and removed, so the audit folder holds only day files.
   */
  private async moveOldStartedLines(): Promise<void> {
    const old = await this.files.read(OLD_STARTED_FILE);
    if (old === null) return;
    if (old.trim() !== '') await this.files.append(STARTED_FILE, old.endsWith('\n') ? old : `${old}\n`);
    await this.files.remove(OLD_STARTED_FILE);
  }

  /** Resolves once every line recorded so far is written. */
  flush(): Promise<void> {
    return this.queue;
  }
}
