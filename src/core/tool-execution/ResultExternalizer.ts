import { describeError } from '../errors';
import type { PluginFilesPort } from '../ports/pluginFiles';
import type { AnyTool } from '../tools/BaseTool';
import type { NextCall } from '../tools/parts';
import { redact, redactForReader } from './redact';

export const EXTERNALIZE_THRESHOLD = 2000;
/** The most one part of a result that is read in parts puts into the conversation (about 2,000 tokens). */
export const PART_CHARS = 8000;
const TOP_ENTRIES = 5;
const ENTRY_CHARS = 200;
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Keeps large tool results out of the conversation. A tool that can be read in parts (`partOf`: a read, a search)
 * gives its first part of up to 8,000 characters and the exact call for the next; such a part is never stored, so
 * following those calls reaches the end. Any other result over 2,000 characters is written to
 * `tmp/<runId>/<tool>-<n>.md` in the plugin folder and the history gets a compact reference (what it is, its top
 * entries, the read that returns it in parts). File names are deterministic, so the history's prefix stays cacheable.
 */
export class ResultExternalizer {
  constructor(
    private readonly files: PluginFilesPort,
    /** The plugin folder as a vault path, so the model can read the file back with vault.readFile. */
    private readonly pluginFolderInVault: string,
    private readonly threshold = EXTERNALIZE_THRESHOLD,
    /** Secret values never written into stored results; they and key-shaped tokens are redacted as in the audit log. */
    private readonly knownSecrets: () => readonly string[] = () => [],
    private readonly partChars = PART_CHARS,
  ) {}

  /**
   * The text for the history: a part with the call for the next, the JSON itself when short, else a reference to the
   * stored file; in each, secrets redacted. A part is cut from the whole output, so its next offset counts the
   * file's own bytes, and redacted after.
   */
  async contentFor(
    runId: string,
    source: Pick<AnyTool, 'name' | 'partOf'>,
    callIndex: number,
    output: unknown,
    input: unknown,
  ): Promise<string> {
    const part = source.partOf(input, output, this.partChars);
    if (part) return withNext(JSON.stringify(redactForReader(part.output, this.knownSecrets())) ?? 'null', part.next);
    const tool = source.name;
    // The stored copy is whole (the model reads it back in parts), but holds no key: the plugin folder is synced.
    const json = JSON.stringify(redact(output, this.knownSecrets(), { maxString: Infinity }), null, 1) ?? 'null';
    if (json.length <= this.threshold) return JSON.stringify(redactForReader(output, this.knownSecrets())) ?? 'null';
    const file = `${storedResultsFolder(runId)}/${tool}-${callIndex}.md`;
    try {
      await this.files.write(file, `# Result of ${tool} (call ${callIndex})\n\n\`\`\`json\n${json}\n\`\`\`\n`);
    } catch (error) {
      // Storing failed: the model still gets a bounded result rather than nothing.
      return `${json.slice(0, this.threshold)}\n…[result cut at ${this.threshold} of ${json.length} characters; storing the rest failed: ${describeError(error)}]`;
    }
    return [
      `[The result of ${tool} has ${json.length.toLocaleString('en')} characters and was stored outside the conversation.]`,
      `Read it with vault.readFile {"path": "${this.pluginFolderInVault}/${file}"}: it comes in parts, each naming the call for the next.`,
      ...summaryLines(redactForReader(output, this.knownSecrets())),
    ].join('\n');
  }

  /** Removes the run's stored results (at the end of the run). */
  async cleanup(runId: string): Promise<void> {
    await this.files.remove(storedResultsFolder(runId));
  }

  /** On start-up: removes stored results of runs that ended more than an hour ago without cleaning up. */
  async sweepOrphans(now: number, maxAgeMs = ORPHAN_AGE_MS): Promise<string[]> {
    const removed: string[] = [];
    for (const name of await this.files.list('tmp')) {
      const folder = `tmp/${name}`;
      const mtime = await this.files.mtime(folder);
      if (mtime !== null && now - mtime > maxAgeMs) {
        await this.files.remove(folder);
        removed.push(name);
      }
    }
    return removed;
  }
}

const STORED_READ = /^Read it with vault\.readFile (\{"path": ".*"\}): it comes in parts/m;

/**
 * The vault path of the stored result that a text from `contentFor` refers to, or null when the text holds the
 * result itself: for a shell that links to the file instead of repeating the reference (the MCP server).
 */
export function storedResultPath(content: string): string | null {
  const json = STORED_READ.exec(content)?.[1];
  if (json === undefined) return null;
  const parsed: unknown = JSON.parse(json);
  return parsed !== null && typeof parsed === 'object' && typeof (parsed as { path?: unknown }).path === 'string'
    ? (parsed as { path: string }).path
    : null;
}

/** Where a run's stored results are, in the plugin folder; removed when the run ends. */
export function storedResultsFolder(runId: string): string {
  return `tmp/${safeSegment(runId)}`;
}

/** A cut result names the call that returns the rest, arguments as JSON, so the model can copy it as it is. */
function withNext(json: string, next: NextCall | null): string {
  return next ? `${json}\nCut here. Next part: ${next.tool} ${JSON.stringify(next.args)}` : json;
}

function safeSegment(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** Scalar fields as they are, each list as its length and first entries: enough to decide whether to read more. */
function summaryLines(output: unknown): string[] {
  if (output === null || typeof output !== 'object' || Array.isArray(output)) {
    return Array.isArray(output) ? listLines('items', output) : [];
  }
  const lines: string[] = [];
  const scalars: string[] = [];
  for (const [key, value] of Object.entries(output as Record<string, unknown>)) {
    if (Array.isArray(value)) lines.push(...listLines(key, value));
    else if (typeof value === 'string' && value.length > ENTRY_CHARS)
      scalars.push(`${key}: ${JSON.stringify(value.slice(0, ENTRY_CHARS))}… (${value.length} characters)`);
    else if (typeof value !== 'object' || value === null) scalars.push(`${key}: ${JSON.stringify(value)}`);
  }
  return [...(scalars.length ? [`Fields: ${scalars.join(', ')}`] : []), ...lines];
}

function listLines(key: string, list: unknown[]): string[] {
  const shown = list.slice(0, TOP_ENTRIES).map((entry) => {
    const text = JSON.stringify(entry) ?? 'null';
    return `- ${text.length > ENTRY_CHARS ? `${text.slice(0, ENTRY_CHARS)}…` : text}`;
  });
  return [
    `${key}: ${list.length} entr${list.length === 1 ? 'y' : 'ies'}${list.length > TOP_ENTRIES ? `, the first ${TOP_ENTRIES}` : ''}:`,
    ...shown,
  ];
}
