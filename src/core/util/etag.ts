/**
 * The etag of a text: its UTF-16 length and a 53-bit cyrb53 hash of its content, e.g. "e12-1f3a9c0b2d4e5".
 * A content hash (not mtime) so that it is the same on every adapter, survives a sync that rewrites mtimes,
 * and changes whenever the text does. Not cryptographic: it guards against lost updates, not attackers.
 */
export function etagOf(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `e${text.length}-${hash.toString(16)}`;
}
