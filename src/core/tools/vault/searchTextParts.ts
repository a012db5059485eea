import { jsonLength, type NextCall, type ResultPart } from '../parts';
import type { SearchTextInput, SearchTextOutput } from './searchTextTypes';

/** Room kept for `nextOffset` and `truncated` when the matches are cut. */
const CUT_FIELDS = JSON.stringify({ truncated: true, nextOffset: Number.MAX_SAFE_INTEGER }).length;

/**
 * A search as the conversation gets it: whole when it fits in `maxChars`, else the first matches that fit (at
 * least one), with `nextOffset` and the vault.searchText call that returns the next ones.
 */
export function searchTextPart(
  input: SearchTextInput,
  output: SearchTextOutput,
  maxChars: number,
): ResultPart<SearchTextOutput> {
  if (jsonLength(output) <= maxChars)
    return { output, next: output.nextOffset === undefined ? null : nextSearch(input, output.nextOffset) };
  let used = jsonLength({ ...output, matches: [] }) + CUT_FIELDS;
  let kept = 0;
  for (const match of output.matches) {
    const size = jsonLength(match) + (kept > 0 ? 1 : 0);
    if (kept > 0 && used + size > maxChars) break;
    used += size;
    kept++;
  }
  const nextOffset = (input.offset ?? 0) + kept;
  return {
    output: { ...output, matches: output.matches.slice(0, kept), truncated: true, nextOffset },
    next: nextSearch(input, nextOffset),
  };
}

/** The same search from `offset`: every argument written out, so the model copies it as it is. */
function nextSearch(input: SearchTextInput, offset: number): NextCall {
  return { tool: 'vault.searchText', args: { ...input, offset } };
}
