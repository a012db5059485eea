import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installDom, loadBundled } from '../bundle';
import { ms, type BenchRow } from '../measure';
import { generateVault } from '../vaultGenerator';

type Entry = typeof import('./writeTurnaroundEntry');

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const max = (values: number[]): number => Math.max(...values);
const WRITES_EACH = 20;

/** The generated vault as the double's file map, and the writes a person would ask for in it. */
function scenario(notes: number): {
  files: Record<string, string>;
  creates: { path: string; content: string }[];
  edits: { path: string; content: string }[];
} {
  const vault = generateVault(notes);
  const files: Record<string, string> = {};
  for (const path of vault.paths) files[path] = readFileSync(join(vault.root, path), 'utf8');
  // Creates go into existing folders three levels deep; edits add a bullet to existing notes.
  const deep = [
    ...new Set(
      vault.paths.filter((path) => path.split('/').length === 4).map((path) => path.slice(0, path.lastIndexOf('/'))),
    ),
  ];
  const creates = Array.from({ length: WRITES_EACH }, (_, i) => ({
    path: `${deep[(i * 7) % deep.length] as string}/Bench idea ${i}.md`,
    content: `# Bench idea ${i}\n\n- from the benchmark\n`,
  }));
  const editable = vault.paths
    .filter((_, index) => index % Math.max(1, Math.floor(notes / WRITES_EACH)) === 0)
    .slice(0, WRITES_EACH);
  const edits = editable.map((path) => ({ path, content: `${files[path] as string}\n- one more bullet\n` }));
  return { files, creates, edits };
}

/**
 * What a person feels when approving writes: 20 creates in existing deep folders and 20 edits, one card each,
 * through the chat panel over the Obsidian double with a scripted model, at 1k, 10k and 50k notes; then "Revert
 * last run" of all 40. Turnaround is from the click on Approve to the next card (net of the click itself).
 */
export async function writeTurnaroundBench(sizes = [1_000, 10_000, 50_000]): Promise<BenchRow[]> {
  installDom();
  const entry = await loadBundled<Entry>('bench/cases/writeTurnaroundEntry.ts');
  const area = 'approved writes (chat panel)';
  const rows: BenchRow[] = [];
  const medians = new Map<number, number>();
  for (const notes of sizes) {
    const { files, creates, edits } = scenario(notes);
    const run = await entry.approvedWrites(files, creates, edits);
    const perWrite = median(run.perWriteMs);
    medians.set(notes, perWrite);
    const size = notes.toLocaleString('en');
    rows.push(
      {
        area,
        measure: `${size} notes: turnaround per approved write, 40 writes (max)`,
        result: `${ms(perWrite)} ms (max ${ms(max(run.perWriteMs))})`,
        target: '≤ 50 ms',
        met: perWrite <= 50,
      },
      {
        area,
        measure: `${size} notes: vault reads / stats / lists per write (max)`,
        result: `${max(run.readsPerWrite)} / ${max(run.statsPerWrite)} / ${max(run.listsPerWrite)}`,
        target: '≤ 3 reads',
        met: max(run.readsPerWrite) <= 3,
      },
      {
        area,
        measure: `${size} notes: "Revert last run" of the 40 writes (reads)`,
        result: `${ms(run.revertMs)} ms (${run.revertReads})`,
        target: '≤ 1,000 ms',
        met: run.revertMs <= 1_000,
      },
    );
  }
  const small = medians.get(1_000);
  const large = medians.get(10_000);
  if (small !== undefined && large !== undefined) {
    rows.push({
      area,
      measure: 'turnaround at 10k notes / at 1k notes',
      result: (large / small).toFixed(2),
      target: '≤ 1.3',
      met: large / small <= 1.3,
    });
  }
  return rows;
}
