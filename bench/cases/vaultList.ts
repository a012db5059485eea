import { ToolRegistry } from '../../src/core/tools/ToolRegistry';
import { vaultTools } from '../../src/core/tools/vault';
import { NodeVault } from '../../src/node/NodeVault';
import { benchContext } from '../context';
import { measure, ms, type BenchRow } from '../measure';
import { generateVault } from '../vaultGenerator';

/** vault.listFiles recursive over 50k notes, from NodeVault's warm index. */
export async function vaultListBench(): Promise<BenchRow[]> {
  const generated = generateVault(50_000);
  const vault = new NodeVault(generated.root);
  const registry = new ToolRegistry(vaultTools());
  const list = async (): Promise<number> => {
    const result = await registry.execute('vault.listFiles', { recursive: true, limit: 100_000 }, benchContext(vault));
    if (!result.ok) throw new Error(result.error.message);
    return (result.output as { items: unknown[] }).items.length;
  };
  const firstStart = performance.now();
  const count = await list();
  const first = performance.now() - firstStart;
  const warm = await measure(list, { warmup: 2, runs: 15 });
  const area = `vault.listFiles, ${generated.notes.toLocaleString('en')} notes`;
  return [
    {
      area,
      measure: `recursive, warm (${count.toLocaleString('en')} entries)`,
      result: `${ms(warm.median)} ms (p95 ${ms(warm.p95)})`,
      target: '≤ 50 ms',
      met: warm.median <= 50,
    },
    { area, measure: 'recursive, first call (builds the index)', result: `${ms(first)} ms`, target: '–', met: null },
  ];
}
