import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApprovalPort } from '../../src/core/ports/approval';
import { AgentServices } from '../../src/core/session/AgentServices';
import { MemoryCommands } from '../../src/node/MemoryCommands';
import { MemoryEditor } from '../../src/node/MemoryEditor';
import { MemoryVault } from '../../src/node/MemoryVault';
import { MemoryWorkspace } from '../../src/node/MemoryWorkspace';
import { NodeGitFs } from '../../src/node/NodeGitFs';
import { NodePluginFiles } from '../../src/node/NodePluginFiles';
import { SystemClock } from '../../src/node/SystemClock';
import { measure, ms, type BenchRow } from '../measure';
import { generateVault } from '../vaultGenerator';
import { nodeYaml } from '../../src/node/nodeYaml';

const AREA = 'review after the fact';
const APPROVE: ApprovalPort = { request: () => Promise.resolve({ approved: true, scope: 'once' }) };

interface World {
  services: AgentServices;
  paths: string[];
  vault: MemoryVault;
  /** One run through the pipeline that rewrites `path` with two changed lines (two hunks); returns its id. */
  run(path: string, n: number): Promise<string>;
  /**
   * The same change recorded as the pipeline records it (begin, checkpoint, write, post-state, end) without its
   * other stages, to fill a repository with many runs quickly.
   */
  record(path: string, n: number): Promise<void>;
  /** Opens one run, hands `use` a call that makes one approved write in it, and ends the run afterwards. */
  writes<T>(use: (call: (path: string, n: number) => Promise<void>) => Promise<T>): Promise<T>;
  /** The same repository opened by new services, as after a restart. */
  reopen(): AgentServices;
  close(): Promise<void>;
}

/** The services a host builds, over the generated vault in memory (it is never written on disk) and a real repository. */
async function world(notes: number): Promise<World> {
  const generated = generateVault(notes);
  const files: Record<string, string> = {};
  for (const path of generated.paths) files[path] = readFileSync(join(generated.root, path), 'utf8');
  const vault = new MemoryVault(files);
  const base = await mkdtemp(join(tmpdir(), 'ea-bench-review-'));
  const build = (): AgentServices => {
    const editor = new MemoryEditor({ vault });
    return new AgentServices(
      {
        vault,
        editor,
        workspace: new MemoryWorkspace({ vault, editor }),
        commands: new MemoryCommands(),
        http: { request: () => Promise.reject(new Error('offline')) },
        pluginFiles: new NodePluginFiles(join(base, 'plugin')),
        gitFs: new NodeGitFs(join(base, 'checkpoints')),
        yaml: nodeYaml,
        clock: new SystemClock(),
      },
      {
        pluginFolderInVault: '.obsidian/plugins/embedded-agent',
        settings: () => ({
          approval: 'writes',
          allowDeletes: true,
          allowCommands: false,
          approvalTimeoutMs: 10_000,
          checkpointMaxMb: 10_000,
        }),
      },
    );
  };
  const services = build();
  const runs = services.runs({ port: () => APPROVE }, () => ({ kind: 'chat', label: 'Chat' }));
  return {
    services,
    paths: generated.paths,
    vault,
    async run(path, n) {
      const run = runs.open(`bench-${notes}-${n}`, { signal: new AbortController().signal });
      const outcome = await runs.call(run, 'vault.writeFile', { path, content: await edited(vault, path, n) });
      if (!outcome.ok) throw new Error(`The bench's write failed: ${outcome.content}`);
      await runs.end(run);
      return run.runId;
    },
    async record(path, n) {
      const checkpoints = services.checkpoints;
      if (!checkpoints) throw new Error('The bench needs checkpoints');
      const runId = `recorded-${n}`;
      checkpoints.beginRun(runId, { author: { kind: 'chat', label: 'Chat' } });
      const { seq } = await checkpoints.checkpoint(runId, { tool: 'vault.writeFile', paths: [path] });
      await vault.modify(path, await edited(vault, path, n));
      await checkpoints.recordAfter(runId, seq, [path]);
      await checkpoints.endRun(runId);
    },
    async writes(use) {
      const run = runs.open(`bench-${notes}-writes`, { signal: new AbortController().signal });
      try {
        return await use(async (path, n) => {
          const outcome = await runs.call(run, 'vault.writeFile', { path, content: await edited(vault, path, n) });
          if (!outcome.ok) throw new Error(`The bench's write failed: ${outcome.content}`);
        });
      } finally {
        await runs.end(run);
      }
    },
    reopen: build,
    close: async () => {
      services.dispose();
      await rm(base, { recursive: true, force: true });
    },
  };
}

/**
 * Review after the fact: listing every run with its files and lines, in a repository of 1,000 runs at 50,000
 * notes (the first list after a restart, and again); and undoing one hunk of a run (a checkpointed, audited run
 * of its own) beside one approved write through the pipeline, at 1,000 and 10,000 notes.
 */
export async function reviewBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const big = await world(50_000);
  try {
    for (let n = 0; n < 1_000; n++) await big.record(big.paths[(n * 7919) % big.paths.length] as string, n);
    // The first list summarizes each run once; every list after it, in any process, reads the summaries.
    await big.services.changes?.listRuns();
    const cold = await measure(() => big.reopen().changes?.listRuns(), { warmup: 1, runs: 10 });
    const warm = await measure(() => big.services.changes?.listRuns(), { warmup: 2, runs: 20 });
    const listed = (await big.services.changes?.listRuns())?.length ?? 0;
    if (listed !== 1_000) throw new Error(`The list held ${listed} runs, not 1,000`);
    rows.push(
      {
        area: AREA,
        measure: 'list 1,000 runs at 50,000 notes, first list after a restart',
        result: `${ms(cold.median)} ms (p95 ${ms(cold.p95)})`,
        target: '≤ 100 ms',
        met: cold.median <= 100,
      },
      {
        area: AREA,
        measure: 'list 1,000 runs at 50,000 notes, again',
        result: `${ms(warm.median)} ms (p95 ${ms(warm.p95)})`,
        target: '≤ 100 ms',
        met: warm.median <= 100,
      },
    );
  } finally {
    await big.close();
  }
  const undoMedians = new Map<number, number>();
  for (const notes of [1_000, 10_000]) {
    const w = await world(notes);
    try {
      const changes = w.services.changes;
      if (!changes) throw new Error('The bench needs checkpoints');
      const runIds: string[] = [];
      // Runs to undo edit the even notes, the approved writes the odd ones: an undo never meets a later write.
      for (let n = 0; n < 40; n++) runIds.push(await w.run(w.paths[2 * n] as string, n));
      let i = 0;
      // One approved write is one call in a run already open, as the agent's second write is.
      const write = await w.writes((call) =>
        measure(() => call(w.paths[2 * i++ + 1] as string, 1_000 + i), { warmup: 3, runs: 25 }),
      );
      let u = 0;
      const undo = await measure(
        async () => {
          const runId = runIds[u++] as string;
          const [file] = await collect(changes.files(runId));
          const outcome = await changes.undo({ runId, path: file?.path ?? '', hunk: 0 });
          if (outcome.applied.length !== 1) throw new Error(`The undo of ${runId} wrote nothing`);
        },
        { warmup: 3, runs: 30 },
      );
      undoMedians.set(notes, undo.median);
      const size = notes.toLocaleString('en');
      rows.push(
        {
          area: AREA,
          measure: `undo of one hunk (its files listed, then undone as a run), ${size} notes`,
          result: `${ms(undo.median)} ms (p95 ${ms(undo.p95)})`,
          target: '≤ 50 ms',
          met: undo.median <= 50,
        },
        {
          area: AREA,
          measure: `undo of one hunk / one approved write in an open run (${ms(write.median)} ms), ${size} notes`,
          result: (undo.median / write.median).toFixed(2),
          target: '≤ 1.0',
          met: undo.median <= write.median,
        },
      );
    } finally {
      await w.close();
    }
  }
  const ratio = (undoMedians.get(10_000) ?? 0) / (undoMedians.get(1_000) ?? 1);
  rows.push({
    area: AREA,
    measure: 'undo of one hunk, 10k / 1k ratio (flat in vault size)',
    result: ratio.toFixed(2),
    target: '≤ 1.3',
    met: ratio <= 1.3,
  });
  return rows;
}

/** The note with its first line changed and a line added: two hunks. */
async function edited(vault: MemoryVault, path: string, n: number): Promise<string> {
  const lines = (await vault.read(path)).split('\n');
  lines[0] = `${lines[0] ?? ''} (edited ${n})`;
  lines.push(`- added by run ${n}`);
  return lines.join('\n');
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
