/**
 * The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes`, never splitting a character: a
 * surrogate pair (4 bytes) is kept or dropped whole. A lone surrogate counts 3 bytes, as TextEncoder writes
 * it (U+FFFD).
 */
export function truncateUtf8(text: string, maxBytes: number): { text: string; truncated: boolean } {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let size: number;
    let units = 1;
    if (code < 0x80) size = 1;
    else if (code < 0x800) size = 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
      size = 4;
      units = 2;
    } else size = 3;
    if (bytes + size > maxBytes) return { text: text.slice(0, i), truncated: true };
    bytes += size;
    i += units - 1;
  }
  return { text, truncated: false };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
