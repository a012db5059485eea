import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

interface PakoCalls {
  deflate(input: Uint8Array): Uint8Array;
  inflate(input: Uint8Array): Uint8Array;
  Inflate: new () => unknown;
}
const load = createRequire(import.meta.url);
const shim = load('../../scripts/shims/pako.cjs') as PakoCalls;
// The real package, still installed because isomorphic-git depends on it.
const pako = load(load.resolve('pako', { paths: [load.resolve('isomorphic-git')] })) as PakoCalls;

const text = new TextEncoder().encode(
  'tree 0\0'.repeat(3) + '# A note\n\nSome text, some text, some text.\n'.repeat(200),
);
// Text, as notes are: zlib compresses it as pako's port of it does.
const TEXT: [string, Uint8Array][] = [
  ['empty input', new Uint8Array(0)],
  ['one byte', new Uint8Array([7])],
  ['repetitive text', text],
  ['a Buffer', Buffer.from('blob 5\0hello')],
];
// Bytes that do not compress: zlib since 1.2.9 picks stored blocks where pako's 1.2.8 port picks others (same length,
// other bytes), as CompressionStream, which isomorphic-git prefers, does too. Git ids hash the inflated content.
const BINARY: [string, Uint8Array][] = [
  [
    'a 77-byte tree object',
    new Uint8Array(
      Buffer.concat([
        Buffer.from('tree 69\x0040000 files\x00'),
        randomBytes(20),
        Buffer.from('100644 meta.json\x00'),
        randomBytes(20),
      ]),
    ),
  ],
  ['16 KB of random bytes', new Uint8Array(randomBytes(16_000))],
  ['70 KB of random bytes', new Uint8Array(randomBytes(70_000))],
];

async function compressionStream(input: Uint8Array): Promise<Buffer> {
  const stream = new Blob([new Uint8Array(input)]).stream().pipeThrough(new CompressionStream('deflate'));
  return Buffer.from(await new Response(stream).arrayBuffer());
}

/** What a call returns, or what it throws: a thrown string stays a string, so the two can be compared. */
function outcome(run: () => Uint8Array): { bytes: string } | { thrown: string; type: string } {
  try {
    return { bytes: Buffer.from(run()).toString('hex') };
  } catch (error) {
    return { thrown: error instanceof Error ? error.message : String(error), type: typeof error };
  }
}

describe('the pako stand-in main.js is built with', () => {
  it.each(TEXT)('should deflate %s to the same bytes as pako', (_, input) => {
    expect(Buffer.from(shim.deflate(input)).equals(Buffer.from(pako.deflate(input)))).toBe(true);
  });

  it.each([...TEXT, ...BINARY])('should deflate %s to the same bytes as CompressionStream', async (_, input) => {
    expect(Buffer.from(shim.deflate(input)).equals(await compressionStream(input))).toBe(true);
  });

  it.each([...TEXT, ...BINARY])('should inflate what pako deflated from %s, and pako what it deflated', (_, input) => {
    expect(Buffer.from(shim.inflate(pako.deflate(input))).equals(Buffer.from(input))).toBe(true);
    expect(Buffer.from(pako.inflate(shim.deflate(input))).equals(Buffer.from(input))).toBe(true);
  });

  it('should return plain Uint8Arrays, as pako does', () => {
    expect(Object.getPrototypeOf(shim.deflate(text))).toBe(Uint8Array.prototype);
    expect(Object.getPrototypeOf(shim.inflate(shim.deflate(text)))).toBe(Uint8Array.prototype);
  });

  it.each([...TEXT, ...BINARY])(
    'should return bytes that own their whole ArrayBuffer for %s, as pako does',
    (_, input) => {
      for (const result of [shim.deflate(input), shim.inflate(pako.deflate(input))]) {
        expect([result.byteOffset, result.byteLength]).toEqual([0, result.buffer.byteLength]);
      }
    },
  );

  it('should ignore bytes after the end of the stream, as pako does', () => {
    const padded = Buffer.concat([pako.deflate(text), Buffer.from('trailing')]);
    expect(outcome(() => shim.inflate(padded))).toEqual(outcome(() => pako.inflate(padded)));
  });

  const deflated = pako.deflate(text);
  const flipped = (at: number): Uint8Array => deflated.map((byte, i) => (i === at ? byte ^ 0xff : byte));
  it.each([
    ['a wrong header', new TextEncoder().encode('not zlib at all')],
    ['a raw deflate stream without the zlib header', deflateRawSync(text)],
    ['a wrong checksum', flipped(deflated.length - 1)],
    ['corrupt data', flipped(2)],
  ])('should throw the string pako throws for %s', (_, input) => {
    const expected = outcome(() => pako.inflate(input));
    expect(expected).toMatchObject({ type: 'string' });
    expect(outcome(() => shim.inflate(input))).toEqual(expected);
  });

  // pako 1 returns the bytes it had for a cut-off stream (isomorphic-git's hash check then fails instead).
  it('should throw "unexpected end of file" for a cut-off stream, where pako returns a prefix', () => {
    expect(outcome(() => shim.inflate(deflated.subarray(0, deflated.length - 10)))).toEqual({
      thrown: 'unexpected end of file',
      type: 'string',
    });
    expect(outcome(() => shim.inflate(new Uint8Array(0)))).toEqual({
      thrown: 'unexpected end of file',
      type: 'string',
    });
  });

  it('should refuse pako.Inflate by name, which only packfile indexing uses', () => {
    expect(() => new shim.Inflate()).toThrow(
      'pako.Inflate is not in main.js: isomorphic-git uses it only to index packfiles (fetch, clone, indexPack)',
    );
  });
});
