/** A call written out in full (tool and arguments), as a result that was cut names the call returning the rest. */
export interface NextCall {
  tool: string;
  args: Record<string, unknown>;
}

/** An output cut to fit the conversation, with the call that returns what follows (null when nothing does). */
export interface ResultPart<O> {
  output: O;
  next: NextCall | null;
}

/** Characters of `value` as JSON, as the conversation carries it. */
export function jsonLength(value: unknown): number {
  return JSON.stringify(value)?.length ?? 4;
}

/**
 * How many UTF-16 units of `text` fit in `maxChars` characters of a JSON string body (quotes and newlines take two,
 * other control characters six); a surrogate pair is kept or dropped whole. At least one character is kept when
 * there is one, so a caller that pages with it always moves on.
 */
export function jsonFittingPrefix(text: string, maxChars: number): number {
  let used = 0;
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && isLow(text.charCodeAt(i + 1));
    const units = pair ? 2 : 1;
    const size = pair ? 2 : escapedSize(code);
    if (used + size > maxChars) return i === 0 ? units : i;
    used += size;
    i += units;
  }
  return text.length;
}

function escapedSize(code: number): number {
  if (
    code === 0x22 ||
    code === 0x5c ||
    code === 0x08 ||
    code === 0x0c ||
    code === 0x0a ||
    code === 0x0d ||
    code === 0x09
  )
    return 2;
  if (code < 0x20) return 6;
  // JSON.stringify writes a lone surrogate as \udxxx.
  if (code >= 0xd800 && code <= 0xdfff) return 6;
  return 1;
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
