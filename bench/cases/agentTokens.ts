import { NO_APPROVAL } from '../../src/core/ports/approval';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentTask } from '../../src/core/agent/AgentTask';
import { ModeService } from '../../src/core/modes/ModeService';
import type { LlmEvent, LlmPort, LlmRequest } from '../../src/core/ports/llm';
import { AgentServices } from '../../src/core/session/AgentServices';
import { BaseTool } from '../../src/core/tools/BaseTool';
import type { ToolName } from '../../src/core/tools/metadata';
import { TOOL_METADATA } from '../../src/core/tools/metadata';
import { object } from '../../src/core/tools/schemas/common';
import type { ToolMeta } from '../../src/core/tools/types';
import { MemoryCommands } from '../../src/node/MemoryCommands';
import { MemoryEditor } from '../../src/node/MemoryEditor';
import { MemoryVault } from '../../src/node/MemoryVault';
import { MemoryWorkspace } from '../../src/node/MemoryWorkspace';
import { NodeGitFs } from '../../src/node/NodeGitFs';
import {
  callsReply,
  ScriptedModel,
  textReply,
  type RecordedRequest,
  type ScriptedCall,
} from '../../test/builders/scriptedModel';
import { discard } from '../context';
import { measure, ms, type BenchRow } from '../measure';
import { nodeYaml } from '../../src/node/nodeYaml';

const clock = { now: () => Date.now(), sleep: () => Promise.resolve() };
const SETTINGS = {
  approval: 'writes' as const,
  allowDeletes: true,
  allowCommands: true,
  approvalTimeoutMs: 60_000,
  checkpointMaxMb: 200,
};

/** A small deterministic random source, so every run sends the same text. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const WORDS =
  'garden shed timber roof review weekly newsletter draft budget quote order trailer notes idea reading meeting retro desk bread flour plan'.split(
    ' ',
  );

/** A vault of 60 notes with TODO lines, and one long meeting transcript: search and list results worth externalizing. */
export function benchVault(): Record<string, string> {
  const random = seeded(7);
  const sentence = (n: number): string =>
    Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  const files: Record<string, string> = {
    'Inbox.md': `# Inbox\n\n${Array.from({ length: 5 }, (_, i) => `- Idea ${i + 1}: ${sentence(8)}`).join('\n')}\n`,
    'Meetings/Planning transcript.md': `# Planning\n\n${Array.from({ length: 80 }, (_, i) => `Speaker ${i % 3}: ${sentence(14)}.`).join('\n')}\n`,
  };
  for (let i = 0; i < 60; i++) {
    const folder = ['Projects', 'Areas', 'Reading'][i % 3] as string;
    files[`${folder}/Note ${i}.md`] =
      `# Note ${i}\n\n${sentence(30)}.\n\n## TODO\n${Array.from({ length: 4 }, () => `- [ ] ${sentence(7)}`).join('\n')}\n`;
  }
  return files;
}

const c = (name: string, input: unknown): ScriptedCall => ({ name, input });

/** Three multi-step tasks as the model would call them; the same calls with and without externalization. */
export const TASKS: { name: string; message: string; replies: () => LlmEvent[][] }[] = [
  {
    name: 'inbox to notes',
    message: 'Turn every bullet of my inbox into a note in Ideas/',
    replies: () => [
      callsReply([c('vault.readFile', { path: 'Inbox.md' })]),
      callsReply([c('util.parseMarkdownBullets', { text: '- Idea 1\n- Idea 2\n- Idea 3\n- Idea 4\n- Idea 5' })]),
      callsReply(
        Array.from({ length: 5 }, (_, i) =>
          c('vault.createFile', { path: `Ideas/Idea ${i + 1}.md`, content: `# Idea ${i + 1}\n\nFrom the inbox.\n` }),
        ),
      ),
      callsReply([c('agent.attemptCompletion', { result: 'Created 5 notes in Ideas/.' })]),
    ],
  },
  {
    name: 'open TODOs overview',
    message: 'Collect my open TODOs into one overview note',
    replies: () => [
      callsReply([c('vault.searchText', { query: '- [ ]' })]),
      callsReply([
        c('vault.readFile', { path: 'Projects/Note 0.md' }),
        c('vault.readFile', { path: 'Projects/Note 3.md' }),
      ]),
      callsReply([
        c('vault.createFile', {
          path: 'TODO overview.md',
          content: '# Open TODOs\n\n- [ ] see Projects/Note 0\n- [ ] see Projects/Note 3\n',
        }),
      ]),
      callsReply([c('agent.attemptCompletion', { result: 'Wrote TODO overview.md.' })]),
    ],
  },
  {
    name: 'index of a folder',
    message: 'Make an index note of everything under Projects and the planning meeting',
    replies: () => [
      callsReply([c('vault.listFiles', { recursive: true })]),
      callsReply([
        c('vault.readFile', { path: 'Meetings/Planning transcript.md' }),
        c('vault.readFile', { path: 'Projects/Note 6.md' }),
        c('vault.readFile', { path: 'Projects/Note 9.md' }),
      ]),
      callsReply([
        c('vault.createFile', {
          path: 'Projects/Index.md',
          content: '# Projects\n\n- [[Note 0]]\n- [[Note 3]]\n- [[Planning transcript]]\n',
        }),
      ]),
      textReply('Created Projects/Index.md.'),
    ],
  },
];

/** Tokens of one request: characters of system, messages and tools over 4, as the loop itself estimates. */
const tokensOf = (request: RecordedRequest): number =>
  Math.ceil(
    (request.system.length + JSON.stringify(request.messages).length + JSON.stringify(request.tools).length) / 4,
  );

/**
 * Prompt caching as Anthropic does it with the provider's breakpoints (system, last tool, last message): a request
 * whose system, tools and earlier messages equal the previous request's reads that whole previous prompt from the
 * cache (billed at 10 %) and writes the rest (billed at 125 %).
 */
export function cachedCost(requests: readonly RecordedRequest[]): {
  requests: number;
  sent: number;
  cacheRead: number;
  billed: number;
} {
  let sent = 0;
  let cacheRead = 0;
  let billed = 0;
  requests.forEach((request, i) => {
    const tokens = tokensOf(request);
    const previous = requests[i - 1];
    const prefix =
      previous &&
      previous.system === request.system &&
      JSON.stringify(previous.tools) === JSON.stringify(request.tools) &&
      JSON.stringify(request.messages.slice(0, previous.messages.length)) === JSON.stringify(previous.messages);
    const read = prefix && previous ? tokensOf(previous) : 0;
    sent += tokens;
    cacheRead += read;
    billed += read * 0.1 + (tokens - read) * 1.25;
  });
  return { requests: requests.length, sent, cacheRead, billed: Math.round(billed) };
}

async function runTask(
  task: (typeof TASKS)[number],
  externalize: boolean,
  checkpointRoot: string,
  index: number,
): Promise<RecordedRequest[]> {
  const vault = new MemoryVault(benchVault());
  const editor = new MemoryEditor({ vault });
  const approve = { request: () => Promise.resolve({ approved: true as const, scope: 'run' as const }) };
  const services = new AgentServices(
    {
      vault,
      editor,
      workspace: new MemoryWorkspace({ vault, editor }),
      commands: new MemoryCommands(),
      http: { request: () => Promise.reject(new Error('offline')) },
      pluginFiles: discard,
      gitFs: new NodeGitFs(join(checkpointRoot, `run-${index}`)),
      yaml: nodeYaml,
      clock,
    },
    { pluginFolderInVault: '.obsidian/plugins/embedded-agent', settings: () => SETTINGS },
  );
  const model = new ScriptedModel(task.replies());
  const runs = services.runs({ port: () => approve });
  const agent = new AgentTask({
    api: model,
    toolRegistry: services.registry,
    taskCallbacks: {},
    modeService: new ModeService({ gates: () => SETTINGS }),
    pipeline: services.pipeline,
    runs: {
      approval: runs.approval,
      open: (runId, options) => runs.open(runId, { ...options, externalize }),
      end: (run) => runs.end(run),
      ownedBy: (owner) => runs.ownedBy(owner),
    },
    ports: services.toolPorts(),
  });
  const result = await agent.run({ message: task.message, taskId: `bench-${index}`, mode: 'agent' });
  if (result.completedBy === 'error') throw new Error(`Task "${task.name}" failed: ${result.text}`);
  return model.requests;
}

/** A read-only tool that does nothing, to bring the tools sent to exactly 30. */
function padTool(n: number): BaseTool<{ text?: string }, { ok: true }> {
  const meta: ToolMeta = {
    name: `bench.pad${n}`,
    group: 'read',
    risk: 'read-only',
    isWrite: false,
    parallelSafe: true,
    offeredTo: ['model'],
    deferred: false,
    dryRun: 'run',
    pathArgs: [],
    description: `Padding tool ${n} for the loop benchmark: does nothing.`,
    inputSchema: object({ text: { type: 'string', description: 'Ignored.' } }, []),
    outputSchema: object({ ok: { type: 'boolean' } }, ['ok']),
  };
  return new (class extends BaseTool<{ text?: string }, { ok: true }> {
    readonly name = meta.name as ToolName;
    override get meta(): ToolMeta {
      return meta;
    }
    execute(): Promise<{ ok: true }> {
      return Promise.resolve({ ok: true });
    }
  })();
}

/** Answers at once: one cheap read per turn (a different input each time), then a final text. No recording. */
class InstantModel implements LlmPort {
  readonly provider = 'instant';
  readonly model = 'instant';
  readonly contextWindow = 200_000;
  toolsSent = 0;
  private turn = 0;
  constructor(private readonly iterations: number) {}
  reset(): void {
    this.turn = 0;
  }
  async *stream(request: LlmRequest): AsyncIterable<LlmEvent> {
    this.toolsSent = request.tools.length;
    this.turn++;
    if (this.turn >= this.iterations) {
      yield* textReply('Done.');
      return;
    }
    yield* callsReply([{ name: 'util.slugifyTitle', input: { title: `Title ${this.turn}` }, id: `call-${this.turn}` }]);
  }
}

/** Wall time per loop iteration with an instant model and 30 tools: prompt, request, pipeline, audit, history. */
async function loopOverhead(): Promise<{ perIteration: number; tools: number }> {
  const iterations = 20;
  const build = (pads: number) => {
    const vault = new MemoryVault(benchVault());
    const editor = new MemoryEditor({ vault });
    const extra = Array.from({ length: pads }, (_, i) => padTool(i + 1));
    const services = new AgentServices(
      {
        vault,
        editor,
        workspace: new MemoryWorkspace({ vault, editor }),
        commands: new MemoryCommands(),
        http: { request: () => Promise.reject(new Error('offline')) },
        pluginFiles: discard,
        gitFs: null,
        yaml: nodeYaml,
        clock,
      },
      {
        pluginFolderInVault: '.obsidian/plugins/embedded-agent',
        settings: () => SETTINGS,
        extraTools: extra,
      },
    );
    const model = new InstantModel(iterations);
    const modes = new ModeService({
      gates: () => SETTINGS,
      catalog: () => [...TOOL_METADATA, ...extra.map((tool) => tool.meta)],
    });
    const agent = new AgentTask({
      api: model,
      toolRegistry: services.registry,
      taskCallbacks: {},
      modeService: modes,
      pipeline: services.pipeline,
      runs: services.runs(NO_APPROVAL),
      ports: services.toolPorts(),
      maxIterations: iterations + 5,
    });
    let n = 0;
    const run = async (): Promise<void> => {
      model.reset();
      const result = await agent.run({ message: 'Slugify twenty titles', taskId: `loop-${++n}`, mode: 'agent' });
      if (result.iterations !== iterations)
        throw new Error(`The loop ran ${result.iterations} iterations, expected ${iterations}: ${result.text}`);
    };
    return { run, model };
  };
  const probe = build(0);
  await probe.run();
  const pads = Math.max(0, 30 - probe.model.toolsSent);
  const { run, model } = build(pads);
  const timing = await measure(run, { warmup: 5, runs: 30 });
  return { perIteration: timing.median / iterations, tools: model.toolsSent };
}

/** Tokens sent per task with and without externalization and (simulated) caching; loop overhead per iteration. */
export async function agentTokensBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const root = await mkdtemp(join(tmpdir(), 'ea-bench-tokens-'));
  const n = (value: number): string => value.toLocaleString('en-US');
  const pct = (after: number, before: number): string =>
    `${before === 0 ? 0 : Math.round((100 * (after - before)) / before)}%`;
  try {
    const totals = { plain: 0, externalized: 0, billedPlain: 0, billedBoth: 0 };
    let index = 0;
    for (const task of TASKS) {
      const plain = cachedCost(await runTask(task, false, root, index++));
      const externalized = cachedCost(await runTask(task, true, root, index++));
      totals.plain += plain.sent;
      totals.externalized += externalized.sent;
      totals.billedPlain += plain.sent;
      totals.billedBoth += externalized.billed;
      rows.push({
        area: 'agent tokens',
        measure: `"${task.name}" (${plain.requests} model calls): input tokens sent without → with externalization; billed-equivalent with caching, without → with externalization`,
        result: `sent ${n(plain.sent)} → ${n(externalized.sent)} (${pct(externalized.sent, plain.sent)}); cached ${n(plain.billed)} → ${n(externalized.billed)} (${n(externalized.cacheRead)} read from cache)`,
        target: '–',
        met: null,
      });
    }
    rows.push({
      area: 'agent tokens',
      measure: '3 tasks: input tokens sent, plain → externalized; billed-equivalent with externalization and caching',
      result: `${n(totals.plain)} → ${n(totals.externalized)} (${pct(totals.externalized, totals.plain)}); ${n(totals.billedBoth)} billed (${pct(totals.billedBoth, totals.billedPlain)} vs plain)`,
      target: '–',
      met: null,
    });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  const loop = await loopOverhead();
  rows.push({
    area: 'agent loop',
    measure: `overhead per iteration, model excluded (${loop.tools} tools sent)`,
    result: `${ms(loop.perIteration)} ms`,
    target: '≤ 2 ms',
    met: loop.perIteration <= 2,
  });
  return rows;
}
