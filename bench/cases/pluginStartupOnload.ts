import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { bundleWithDouble, ROOT } from '../bundle';
import { childReport } from '../childReport';
import { ms, type BenchRow } from '../measure';
import type { PhasedLoadReport } from './pluginStartupLoader';

const ROUNDS = 15;

/**
 * Older builds main.js is compared with, side by side, each built from its commit in a temporary folder with this
 * clone's node_modules (their packages are a subset of today's, at the same versions). The issues name them.
 */
export const OLDER_BUILDS = [
  { commit: '564d262', what: 'before the MCP server (the reference of issue [15] item 7)', heapTarget: 3.3e6 },
  { commit: 'cf28d17', what: 'before the regex engine (the reference of issue [14] item 4)', heapTarget: null },
] as const;

/** main.js of `commit`, built as that commit's `npm run build` would; null when this clone lacks the commit. */
function buildAt(commit: string, dir: string): string | null {
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    return null;
  }
  const tree = join(dir, commit);
  mkdirSync(tree);
  const archive = execFileSync('git', ['archive', '--format=tar', commit], { cwd: ROOT, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', tree], { input: archive });
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
  execFileSync(process.execPath, ['esbuild.config.mjs', 'production'], { cwd: tree, stdio: 'ignore' });
  return join(tree, 'main.js');
}

/** The phased start-up script (pluginStartupOnloadEntry.ts) with `obsidian` aliased to the test double. */
async function buildEntry(cache: string): Promise<string> {
  const outfile = join(cache, 'entry.mjs');
  await bundleWithDouble('bench/cases/pluginStartupOnloadEntry.ts', outfile);
  return outfile;
}

function startOnce(entry: string, bundle: string): Promise<PhasedLoadReport> {
  return childReport<PhasedLoadReport>(['--expose-gc', entry, bundle], `starting ${bundle}`);
}

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(2)} MB`;

function phases(reports: readonly PhasedLoadReport[]): string {
  const at = (key: keyof PhasedLoadReport): string => ms(median(reports.map((report) => report[key])));
  return `${at('ms')} ms (CPU ${at('cpuMs')}; compile ${at('compileMs')}, evaluate ${at('evaluateMs')}, onload ${at('onloadMs')}); heap ${mb(median(reports.map((report) => report.heapBytes)))}`;
}

/**
 * The plugin's start-up from reading main.js to the end of onload, over the obsidian double (happy-dom), in fresh
 * processes: main.js and each older build in turn, ROUNDS times, and the heap the loaded plugin holds.
 */
export async function onloadRows(mainJs: string, dir: string): Promise<BenchRow[]> {
  const area = 'plugin start-up (main.js)';
  const note =
    'Read, compile (`vm.compileFunction` of the file wrapped as require and Obsidian wrap it), evaluate, construct the plugin and await onload, in a fresh `node --expose-gc` process over the obsidian test double; ' +
    `heap: used after a full collection with the plugin loaded, less before reading main.js. ${ROUNDS} rounds, each starting main.js and then each older build (built from its commit with this clone's node_modules); ` +
    "the ratio is the median of each round's main.js against the same round's older build, in CPU time (wall time moves with other work on the machine).";
  // Inside node_modules/.cache so the entry's bare imports (happy-dom, obsidian-test-mocks) resolve.
  mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
  const cache = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'ea-startup-'));
  try {
    return await measureAgainstOlder(await buildEntry(cache), mainJs, dir, area, note);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

async function measureAgainstOlder(
  entry: string,
  mainJs: string,
  dir: string,
  area: string,
  note: string,
): Promise<BenchRow[]> {
  const older = OLDER_BUILDS.map((build) => ({ ...build, js: buildAt(build.commit, dir) }));
  const present = older.filter((build): build is typeof build & { js: string } => build.js !== null);
  const mine: PhasedLoadReport[] = [];
  const theirs = present.map(() => [] as PhasedLoadReport[]);
  await startOnce(entry, mainJs);
  for (const build of present) await startOnce(entry, build.js);
  for (let round = 0; round < ROUNDS; round++) {
    mine.push(await startOnce(entry, mainJs));
    for (const [index, build] of present.entries()) theirs[index]?.push(await startOnce(entry, build.js));
  }
  const rows: BenchRow[] = [
    {
      area,
      measure: 'main.js: read to end of onload, over the double',
      result: phases(mine),
      target: '–',
      met: null,
      note,
    },
  ];
  for (const build of older) {
    const index = present.findIndex((candidate) => candidate.commit === build.commit);
    const reports = theirs[index];
    if (build.js === null || !reports) {
      rows.push({
        area,
        measure: `${build.commit} (${build.what})`,
        result: 'not measured: this clone lacks the commit',
        target: '–',
        met: null,
        note,
      });
      continue;
    }
    const cpu = median(mine.map((report, i) => report.cpuMs / (reports[i] as PhasedLoadReport).cpuMs));
    const wall = median(mine.map((report, i) => report.ms / (reports[i] as PhasedLoadReport).ms));
    rows.push(
      {
        area,
        measure: `${build.commit} (${build.what}), ${statSync(build.js).size.toLocaleString('en')} bytes: the same`,
        result: phases(reports),
        target: '–',
        met: null,
        note,
      },
      {
        area,
        measure: `main.js / ${build.commit}, start-up CPU time, runs paired`,
        result: `${cpu.toFixed(3)} (wall time: ${wall.toFixed(3)})`,
        target: '≤ 1.00',
        met: cpu <= 1,
        note,
      },
    );
    if (build.heapTarget !== null) {
      const heap = median(mine.map((report) => report.heapBytes));
      rows.push({
        area,
        measure: `main.js's heap after onload (${build.commit} side by side: ${mb(median(reports.map((report) => report.heapBytes)))})`,
        result: mb(heap),
        target: `≤ ${mb(build.heapTarget)}`,
        met: heap <= build.heapTarget,
        note,
      });
    }
  }
  return rows;
}
