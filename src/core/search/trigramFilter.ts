import { foldTable } from './foldCase';

/**
 * A note's trigrams (three consecutive UTF-16 code units, case-folded) as a Bloom filter with one hash: a bit
 * array of a power-of-two size, about four to eight bits per distinct trigram, so roughly a sixth of the bits
 * are set. A query whose t trigrams are not all set cannot occur in the note; a note that does not hold the query
 * passes anyway with a chance of about (1/6)^t. Over 100,000 notes of ~1.7 KB that is ~48 MB of filters, under
 * the 64 MB the index may hold, and testing a query against a note is t array reads. (Two to four bits let one
 * note in ten through for a two-trigram literal.)
 */
export type TrigramFilter = Uint32Array;

/** Bits in the scratch map: trigram hashes are first spread this wide, then folded down to the filter's size. */
const SCRATCH_BITS = 1 << 20;
const scratch = new Uint32Array(SCRATCH_BITS >>> 5);
let setBits = new Int32Array(4096);

function hash3(a: number, b: number, c: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}

/** The hashes of every trigram of `text` (folded), in order, with repeats; empty under three code units. */
export function trigramHashes(text: string): number[] {
  const fold = foldTable();
  const hashes: number[] = [];
  for (let i = 2; i < text.length; i++) {
    hashes.push(
      hash3(
        fold[text.charCodeAt(i - 2)] as number,
        fold[text.charCodeAt(i - 1)] as number,
        fold[text.charCodeAt(i)] as number,
      ),
    );
  }
  return hashes;
}

/** The filter of `text`. Its size follows the count of distinct trigrams, so short notes cost little. */
export function buildTrigramFilter(text: string): TrigramFilter {
  const fold = foldTable();
  let count = 0;
  let a = text.length > 0 ? (fold[text.charCodeAt(0)] as number) : 0;
  let b = text.length > 1 ? (fold[text.charCodeAt(1)] as number) : 0;
  for (let i = 2; i < text.length; i++) {
    const c = fold[text.charCodeAt(i)] as number;
    const bit = hash3(a, b, c) & (SCRATCH_BITS - 1);
    const word = bit >>> 5;
    const mask = 1 << (bit & 31);
    if (((scratch[word] as number) & mask) === 0) {
      scratch[word] = (scratch[word] as number) | mask;
      if (count === setBits.length) {
        const grown = new Int32Array(count * 2);
        grown.set(setBits);
        setBits = grown;
      }
      setBits[count++] = bit;
    }
    a = b;
    b = c;
  }
  let size = 64;
  while (size < count * 4 && size < SCRATCH_BITS) size *= 2;
  const filter = new Uint32Array(size >>> 5);
  for (let i = 0; i < count; i++) {
    const bit = setBits[i] as number;
    scratch[bit >>> 5] = 0;
    const folded = bit & (size - 1);
    filter[folded >>> 5] = (filter[folded >>> 5] as number) | (1 << (folded & 31));
  }
  return filter;
}

/**
 * False when the filter stored at words [offset, offset + words) of `pool` belongs to a note that cannot contain
 * text with all of `hashes` as trigrams (see trigramHashes).
 */
export function filterMayContain(pool: Uint32Array, offset: number, words: number, hashes: readonly number[]): boolean {
  const mask = words * 32 - 1;
  for (const hash of hashes) {
    const bit = hash & mask;
    if (((pool[offset + (bit >>> 5)] as number) & (1 << (bit & 31))) === 0) return false;
  }
  return true;
}
