import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { runCli } from '../../src/cli/runCli';
import { NodeVault } from '../../src/node/NodeVault';
import { measure, ms, type BenchRow } from '../measure';
import { generateVault } from '../vaultGenerator';

/**
 * Milliseconds from runCli's call to the first prompt, watching the folder as the runner does (modules already
 * loaded: their load time is the same for any vault), then for the first listing of a watching vault (the one
 * walk of the tree, which the first message needs).
 */
async function startOnce(root: string, checkpoints: string): Promise<{ prompt: number; firstList: number }> {
  const stdin = new PassThrough();
  let promptAt = 0;
  const start = performance.now();
  const stdout = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!promptAt && String(chunk).endsWith('> ')) {
        promptAt = performance.now();
        stdin.end('/quit\n');
      }
      callback();
    },
  });
  const code = await runCli({
    argv: ['--vault', root, '--checkpoints', checkpoints],
    env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' },
    stdin,
    stdout,
    stderr: new PassThrough(),
    watch: true,
  });
  if (code !== 0 || !promptAt) throw new Error(`the runner did not reach its prompt (exit ${code})`);
  const listStart = performance.now();
  const vault = new NodeVault(root, { watch: true });
  await vault.list('/', true);
  const firstList = performance.now() - listStart;
  vault.close();
  return { prompt: promptAt - start, firstList };
}

/**
 * Milliseconds from spawning what `npm start` runs (`node scripts/start-cli.mjs`, the bundled runner) to its first
 * prompt: what a person waits, module loading included (npm's own start-up, about 0.15 s, is not counted).
 */
function processStartOnce(root: string, checkpoints: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(
      process.execPath,
      ['scripts/start-cli.mjs', '--vault', root, '--checkpoints', checkpoints, '--provider', 'openai-compatible'],
      {
        env: { ...process.env, OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let promptAt = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      if (!promptAt && String(chunk).endsWith('> ')) {
        promptAt = performance.now();
        child.stdin.end('/quit\n');
      }
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      promptAt && code === 0
        ? resolve(promptAt - start)
        : reject(new Error(`the runner did not reach its prompt (exit ${code})`)),
    );
  });
}

async function rows(area: string, root: string): Promise<BenchRow[]> {
  const checkpoints = mkdtempSync(join(tmpdir(), 'runner-start-cp-'));
  try {
    const samples: { prompt: number; firstList: number }[] = [];
    await measure(async () => void samples.push(await startOnce(root, checkpoints)), { warmup: 1, runs: 7 });
    const median = (pick: (s: { prompt: number; firstList: number }) => number): number =>
      samples.map(pick).sort((a, b) => a - b)[Math.floor(samples.length / 2)] as number;
    const prompt = median((s) => s.prompt);
    const processSamples: number[] = [];
    // The warm-up builds the bundle if a source changed since the last start.
    await measure(async () => void processSamples.push(await processStartOnce(root, checkpoints)), {
      warmup: 1,
      runs: 5,
    });
    const processPrompt = processSamples.slice(1).sort((a, b) => a - b)[
      Math.floor(processSamples.length / 2)
    ] as number;
    return [
      {
        area,
        measure: "a new runner process (npm start's command) to its first prompt",
        result: `${ms(processPrompt)} ms`,
        target: '≤ 300 ms',
        met: processPrompt <= 300,
      },
      {
        area,
        measure: 'runCli to the first prompt, watching the folder (modules loaded)',
        result: `${ms(prompt)} ms`,
        target: '≤ 300 ms',
        met: prompt <= 300,
      },
      {
        area,
        measure: 'then the first listing of the vault (the one walk of the tree)',
        result: `${ms(median((s) => s.firstList))} ms`,
        target: '–',
        met: null,
      },
    ];
  } finally {
    rmSync(checkpoints, { recursive: true, force: true });
  }
}

/** The terminal runner's start on a generated 11,000-note folder and, when BENCH_HELP_VAULT names it, a copy of the Obsidian Help vault. */
export async function runnerStartBench(): Promise<BenchRow[]> {
  const generated = generateVault(11_000);
  const result = await rows(
    `terminal runner start, ${generated.notes.toLocaleString('en')} generated notes`,
    generated.root,
  );
  const help = process.env.BENCH_HELP_VAULT;
  if (help) {
    const copy = mkdtempSync(join(tmpdir(), 'help-vault-'));
    try {
      cpSync(help, copy, { recursive: true });
      result.push(...(await rows('terminal runner start, a copy of the Obsidian Help vault', copy)));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }
  return result;
}
