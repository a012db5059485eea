import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CheckpointService } from '../../src/core/checkpoints/CheckpointService';
import { NodeGitFs } from '../../src/node/NodeGitFs';
import { NodeVault } from '../../src/node/NodeVault';
import { SystemClock } from '../../src/node/SystemClock';
import { ms, type BenchRow } from '../measure';

const WRITES = 5_000;
/** Each row is the median of this many consecutive writes ending at the named one. */
const WINDOW = 400;
/**
 * The first window starts after 200 writes: the very first ones also pay for creating the repository and warming
 * up. 400 writes a window, because one pause of the disk or the collector moved a median of 100 by a third.
 */
const MARKS = [200 + WINDOW, 1_000, WRITES];

/**
 * Cost of checkpoint + recordAfter (the vault write itself excluded) for write k of one run of 5,000 creates:
 * a write must cost what it writes, not more the longer the run (the journal and the run's checkpoints grow).
 */
export async function checkpointRunLengthBench(): Promise<BenchRow[]> {
  const folder = await mkdtemp(join(tmpdir(), 'ea-bench-run-length-'));
  try {
    await mkdir(join(folder, 'vault'));
    const vault = new NodeVault(join(folder, 'vault'));
    const service = new CheckpointService({
      vault,
      gitFs: new NodeGitFs(join(folder, 'repo')),
      clock: new SystemClock(),
    });
    service.beginRun('long');
    const samples: number[] = [];
    for (let n = 1; n <= WRITES; n++) {
      // At the vault root: a note in a folder makes the checkpoint list that folder, a cost of its own.
      const path = `Note ${n}.md`;
      const start = performance.now();
      const { seq } = await service.checkpoint('long', { tool: 'vault.createFile', paths: [path] });
      const checkpointed = performance.now();
      await vault.create(path, `# Note ${n}\n\nWritten by the run-length benchmark.\n`);
      const written = performance.now();
      await service.recordAfter('long', seq, [path]);
      samples.push(checkpointed - start + (performance.now() - written));
    }
    const medianEndingAt = (mark: number): number => {
      const window = samples.slice(mark - WINDOW, mark).sort((a, b) => a - b);
      return window[Math.floor(window.length / 2)] as number;
    };
    const rows: BenchRow[] = MARKS.map((mark) => ({
      area: 'checkpoint per write, one run',
      measure: `write ${(mark - WINDOW + 1).toLocaleString('en')}-${mark.toLocaleString('en')} of ${WRITES.toLocaleString('en')} creates`,
      result: `${ms(medianEndingAt(mark))} ms`,
      target: '≤ 30 ms',
      met: medianEndingAt(mark) <= 30,
    }));
    const ratio = medianEndingAt(WRITES) / medianEndingAt(MARKS[0] as number);
    rows.push({
      area: 'checkpoint per write, one run',
      measure: `last / first window (flat in run length)`,
      result: ratio.toFixed(2),
      target: '≤ 1.3',
      met: ratio <= 1.3,
    });
    return rows;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
