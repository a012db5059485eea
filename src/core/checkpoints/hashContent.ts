import { digestHex } from '../util/sha256';

/**
 * The git blob id of `bytes` (SHA-1 of `blob <size>\0` and the bytes): the content hash used everywhere in
 * checkpoints. Computed with Web Crypto rather than isomorphic-git, so what only compares contents (the approval
 * card's shown state, a restore's plan) does not load git when the plugin starts.
 */
export function hashContent(bytes: Uint8Array): Promise<string> {
  const header = new TextEncoder().encode(`blob ${bytes.length}\0`);
  const object = new Uint8Array(header.length + bytes.length);
  object.set(header);
  object.set(bytes, header.length);
  return digestHex('SHA-1', object);
}
