import { AgentError } from '../errors';
import { toolMeta } from '../tools/metadata';

const WINDOW = 15;
const LIMIT = 3;
const SIMILARITY = 0.5;

interface Seen {
  key: string;
  tool: string;
  words: Set<string> | null;
}

/**
 * Catches an agent stuck in a loop: in a sliding window of the last 15 calls, a third identical call (same tool,
 * same input) is blocked, and so is a third search whose query words overlap (Jaccard > 0.5) with two earlier
 * ones (a search from an offset, which reads on, is compared only for identity). The error is recoverable on purpose: the model sees it and can change its approach; the loop's
 * consecutive-mistake limit is the final net.
 */
export class ToolRepetitionDetector {
  private readonly window: Seen[] = [];

  /**
   * Records the call, or throws a `REPEATED_CALL` AgentError when it must be blocked. `searchQuery` is the tool's
   * column of that name (the input field compared by meaning, word overlap, not only character for character).
   */
  check(tool: string, input: unknown, searchQuery: string | undefined = toolMeta(tool)?.searchQuery): void {
    // A search from an offset reads on in results already found (the part a cut result named), not searching again.
    const words = searchQuery !== undefined && !readsOn(input) ? queryWords(input, searchQuery) : null;
    const seen: Seen = { key: `${tool}:${stableJson(input)}`, tool, words };
    const identical = this.window.filter((earlier) => earlier.key === seen.key).length;
    if (identical + 1 >= LIMIT) {
      throw new AgentError(
        'REPEATED_CALL',
        `${tool} was called ${identical + 1} times with the same input within the last ${WINDOW} calls; the result will not change. Use the earlier result or try a different approach.`,
      );
    }
    if (seen.words && seen.words.size > 0) {
      const similar = this.window.filter(
        (earlier) =>
          earlier.tool === tool && earlier.words && jaccard(earlier.words, seen.words as Set<string>) > SIMILARITY,
      ).length;
      if (similar + 1 >= LIMIT) {
        throw new AgentError(
          'REPEATED_CALL',
          `${tool} was called ${similar + 1} times with nearly the same query within the last ${WINDOW} calls. Search for something different, or work with what the earlier searches found.`,
        );
      }
    }
    this.window.push(seen);
    if (this.window.length > WINDOW) this.window.shift();
  }

  reset(): void {
    this.window.length = 0;
  }
}

/** JSON with sorted keys, so {a,b} and {b,a} count as the same input. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${stableJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function queryWords(input: unknown, field: string): Set<string> {
  const query = input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[field] : undefined;
  if (typeof query !== 'string') return new Set();
  return new Set(
    query
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
}

function readsOn(input: unknown): boolean {
  const offset = input !== null && typeof input === 'object' ? (input as { offset?: unknown }).offset : undefined;
  return typeof offset === 'number' && offset > 0;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}
