import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { VaultPort } from '../../src/core/ports/vault';

/** The files of test/fixtures/encodings (see test/fixtures/README.md), by name. */
export const ENCODING_FIXTURES = [
  'crlf.md',
  'mixed-endings.md',
  'utf8-bom.md',
  'latin1.md',
  'utf16le-bom.md',
  'frontmatter-bom.md',
  'frontmatter-trailing-space.md',
  'pixel.png',
  'tiny.pdf',
] as const;
export type EncodingFixture = (typeof ENCODING_FIXTURES)[number];

export function fixtureBytes(name: EncodingFixture): Uint8Array {
  // From the repository root (where vitest runs): import.meta.url is no file URL under happy-dom.
  return new Uint8Array(readFileSync(resolve('test/fixtures/encodings', name)));
}

/** Puts fixtures into `vault` under their own names, byte for byte. */
export async function putFixtures(
  vault: VaultPort,
  names: readonly EncodingFixture[] = ENCODING_FIXTURES,
): Promise<void> {
  for (const name of names) await vault.writeBinary(name, fixtureBytes(name));
}

/** Concatenates byte arrays, for expected file contents. */
export function bytesOf(...parts: (Uint8Array | number[] | string)[]): Uint8Array {
  const arrays = parts.map((part) =>
    typeof part === 'string' ? new TextEncoder().encode(part) : Uint8Array.from(part),
  );
  const out = new Uint8Array(arrays.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of arrays) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
