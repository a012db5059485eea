import { spawnSync } from 'node:child_process';
import { ToolRegistry } from '../../src/core/tools/ToolRegistry';
import { vaultTools } from '../../src/core/tools/vault';
import { NodeVault } from '../../src/node/NodeVault';
import { benchContext, searchIndexOf } from '../context';
import { measure, ms, type BenchRow } from '../measure';
import { generateVault } from '../vaultGenerator';

const MISSING = 'zqxj-not-in-any-note';
const REGEX = 'meeting\\s+zqxj';

/** Median of 5 ripgrep runs over `root` (fixed string, any case, Markdown only), as vaultSearch.ts runs it. */
function ripgrep(root: string, query: string, regex = false): number | null {
  if (spawnSync('rg', ['--version']).error) return null;
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    spawnSync('rg', [
      regex ? '--regexp' : '--fixed-strings',
      '--ignore-case',
      '--count',
      '--glob',
      '*.md',
      ...(regex ? [query] : [query]),
      root,
    ]);
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[2] as number;
}

async function search(
  vault: NodeVault,
  query: string,
  mode: 'plain' | 'regex' = 'plain',
  limit = 50,
  indexed = true,
): Promise<number> {
  const result = await new ToolRegistry(vaultTools()).execute(
    'vault.searchText',
    { query, mode, limit },
    benchContext(vault, indexed),
  );
  if (!result.ok) throw new Error(result.error.message);
  return (result.output as { matches: unknown[] }).matches.length;
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Search at 50k and 100k notes with the trigram index, next to ripgrep on the same folder. */
export async function vaultSearchLargeBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const notes of [50_000, 100_000]) {
    const generated = generateVault(notes);
    const area = `vault.searchText, ${notes.toLocaleString('en')} notes (${(generated.bytes / 1e6).toFixed(0)} MB)`;
    const rg = ripgrep(generated.root, MISSING);
    const rgRegex = ripgrep(generated.root, REGEX, true);
    const rare = (generated.paths[notes >> 1] as string).split('/').pop()?.replace(/\.md$/, '') ?? MISSING;

    const heapBefore = process.memoryUsage().heapUsed;
    const vault = new NodeVault(generated.root);
    let start = performance.now();
    await search(vault, MISSING);
    const first = performance.now() - start;
    start = performance.now();
    const index = searchIndexOf(vault);
    await index.idle();
    const build = performance.now() - start;
    const heapAfter = process.memoryUsage().heapUsed;

    const missing = await measure(() => search(vault, MISSING), { warmup: 2, runs: 15 });
    const regex = await measure(() => search(vault, REGEX, 'regex'), { warmup: 2, runs: 15 });
    let found = 0;
    const rareWord = await measure(async () => (found = await search(vault, rare)), { warmup: 2, runs: 15 });
    const common = await measure(() => search(vault, 'todo'), { warmup: 2, runs: 15 });
    vault.close();
    // The same search as before the index: a search without one reads every note (the vault's cache holds part of them).
    const unindexed = new NodeVault(generated.root);
    await search(unindexed, MISSING, 'plain', 50, false);
    const before = await measure(() => search(unindexed, MISSING, 'plain', 50, false), { warmup: 1, runs: 3 });
    const ratio = rg === null ? null : missing.median / rg;
    rows.push(
      {
        area,
        measure: 'first search, from nothing (lists and reads every note; the index builds after it)',
        result: `${ms(first)} ms`,
        target: '–',
        met: null,
      },
      {
        area,
        measure: 'index built in the background after the first search',
        result: `${ms(build)} ms; ${mb(index.bytes)} of filters for ${index.size.toLocaleString('en')} notes; heap +${mb(heapAfter - heapBefore)} (texts cached by the vault included)`,
        target: '≤ 64 MB of filters',
        met: index.bytes <= 64 * 1024 * 1024,
      },
      {
        area,
        measure: 'indexed, no match (plain): time / ripgrep on the same folder',
        result: `${ms(missing.median)} ms (p95 ${ms(missing.p95)}); ripgrep ${rg === null ? 'not installed' : `${ms(rg)} ms; ${ratio?.toFixed(3)}×`}`,
        target: '≤ 0.2× ripgrep',
        met: ratio === null ? null : ratio <= 0.2,
      },
      {
        area,
        measure: 'the same search without the index (every note read, as before)',
        result: `${ms(before.median)} ms${rg === null ? '' : `; ${(before.median / rg).toFixed(2)}× ripgrep`}`,
        target: '–',
        met: null,
      },
      {
        area,
        measure: `indexed, regex /${REGEX}/, no match`,
        result: `${ms(regex.median)} ms; ripgrep ${rgRegex === null ? '–' : `${ms(rgRegex)} ms`}`,
        target: '≤ 0.2× ripgrep',
        met: rgRegex === null ? null : regex.median <= 0.2 * rgRegex,
      },
      {
        area,
        measure: `indexed, a note's title (${found} matches)`,
        result: `${ms(rareWord.median)} ms`,
        target: '≤ 0.2× ripgrep',
        met: rg === null ? null : rareWord.median <= 0.2 * rg,
      },
      {
        area,
        measure: 'indexed, common word, limit 50',
        result: `${ms(common.median)} ms`,
        target: '≤ 0.2× ripgrep',
        met: rg === null ? null : common.median <= 0.2 * rg,
      },
    );
  }
  return rows;
}
