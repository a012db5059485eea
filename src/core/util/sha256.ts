/**
 * The SHA-256 of a text's UTF-8 bytes, in hex. Cryptographic on purpose, unlike `etagOf`: where a hash stands for
 * approved content, the text may come from a prompt-injected plan that could pick two texts with one weak hash.
 */
export async function sha256(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
