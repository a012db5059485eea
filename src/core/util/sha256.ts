/**
 * The SHA-256 of a text's UTF-8 bytes, in hex. Cryptographic on purpose, unlike `etagOf`: where a hash stands for
 * approved content, the text may come from a prompt-injected plan that could pick two texts with one weak hash.
 */
export function sha256(text: string): Promise<string> {
  return digestHex('SHA-256', new TextEncoder().encode(text));
}

/** A Web Crypto digest of `bytes`, in hex: the same API in Obsidian (Electron) and in Node. */
export async function digestHex(algorithm: 'SHA-1' | 'SHA-256', bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(algorithm, bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
