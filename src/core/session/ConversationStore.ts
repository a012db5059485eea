import type { Spend } from '../budget/SpendingMeter';
import type { HistoryMessage } from '../ports/llm';
import type { PluginFilesPort } from '../ports/pluginFiles';
import { redact } from '../tool-execution/redact';
import { isSeenEntry, type SeenEntry, seenFromHistory } from './seenConversation';

export interface Conversation {
  id: string;
  /** The first message, cut short: what the history list shows. */
  title: string;
  createdAt: number;
  updatedAt: number;
  /** What the model is sent: condensing replaces its older part with a summary. */
  history: HistoryMessage[];
  /** What was shown, from the first message on; never condensed (saved beside the file, see ConversationStore). */
  seen: readonly SeenEntry[];
  /**
   * How many of `seen` are in the conversation's seen file. 0 for a file saved before there was one (its entries
   * were read from `history`): the first save writes them all.
   */
  seenSaved: number;
  /** What the conversation has spent, so a resumed one goes on counting; absent in files saved before budgets. */
  spent?: Spend;
}

export interface ConversationSummary {
  id: string;
  title: string;
  updatedAt: number;
}

const FOLDER = 'conversations';
const TITLE_CHARS = 60;
/**
 * What a saved conversation keeps of one message text, tool input or result: enough to read back and to go on
 * from, while a 50 MB write argument is not copied into a file that sync services copy.
 */
export const SAVED_STRING_CHARS = 16_000;

/** Marks a file whose seen entries are in `<id>.seen.jsonl`; files without it are read from their history. */
const SEEN_FORMAT = 2;

/**
 * Conversations of this vault in the plugin's folder, saved redacted as the audit log is (known secrets,
 * key-shaped tokens) with each string cut at `SAVED_STRING_CHARS`. Two files each: `conversations/<id>.json` holds
 * what the model is sent (bounded by condensing), rewritten at each save; `conversations/<id>.seen.jsonl` holds what
 * was shown, one entry a line, and each save only appends the message's own entries, so saving at the 300th
 * message costs what it did at the first, and a conversation comes back whole, however often it was condensed.
 */
export class ConversationStore {
  constructor(
    private readonly files: PluginFilesPort,
    /** Secret values never written into a saved conversation (the configured API key), as in the audit log. */
    private readonly knownSecrets: () => readonly string[] = () => [],
  ) {}

  static newId(now: number): string {
    return `${new Date(now).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}-${Math.random().toString(36).slice(2, 6)}`;
  }

  static titleOf(message: string): string {
    const line = message.trim().split('\n')[0] ?? '';
    return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
  }

  /** Writes the model's part, then appends the seen entries after the first `seenSaved` (and counts them saved). */
  async save(conversation: Conversation): Promise<void> {
    const { seen, seenSaved, ...rest } = conversation;
    const secrets = this.knownSecrets();
    const fresh = seen
      .slice(seenSaved)
      .map((entry) => JSON.stringify(redact(entry, secrets, { maxString: SAVED_STRING_CHARS })));
    // The seen lines first: a model file without them would read as an old one, from its condensed history.
    // Each append starts on a line of its own, so a line a crash cut short never swallows the next save's first.
    if (fresh.length > 0) await this.files.append(seenPath(conversation.id), `\n${fresh.join('\n')}`);
    conversation.seenSaved = seen.length;
    const saved = redact({ ...rest, format: SEEN_FORMAT }, secrets, { maxString: SAVED_STRING_CHARS });
    await this.files.write(`${FOLDER}/${conversation.id}.json`, JSON.stringify(saved));
  }

  async load(id: string): Promise<Conversation | null> {
    const text = await this.files.read(`${FOLDER}/${id}.json`);
    const conversation = text === null ? null : parse(text);
    if (!conversation) return null;
    const seenText = conversation.format ? await this.files.read(seenPath(id)) : null;
    // No seen file (saved before there was one, or lost): the history is what is left to show.
    if (seenText === null) return withSeen(conversation, seenFromHistory(conversation.history), 0);
    const seen = readSeen(seenText);
    return withSeen(conversation, seen, seen.length);
  }

  /** Newest first; files that are not conversations are skipped rather than breaking the list. */
  async list(limit = 20): Promise<ConversationSummary[]> {
    const names = (await this.files.list(FOLDER)).filter((name) => name.endsWith('.json'));
    const found: ConversationSummary[] = [];
    for (const name of names) {
      const conversation = parse((await this.files.read(`${FOLDER}/${name}`)) ?? '');
      if (conversation)
        found.push({ id: conversation.id, title: conversation.title, updatedAt: conversation.updatedAt });
    }
    return found.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, limit);
  }
}

function seenPath(id: string): string {
  return `${FOLDER}/${id}.seen.jsonl`;
}

/** The file's lines as entries; a line cut short (a crash while appending) or damaged is skipped. */
function readSeen(text: string): SeenEntry[] {
  const entries: SeenEntry[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (isSeenEntry(value)) entries.push(value);
    } catch {
      // Skipped: see above.
    }
  }
  return entries;
}

type ModelPart = Omit<Conversation, 'seen' | 'seenSaved'> & { format?: number };

function withSeen(conversation: ModelPart, seen: SeenEntry[], seenSaved: number): Conversation {
  const { format: _format, ...rest } = conversation;
  return { ...rest, seen, seenSaved };
}

/** The model's part of a file; `format` tells whether a seen file goes with it. */
function parse(text: string): ModelPart | null {
  try {
    const value = JSON.parse(text) as Partial<ModelPart>;
    if (typeof value.id !== 'string' || !Array.isArray(value.history)) return null;
    return {
      id: value.id,
      title: typeof value.title === 'string' ? value.title : value.id,
      createdAt: typeof value.createdAt === 'number' ? value.createdAt : 0,
      updatedAt: typeof value.updatedAt === 'number' ? value.updatedAt : 0,
      history: value.history,
      ...(value.format === SEEN_FORMAT ? { format: SEEN_FORMAT } : {}),
      ...(isSpend(value.spent) ? { spent: value.spent } : {}),
    };
  } catch {
    return null;
  }
}

function isSpend(value: unknown): value is Spend {
  if (value === null || typeof value !== 'object') return false;
  const { usage, cost } = value as Partial<Spend>;
  const counts =
    usage !== null &&
    typeof usage === 'object' &&
    ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens'].every(
      (key) => typeof (usage as unknown as Record<string, unknown>)[key] === 'number',
    );
  return counts && (cost === null || typeof cost === 'number');
}
