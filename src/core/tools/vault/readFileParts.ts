import { utf8Length } from '../../util/text';
import { jsonFittingPrefix, jsonLength, type NextCall, type ResultPart } from '../parts';
import type { ReadFileInput, ReadFileOutput } from './readFileTypes';

/** Room kept for `nextOffset` and `truncated` when the content is cut. */
const CUT_FIELDS = JSON.stringify({ truncated: true, nextOffset: Number.MAX_SAFE_INTEGER }).length;

/**
 * A read as the conversation gets it: whole when it fits in `maxChars`, else its first part, cut on a character
 * (base64: on a 4-character group), with `nextOffset` and the vault.readFile call that returns the rest.
 */
export function readFilePart(
  input: ReadFileInput,
  output: ReadFileOutput,
  maxChars: number,
): ResultPart<ReadFileOutput> {
  if (jsonLength(output) <= maxChars)
    return { output, next: output.nextOffset === undefined ? null : nextRead(input, output.nextOffset) };
  const start = input.offset ?? 0;
  const room = Math.max(1, maxChars - jsonLength({ ...output, content: '' }) - CUT_FIELDS);
  let content: string;
  let nextOffset: number;
  if (input.as === 'base64') {
    content = output.content.slice(0, Math.max(4, Math.floor(room / 4) * 4));
    nextOffset = start + (content.length / 4) * 3;
  } else {
    content = output.content.slice(0, notInsideToken(output.content, jsonFittingPrefix(output.content, room)));
    nextOffset = start + utf8Length(content);
  }
  return { output: { ...output, content, truncated: true, nextOffset }, next: nextRead(input, nextOffset) };
}

function nextRead(input: ReadFileInput, offset: number): NextCall {
  const args: Record<string, unknown> = { path: input.path, offset };
  if (input.maxBytes !== undefined) args.maxBytes = input.maxBytes;
  if (input.as === 'base64') args.as = 'base64';
  if (input.encoding !== undefined) args.encoding = input.encoding;
  return { tool: 'vault.readFile', args };
}

/** Characters a key or token is written in (base64, base64url, the dots of a JSON Web Token). */
const TOKEN_CHAR = /[A-Za-z0-9_+/=.-]/;
/** A run longer than this before the cut is data (an embedded image), not a key: it is cut where it falls. */
const LONGEST_TOKEN = 1000;

/**
 * A cut at `end` moved back to the start of a run of key characters it would split, so that a key is never given
 * half in one part and half in the next, where neither half has a key's shape and redaction would miss both. A run
 * that starts the text, or is longer than a key, is cut where it falls: each part must move on.
 */
export function notInsideToken(text: string, end: number): number {
  if (end <= 0 || end >= text.length || !TOKEN_CHAR.test(text.charAt(end)) || !TOKEN_CHAR.test(text.charAt(end - 1)))
    return end;
  let start = end - 1;
  while (start > 0 && end - start <= LONGEST_TOKEN && TOKEN_CHAR.test(text.charAt(start - 1))) start--;
  return start > 0 && end - start <= LONGEST_TOKEN ? start : end;
}
