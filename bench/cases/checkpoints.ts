import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckpointService } from '../../src/core/checkpoints/CheckpointService';
import { NodeGitFs } from '../../src/node/NodeGitFs';
import { NodeVault } from '../../src/node/NodeVault';
import { SystemClock } from '../../src/node/SystemClock';
import { measure, ms, type BenchRow } from '../measure';
import { generateVault } from '../vaultGenerator';

/**
 * Cost of one checkpoint (record the pre-state, commit) plus recordAfter, for a write to one existing note, in
 * vaults of 1k, 10k and 50k notes. The shadow repository holds only touched files, so vault size must not matter.
 */
export async function checkpointBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const medians = new Map<number, number>();
  for (const notes of [1_000, 10_000, 50_000]) {
    const generated = generateVault(notes);
    const vault = new NodeVault(generated.root);
    await vault.list('/', true);
    const repo = await mkdtemp(join(tmpdir(), 'ea-bench-checkpoints-'));
    try {
      const service = new CheckpointService({ vault, gitFs: new NodeGitFs(repo), clock: new SystemClock() });
      service.beginRun('bench');
      let i = 0;
      const timing = await measure(
        async () => {
          const path = generated.paths[(i++ * 7919) % generated.paths.length] as string;
          const { seq } = await service.checkpoint('bench', { tool: 'vault.writeFile', paths: [path] });
          await service.recordAfter('bench', seq, [path]);
        },
        { warmup: 5, runs: 60 },
      );
      medians.set(notes, timing.median);
      rows.push({
        area: 'checkpoint per write',
        measure: `${notes.toLocaleString('en')} notes`,
        result: `${ms(timing.median)} ms (p95 ${ms(timing.p95)})`,
        target: '≤ 30 ms',
        met: timing.median <= 30,
      });
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  }
  const ratio = (medians.get(10_000) ?? 0) / (medians.get(1_000) ?? 1);
  rows.push({
    area: 'checkpoint per write',
    measure: '10k / 1k ratio (flat in vault size)',
    result: ratio.toFixed(2),
    target: '≤ 1.3',
    met: ratio <= 1.3,
  });
  return rows;
}
