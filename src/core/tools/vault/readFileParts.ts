import { utf8Length } from '../../util/text';
import { jsonFittingPrefix, jsonLength, type NextCall, type ResultPart } from '../parts';
import type { ReadFileInput, ReadFileOutput } from './readFile';

/** Room kept for `nextOffset` and `truncated` when the content is cut. */
const CUT_FIELDS = JSON.stringify({ truncated: true, nextOffset: Number.MAX_SAFE_INTEGER }).length;

/**
 * A read as the conversation gets it: whole when it fits in `maxChars`, else its first part, cut on a character
 * (base64: on a 4-character group), with `nextOffset` and the vault.readFile call that returns the rest.
 */
export function readFilePart(input: ReadFileInput, output: ReadFileOutput, maxChars: number): ResultPart<ReadFileOutput> {
  if (jsonLength(output) <= maxChars) return { output, next: output.nextOffset === undefined ? null : nextRead(input, output.nextOffset) };
  const start = input.offset ?? 0;
  const room = Math.max(1, maxChars - jsonLength({ ...output, content: '' }) - CUT_FIELDS);
  let content: string;
  let nextOffset: number;
  if (input.as === 'base64') {
    content = output.content.slice(0, Math.max(4, Math.floor(room / 4) * 4));
    nextOffset = start + (content.length / 4) * 3;
  } else {
    content = output.content.slice(0, jsonFittingPrefix(output.content, room));
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
