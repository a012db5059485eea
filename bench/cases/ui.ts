import { installDom, loadBundled } from '../bundle';
import { ms, type BenchRow } from '../measure';

type Entry = typeof import('./uiEntry');

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const p95 = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;

/** Plugin onload over the test double and a streamed 2,000-token answer (main.js's size: the plugin start-up case). */
export async function uiBench(): Promise<BenchRow[]> {
  installDom();
  const entry = await loadBundled<Entry>('bench/cases/uiEntry.ts');
  for (let i = 0; i < 3; i++) await entry.onloadOnce();
  const loads: number[] = [];
  for (let i = 0; i < 20; i++) loads.push(await entry.onloadOnce());
  const stream = await entry.streamAnswer();

  const area = 'chat panel';
  return [
    {
      area,
      measure: 'plugin onload (test double)',
      result: `${ms(median(loads))} ms (p95 ${ms(p95(loads))})`,
      target: '≤ 5 ms',
      met: median(loads) <= 5,
    },
    {
      area,
      measure: `streamed answer, ~2,000 tokens in ${stream.chunks} chunks: time per chunk`,
      result: `${ms(median(stream.perChunkMs))} ms (p95 ${ms(p95(stream.perChunkMs))})`,
      target: '≤ 4 ms',
      met: p95(stream.perChunkMs) <= 4,
    },
    { area, measure: 'streamed answer: DOM nodes at the end', result: String(stream.nodes), target: '–', met: null },
  ];
}
