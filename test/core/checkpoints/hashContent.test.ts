import * as git from 'isomorphic-git';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashContent } from '../../../src/core/checkpoints/hashContent';

describe('hashContent', () => {
  it("should give git's blob id, as isomorphic-git computes it, for any bytes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), async (bytes) => {
        expect(await hashContent(bytes)).toBe((await git.hashBlob({ object: bytes })).oid);
      }),
      { numRuns: 200 },
    );
  });

  it('should give the id `git hash-object` gives for a known text and for nothing', async () => {
    expect(await hashContent(new TextEncoder().encode('hello\n'))).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
    expect(await hashContent(new Uint8Array())).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
  });
});
