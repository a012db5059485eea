import { describe, expect, it } from 'vitest';
import { WriteHolds } from '../../../src/core/checkpoints/WriteHolds';

describe('WriteHolds', () => {
  const holding = (paths: string[], runId = 'run-1', seq = 1): WriteHolds => {
    const holds = new WriteHolds();
    holds.take(runId, seq, paths);
    return holds;
  };

  it('should make a write inside a held folder wait, and a write to a folder above a held file', () => {
    expect(holding(['Notes']).busy(['Notes/new.md'])).not.toBeNull();
    expect(holding(['Notes']).busy(['Notes/Deep/new.md'])).not.toBeNull();
    expect(holding(['Notes/Deep/new.md']).busy(['Notes'])).not.toBeNull();
    expect(holding(['Notes/new.md']).busy(['b.md', 'Notes/Deep'])).toBeNull();
  });

  it('should not take a sibling whose name starts like the held one for a path inside it', () => {
    const holds = holding(['Notes']);
    expect(holds.busy(['Notes 2/a.md', 'Notes.md', 'Note'])).toBeNull();
  });

  it('should make a write of the same run wait too, since two calls of one run may overlap', () => {
    expect(holding(['Notes/a.md'], 'run-1').busy(['Notes/a.md'])).not.toBeNull();
  });

  it('should meet paths that differ only in case or Unicode form, as a case-insensitive disk does', () => {
    expect(holding(['Notes']).busy(['notes/new.md'])).not.toBeNull();
    expect(holding(['Cafe\u0301/a.md']).busy(['Caf\u00e9'])).not.toBeNull();
  });

  it('should end the wait when the write is released, and only that write', async () => {
    const holds = new WriteHolds();
    holds.take('run-1', 1, ['Notes']);
    holds.take('run-1', 2, ['b.md']);
    const wait = holds.busy(['Notes/new.md']);
    holds.release('run-1', 1);
    await wait;
    expect(holds.busy(['Notes/new.md'])).toBeNull();
    expect(holds.busy(['b.md'])).not.toBeNull();
    holds.release('run-1');
    expect(holds.busy(['b.md'])).toBeNull();
  });
});
