import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

type TypedArrayBuffer = (value: unknown) => ArrayBufferLike;
const shim = createRequire(import.meta.url)('../../scripts/shims/typed-array-buffer.cjs') as TypedArrayBuffer;
// The copy to-buffer loads, found from where to-buffer is (it is not a dependency of this project itself).
const fromToBuffer = createRequire(createRequire(import.meta.url).resolve('to-buffer'));
const real = fromToBuffer('typed-array-buffer') as TypedArrayBuffer;

/** What a function returns for `value`: its buffer, or the error it throws. */
function outcome(run: TypedArrayBuffer, value: unknown): string {
  try {
    return run(value) === (value as { buffer?: unknown }).buffer ? 'its buffer' : 'another buffer';
  } catch (error) {
    return `${(error as Error).name}`;
  }
}

describe('the typed-array-buffer stand-in main.js is built with', () => {
  it.each([
    ['a Uint8Array', new Uint8Array(4)],
    ['a Float64Array', new Float64Array(2)],
    ['a Buffer', Buffer.from('ab')],
    ['a DataView', new DataView(new ArrayBuffer(2))],
    ['an array', [1, 2]],
    ['an object', {}],
    ['null', null],
  ])('should answer as the package does for %s', (_, value) => {
    expect(outcome(shim, value)).toBe(outcome(real, value));
  });
});
