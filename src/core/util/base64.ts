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
