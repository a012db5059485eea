import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAgentError } from '../../../src/core/errors';
import { NO_APPROVAL } from '../../../src/core/ports/approval';
import { IgnoreService } from '../../../src/core/tool-execution/IgnoreService';
import type { RunState, ToolCall } from '../../../src/core/tool-execution/types';
import type { AnyTool } from '../../../src/core/tools/BaseTool';
import { builtinTools } from '../../../src/core/tools/builtinTools';
import { ToolRegistry } from '../../../src/core/tools/ToolRegistry';
import { buildPipeline, ScriptedApproval } from '../../builders/pipeline';

const call = (name: string, input: unknown): ToolCall => ({ id: name, name, input });

/** What `preview` throws, as `execute` reports an error: code and message. */
async function previewError(preview: Promise<unknown>): Promise<{ code: string; message: string } | null> {
  try {
    await preview;
    return null;
  } catch (error) {
    return { code: isAgentError(error) ? error.code : 'INTERNAL', message: (error as Error).message };
  }
}

// The methods before any spy replaces them, so a spy can call through.
const original = <K extends 'ensureLoaded' | 'denial'>(name: K): IgnoreService[K] =>
  Object.getOwnPropertyDescriptor(IgnoreService.prototype, name)?.value as IgnoreService[K];
const ensureLoaded = original('ensureLoaded');
const denial = original('denial');

/**
 * A pipeline whose stages write down when they run: validate and describeChanges on the tool, the repetition
 * guard, loading the ignore rules, the path stage (each ignore-rule question) and the approval.
 */
function recordedPipeline(files: Record<string, string>) {
  const stages: string[] = [];
  const note = (stage: string): void => {
    if (stages[stages.length - 1] !== stage) stages.push(stage);
  };
  const registry = new ToolRegistry(builtinTools());
  for (const name of registry.names()) {
    const tool = registry.get(name) as AnyTool;
    const validate = tool.validate.bind(tool);
    const describeChanges = tool.describeChanges.bind(tool);
    vi.spyOn(tool, 'validate').mockImplementation((input) => (note('validate'), validate(input)));
    vi.spyOn(tool, 'describeChanges').mockImplementation(
      (input, context) => (note('describe'), describeChanges(input, context)),
    );
  }
  vi.spyOn(IgnoreService.prototype, 'ensureLoaded').mockImplementation(function (this: IgnoreService) {
    note('ignore rules');
    return ensureLoaded.call(this);
  });
  vi.spyOn(IgnoreService.prototype, 'denial').mockImplementation(function (this: IgnoreService, path, access) {
    note('paths');
    return denial.call(this, path, access);
  });
  const approval = new ScriptedApproval(() => (note('approval'), { approved: true, scope: 'once' }));
  const fixture = buildPipeline({ files, approval, deps: { registry } });
  const check = fixture.run.repetition.check.bind(fixture.run.repetition);
  vi.spyOn(fixture.run.repetition, 'check').mockImplementation(
    (tool, input, query) => (note('repetition'), check(tool, input, query)),
  );
  return { ...fixture, stages };
}

/** Records `input` for `tool` as a call already made, validated as the pipeline records it. */
const madeBefore = (run: RunState, tool: string, input: unknown): void =>
  run.repetition.check(tool, new ToolRegistry(builtinTools()).get(tool)?.validate(input));

describe('ToolExecutionPipeline.preview', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('should show what a write would change, asking, checkpointing, writing and auditing nothing', async () => {
    const { pipeline, run, approval, checkpoints, context, audit } = buildPipeline({ files: { 'a.md': 'one\n' } });
    const seen = await pipeline.preview(call('vault.writeFile', { path: 'a.md', content: 'two\n' }), run);
    expect(seen.tool.name).toBe('vault.writeFile');
    expect(seen.input).toEqual({ path: 'a.md', content: 'two\n', mode: 'overwrite', as: 'text' });
    expect(seen.changes).toEqual([{ kind: 'modify', path: 'a.md', content: 'two\n' }]);
    expect(seen.preview.files).toEqual([
      expect.objectContaining({ kind: 'modified', path: 'a.md', added: 1, removed: 1 }),
    ]);
    expect(approval.requests).toEqual([]);
    expect(checkpoints.events).toEqual([]);
    expect(context.vault.dump()).toEqual({ 'a.md': 'one\n' });
    await pipeline.endRun(run);
    expect(audit()).toEqual([]);
  });

  it('should show the card a real run asks with, for the same call', async () => {
    const { pipeline, run, approval } = buildPipeline({ files: { 'Inbox/a.md': 'A' } });
    const rename = call('vault.rename', { fromPath: 'Inbox/a.md', toPath: 'Archive/a.md' });
    const seen = await pipeline.preview(rename, run);
    await pipeline.execute(rename, run);
    expect(approval.requests[0]?.preview).toEqual(seen.preview);
  });

  it('should run the stages of a real call in the same order, up to the approval', async () => {
    const files = { 'a.md': 'one\n' };
    const write = call('vault.writeFile', { path: 'a.md', content: 'two\n' });
    const previewed = recordedPipeline(files);
    await previewed.pipeline.preview(write, previewed.run);
    const executed = recordedPipeline(files);
    await executed.pipeline.execute(write, executed.run);
    expect(previewed.stages).toEqual(['validate', 'repetition', 'ignore rules', 'describe', 'paths']);
    expect(executed.stages.slice(0, executed.stages.indexOf('approval'))).toEqual(previewed.stages);
  });

  it('should describe a read with an effect too, which a real run lets through unasked', async () => {
    const { pipeline, run, stages } = recordedPipeline({ 'a.md': 'A' });
    const seen = await pipeline.preview(call('workspace.openFile', { path: 'a.md' }), run);
    expect(seen.changes).toEqual([]);
    expect(stages).toEqual(['validate', 'repetition', 'ignore rules', 'describe', 'paths']);
  });

  describe('refuses a call as a real run does, at the same stage', () => {
    const files = { '.agentignore': 'Private/\n', 'Private/p.md': 'secret', 'a.md': 'A' };
    const cases: [string, ToolCall, (run: RunState) => void][] = [
      ['an unknown tool', call('vault.nothing', {}), () => undefined],
      [
        'a tool the mode does not allow, whatever its input',
        call('vault.createFile', { path: 7 }),
        (run) => (run.allowedTools = new Set(['vault.readFile'])),
      ],
      ['invalid input, even to a hidden path', call('vault.createFile', { path: 'Private/x.md' }), () => undefined],
      [
        'a path the ignore rules hide',
        call('vault.writeFile', { path: 'Private/p.md', content: 'x' }),
        () => undefined,
      ],
      [
        'a path inside the config folder',
        call('vault.createFile', { path: '.obsidian/x.md', content: 'x' }),
        () => undefined,
      ],
      [
        'a change its tool refuses to describe',
        call('vault.createFile', { path: 'a.md', content: 'x', collisionStrategy: 'error' }),
        () => undefined,
      ],
      [
        'a call repeated a third time',
        call('vault.createFile', { path: 'b.md', content: 'x' }),
        (run) => {
          madeBefore(run, 'vault.createFile', { path: 'b.md', content: 'x' });
          madeBefore(run, 'vault.createFile', { path: 'b.md', content: 'x' });
        },
      ],
    ];
    for (const [what, faulty, arrange] of cases) {
      it(`should refuse ${what}`, async () => {
        const previewed = buildPipeline({ files });
        arrange(previewed.run);
        const executed = buildPipeline({ files });
        arrange(executed.run);
        const outcome = await executed.pipeline.execute(faulty, executed.run);
        expect(outcome.ok).toBe(false);
        expect(await previewError(previewed.pipeline.preview(faulty, previewed.run))).toEqual(outcome.error);
        expect(previewed.approval.requests).toEqual([]);
      });
    }
  });

  it('should say the dry run was cancelled when its run is', async () => {
    const { pipeline, context } = buildPipeline();
    const controller = new AbortController();
    const { signal: _signal, runId: _runId, ...ports } = context;
    const run = pipeline.startRun('dry-1', { ports, signal: controller.signal, approval: NO_APPROVAL });
    controller.abort();
    expect(await previewError(pipeline.preview(call('vault.createFile', { path: 'x.md', content: 'x' }), run))).toEqual(
      {
        code: 'CANCELLED',
        message: 'vault.createFile was not previewed: the dry run was cancelled',
      },
    );
  });
});
