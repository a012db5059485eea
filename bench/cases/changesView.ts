import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installDom, loadBundled } from '../bundle';
import { ms, type BenchRow } from '../measure';
import { generateVault } from '../vaultGenerator';

type Entry = typeof import('./changesViewEntry');

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const RUNS = 1_000;
const BIG_RUN_FILES = 200;

/**
 * The Changes view over the Obsidian double (issue [16] item 8): the list opening by its command with 1,000 runs in
 * the checkpoint repository of a 50,000-note vault, a run of 200 files showing its first file at once, and the
 * view's size staying put as that run is opened and closed again (the hunks of a closed run are not kept).
 */
export async function changesViewBench(notes = 50_000): Promise<BenchRow[]> {
  installDom();
  const entry = await loadBundled<Entry>('bench/cases/changesViewEntry.ts');
  const vault = generateVault(notes);
  const files: Record<string, string> = {};
  for (const path of vault.paths) files[path] = readFileSync(join(vault.root, path), 'utf8');
  const run = await entry.changesView(files, RUNS, BIG_RUN_FILES);
  const area = 'Changes view';
  const size = `${notes.toLocaleString('en')} notes, ${RUNS.toLocaleString('en')} runs`;
  const open = median(run.openMs);
  const grew = Math.max(...run.nodesAfter) - run.nodesBefore;
  console.log(
    `  (setup ${ms(run.setupMs)} ms; the core's files() of the big run: first ${ms(run.coreFirstFileMs)} ms, all ${ms(run.coreAllFilesMs)} ms)`,
  );
  return [
    {
      area,
      measure: `${size}: "Review changes" → first ${run.runsShown} runs drawn (median of 11; the first open apart)`,
      result: `${ms(open)} ms (first ${ms(run.firstOpenMs)} ms)`,
      target: '≤ 100 ms',
      met: open <= 100 && run.firstOpenMs <= 100,
    },
    {
      area,
      measure: `of which: the first page drawn over the port's in-memory double / the core's listRuns of a page`,
      result: `${ms(run.drawMs)} ms / ${ms(median(run.listRunsMs))} ms`,
      target: '–',
      met: null,
    },
    {
      area,
      measure: `a run of ${BIG_RUN_FILES} files: Open → its first file shown (→ every file's changes drawn)`,
      result: `${ms(run.firstFileMs)} ms (${ms(run.allFilesMs)} ms)`,
      target: '≤ 100 ms to the first',
      met: run.firstFileMs <= 100,
    },
    {
      area,
      measure: `elements in the view: before opening the run / open / after 5 rounds of open and close`,
      result: `${run.nodesBefore} / ${run.nodesOpen} / ${run.nodesAfter.join(', ')}`,
      target: 'closed = before',
      met: grew <= 0,
    },
  ];
}
