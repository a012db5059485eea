/** Base64 of raw bytes, in core without Node's Buffer. */
export function bytesToBase64(bytes: Uint8Array): string {
  // String.fromCharCode takes its arguments on the stack: convert in chunks so that megabyte files fit.
  const CHUNK = 0x8000;
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + CHUNK));
  }
  return btoa(binary);
}

/** The bytes of a base64 text; null when it is not base64. */
export function base64ToBytes(text: string): Uint8Array | null {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) return null;
  return Uint8Array.from(atob(compact), (char) => char.charCodeAt(0));
}
