import { NO_APPROVAL } from '../../src/core/ports/approval';
import { IgnoreService } from '../../src/core/tool-execution/IgnoreService';
import { redactForReader } from '../../src/core/tool-execution/redact';
import { BaseTool } from '../../src/core/tools/BaseTool';
import { ToolRegistry } from '../../src/core/tools/ToolRegistry';
import { MemoryVault } from '../../src/node/MemoryVault';
import { benchContext, readOnlyPipeline } from '../context';
import { measure, ms, type BenchRow } from '../measure';

/** A read-only tool that does nothing, so what is measured is the pipeline around it. */
class NoopRead extends BaseTool<{ title: string }, { slug: string }> {
  readonly name = 'util.slugifyTitle' as const;
  execute(input: { title: string }): Promise<{ slug: string }> {
    return Promise.resolve({ slug: input.title });
  }
}

/** Pipeline overhead per read-only call (resolve, validate, repetition, paths, audit), excluding the tool's work. */
export async function pipelineOverheadBench(): Promise<BenchRow[]> {
  const vault = new MemoryVault();
  const registry = new ToolRegistry([new NoopRead()]);
  const pipeline = readOnlyPipeline(
    registry,
    new IgnoreService(vault, { configDir: '.obsidian', pluginFolder: '.obsidian/plugins/embedded-agent' }),
  );
  const { signal: _signal, runId: _runId, ...ports } = benchContext(vault);
  const calls = 2000;
  let n = 0;
  const direct = await measure(
    async () => {
      for (let i = 0; i < calls; i++)
        await registry.execute('util.slugifyTitle', { title: `t${n++}` }, benchContext(vault));
    },
    { warmup: 2, runs: 10 },
  );
  const piped = await measure(
    async () => {
      // A fresh run per batch: the repetition detector's window is per run, as in real use.
      const run = pipeline.startRun(`bench-${n}`, {
        ports,
        signal: new AbortController().signal,
        approval: NO_APPROVAL,
      });
      for (let i = 0; i < calls; i++)
        await pipeline.execute({ id: String(i), name: 'util.slugifyTitle', input: { title: `t${n++}` } }, run);
    },
    { warmup: 2, runs: 10 },
  );
  const perCall = (piped.median - direct.median) / calls;
  const redaction = await redactionBench();
  return [
    {
      area: 'pipeline',
      measure: 'overhead per read-only call (beyond validate + execute)',
      result: `${(perCall * 1000).toFixed(1)} µs`,
      target: '≤ 0.5 ms',
      met: perCall <= 0.5,
    },
    {
      area: 'pipeline',
      measure: 'redacting keys from a 1 MB note read whole, for its reader',
      result: `${ms(redaction.median)} ms`,
      target: '≤ 30 ms',
      met: redaction.median <= 30,
      note: 'What every result costs on its way to the model, an MCP client or the panel: the output of a read of a 1 MB note (prose, one key) searched for every key shape.',
    },
  ];
}

/** `redactForReader` over a read's output: 1 MB of prose with one key in it, as `vault.readFile` returns a note whole. */
async function redactionBench(): Promise<{ median: number }> {
  const prose =
    'The garden shed needs a new roof before the winter; order the timber on Monday and ask about the trailer. ';
  const content = `${prose.repeat(Math.ceil((512 * 1024) / prose.length))}token ghp_Ab3Cd4Ef5Gh6Ij7Kl8Mn9Op0Qr1St2Uv3Wx4\n${prose.repeat(Math.ceil((512 * 1024) / prose.length))}`;
  const output = { path: 'Long.md', content, etag: 'e1', sizeBytes: content.length, truncated: false };
  return measure(() => redactForReader(output), { warmup: 2, runs: 15 });
}
