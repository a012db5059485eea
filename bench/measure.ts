import { performance } from 'node:perf_hooks';

export interface Timing {
  median: number;
  p95: number;
  min: number;
  runs: number;
}

/** Runs `fn` `warmup` times unmeasured, then `runs` times, and reports milliseconds. */
export async function measure(fn: () => unknown, options: { warmup?: number; runs?: number } = {}): Promise<Timing> {
  const { warmup = 2, runs = 15 } = options;
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number): number => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] as number;
  return { median: at(0.5), p95: at(0.95), min: samples[0] as number, runs };
}

export const ms = (value: number): string => (value < 10 ? value.toFixed(2) : value.toFixed(1));

/** One line of docs/benchmarks.md: what was measured, the number, the target and whether it was met. */
export interface BenchRow {
  area: string;
  measure: string;
  result: string;
  target: string;
  met: boolean | null;
  /** What the row means for a user, in a sentence or two; listed under the table. */
  note?: string;
}
