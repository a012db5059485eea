import type { Spend } from '../budget/SpendingMeter';
import type { HistoryMessage } from '../ports/llm';
import type { PluginFilesPort } from '../ports/pluginFiles';
import { redact } from '../tool-execution/redact';

export interface Conversation {
  id: string;
  /** The first message, cut short: what the history list shows. */
  title: string;
  createdAt: number;
  updatedAt: number;
  history: HistoryMessage[];
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

/**
 * Conversations of this vault, one JSON file each in the plugin's folder (`conversations/<id>.json`), saved
 * redacted as the audit log is (known secrets, key-shaped tokens) with each string cut at `SAVED_STRING_CHARS`.
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

  async save(conversation: Conversation): Promise<void> {
    const saved = redact(conversation, this.knownSecrets(), { maxString: SAVED_STRING_CHARS });
    await this.files.write(`${FOLDER}/${conversation.id}.json`, JSON.stringify(saved));
  }

  async load(id: string): Promise<Conversation | null> {
    const text = await this.files.read(`${FOLDER}/${id}.json`);
    return text === null ? null : parse(text);
  }

  /** Newest first; files that are not conversations are skipped rather than breaking the list. */
  async list(limit = 20): Promise<ConversationSummary[]> {
    const names = (await this.files.list(FOLDER)).filter((name) => name.endsWith('.json'));
    const found: ConversationSummary[] = [];
    for (const name of names) {
      const conversation = parse((await this.files.read(`${FOLDER}/${name}`)) ?? '');
      if (conversation) found.push({ id: conversation.id, title: conversation.title, updatedAt: conversation.updatedAt });
    }
    return found.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, limit);
  }
}

function parse(text: string): Conversation | null {
  try {
    const value = JSON.parse(text) as Partial<Conversation>;
    if (typeof value.id !== 'string' || !Array.isArray(value.history)) return null;
    return {
      id: value.id,
      title: typeof value.title === 'string' ? value.title : value.id,
      createdAt: typeof value.createdAt === 'number' ? value.createdAt : 0,
      updatedAt: typeof value.updatedAt === 'number' ? value.updatedAt : 0,
      history: value.history,
      ...(isSpend(value.spent) ? { spent: value.spent } : {}),
    };
  } catch {
    return null;
  }
}

function isSpend(value: unknown): value is Spend {
  if (value === null || typeof value !== 'object') return false;
  const { usage, cost } = value as Partial<Spend>;
  const counts = usage !== null && typeof usage === 'object' && ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens'].every((key) => typeof (usage as unknown as Record<string, unknown>)[key] === 'number');
  return counts && (cost === null || typeof cost === 'number');
}
