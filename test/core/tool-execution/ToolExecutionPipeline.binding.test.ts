import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import type { ApprovalDecision, ApprovalRequest } from '../../../src/core/ports/approval';
import type { VaultPort } from '../../../src/core/ports/vault';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { NodeVault } from '../../../src/node/NodeVault';
import { buildPipeline, ScriptedApproval } from '../../builders/pipeline';
import { fixedClock } from '../../builders/toolContext';

const call = (name: string, input: unknown) => ({ id: name, name, input });
const yes: ApprovalDecision = { approved: true, scope: 'once' };
const no: ApprovalDecision = { approved: false, reason: 'the user rejected it' };

/** A vault with a real checkpoint repository, and a way to write to it as another program (Sync, an editor) would. */
interface Setup {
  vault: VaultPort;
  /** Replaces or appends to a note from outside the agent. */
  outside: (path: string, text: string, how: 'write' | 'append') => Promise<void>;
  text: (path: string) => Promise<string>;
  checkpoints: CheckpointService;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function memorySetup(files: Record<string, string>): Promise<Setup> {
  const folder = await mkdtemp(nodePath.join(tmpdir(), 'ea-binding-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  const vault = new MemoryVault(files);
  return {
    vault,
    outside: async (path, text, how) => {
      if (how === 'append') await vault.append(path, text);
      else if (await vault.stat(path)) await vault.modify(path, text);
      else await vault.create(path, text);
    },
    text: (path) => vault.read(path),
    checkpoints: new CheckpointService({
      vault,
      gitFs: new NodeGitFs(nodePath.join(folder, 'repo')),
      clock: fixedClock(),
    }),
  };
}

async function diskSetup(files: Record<string, string>): Promise<Setup> {
  const folder = await mkdtemp(nodePath.join(tmpdir(), 'ea-binding-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  const root = nodePath.join(folder, 'vault');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(root);
  for (const [path, content] of Object.entries(files)) await writeFile(nodePath.join(root, path), content);
  const vault = new NodeVault(root);
  return {
    vault,
    outside: (path, text, how) =>
      how === 'append' ? appendFile(nodePath.join(root, path), text) : writeFile(nodePath.join(root, path), text),
    text: (path) => readFile(nodePath.join(root, path), 'utf8'),
    checkpoints: new CheckpointService({
      vault,
      gitFs: new NodeGitFs(nodePath.join(folder, 'repo')),
      clock: fixedClock(),
    }),
  };
}

/** Answers each card in turn: first does what happens while it is open, then gives the answer. */
const cards = (...steps: { meanwhile?: () => Promise<void>; answer: ApprovalDecision }[]) =>
  new ScriptedApproval(async (_request: ApprovalRequest) => {
    const step = steps.shift();
    if (!step) return no;
    await step.meanwhile?.();
    return step.answer;
  });

const removedLines = (request: ApprovalRequest | undefined): string[] =>
  (request?.preview.files[0] && 'hunks' in request.preview.files[0] ? request.preview.files[0].hunks : []).flatMap(
    (hunk) => hunk.lines.filter((line) => line.kind === 'removed').map((line) => line.text),
  );

describe.each([
  ['MemoryVault', memorySetup],
  ['NodeVault', diskSetup],
])('an approval holds what its card showed, over a %s', (_name, setup) => {
  const plan = '# Plan\n\n- one\n';
  const edited = '# Plan\n\n- one\n- two\n';

  it('should not write an edit over a line that arrived while the card was open, and show the note as it is now on a new card', async () => {
    const s = await setup({ 'Plan.md': plan });
    const approval = cards(
      { meanwhile: () => s.outside('Plan.md', '- from sync\n', 'append'), answer: yes },
      { answer: no },
    );
    const { pipeline, run } = buildPipeline({
      approval,
      context: { vault: s.vault },
      deps: { checkpoints: s.checkpoints },
    });
    const outcome = await pipeline.execute(call('vault.writeFile', { path: 'Plan.md', content: edited }), run);
    expect(outcome.error).toEqual({
      code: 'DENIED',
      message: 'vault.writeFile was not approved: the user rejected it. Nothing was changed.',
    });
    expect(await s.text('Plan.md')).toBe(`${plan}- from sync\n`);
    expect(approval.requests).toHaveLength(2);
    expect(removedLines(approval.requests[1])).toEqual(['- from sync']);
    expect(approval.requests[1]!.preview.notes).toEqual([
      '"Plan.md" changed after the card you answered was made, by another program (an editor, a sync): this card shows it as it is now. Nothing has been written yet.',
    ]);
  });

  it('should write what the second card showed once it is approved', async () => {
    const s = await setup({ 'Plan.md': plan });
    const approval = cards(
      { meanwhile: () => s.outside('Plan.md', '- from sync\n', 'append'), answer: yes },
      { answer: yes },
    );
    const { pipeline, run } = buildPipeline({
      approval,
      context: { vault: s.vault },
      deps: { checkpoints: s.checkpoints },
    });
    expect((await pipeline.execute(call('vault.writeFile', { path: 'Plan.md', content: edited }), run)).ok).toBe(true);
    await pipeline.endRun(run);
    expect(await s.text('Plan.md')).toBe(edited);
    // Revert brings back the note as it was when the approved write replaced it, the synced line included.
    await s.checkpoints.revert('run-1');
    expect(await s.text('Plan.md')).toBe(`${plan}- from sync\n`);
  });

  it.each([
    ['vault.writeFile', { path: 'fresh.md', content: 'from the agent' }],
    ['vault.createFile', { path: 'fresh.md', content: 'from the agent', collisionStrategy: 'overwrite' }],
  ])('should not let %s overwrite a note that appeared while its "Create" card was open', async (tool, input) => {
    const s = await setup({});
    const approval = cards({ meanwhile: () => s.outside('fresh.md', 'mine', 'write'), answer: yes }, { answer: no });
    const { pipeline, run } = buildPipeline({
      approval,
      context: { vault: s.vault },
      deps: { checkpoints: s.checkpoints },
    });
    expect((await pipeline.execute(call(tool, input), run)).error?.code).toBe('DENIED');
    expect(await s.text('fresh.md')).toBe('mine');
    expect(approval.requests.map((request) => request.summary)).toEqual(['Create fresh.md', 'Change fresh.md']);
    expect(approval.requests[1]!.preview.notes).toEqual([
      '"fresh.md" appeared after the card you answered was made, by another program (an editor, a sync): this card shows it as it is now. Nothing has been written yet.',
    ]);
  });

  it('should give up, writing nothing, when the note keeps changing while it is asked about', async () => {
    const s = await setup({ 'Plan.md': plan });
    let n = 0;
    const approval = new ScriptedApproval(async () => {
      await s.outside('Plan.md', `- sync ${++n}\n`, 'append');
      return yes;
    });
    const { pipeline, run } = buildPipeline({
      approval,
      context: { vault: s.vault },
      deps: { checkpoints: s.checkpoints },
    });
    const outcome = await pipeline.execute(call('vault.writeFile', { path: 'Plan.md', content: edited }), run);
    expect(outcome.error).toEqual({
      code: 'ETAG_MISMATCH',
      message:
        'vault.writeFile was not run: "Plan.md" changed again after each of 3 cards, as another program (an editor, a sync) keeps writing to it; nothing was written. Try again once it has settled.',
    });
    expect(approval.requests).toHaveLength(3);
    expect(await s.text('Plan.md')).toBe(`${plan}- sync 1\n- sync 2\n- sync 3\n`);
  });

  it('should show the new state even after "Approve all for this run" was the answer to the card that went stale', async () => {
    const s = await setup({ 'Plan.md': plan });
    const approval = cards(
      { meanwhile: () => s.outside('Plan.md', '- from sync\n', 'append'), answer: { approved: true, scope: 'run' } },
      { answer: no },
    );
    const { pipeline, run } = buildPipeline({
      approval,
      context: { vault: s.vault },
      deps: { checkpoints: s.checkpoints },
    });
    expect(
      (await pipeline.execute(call('vault.writeFile', { path: 'Plan.md', content: edited }), run)).error?.code,
    ).toBe('DENIED');
    expect(await s.text('Plan.md')).toBe(`${plan}- from sync\n`);
    expect(approval.requests).toHaveLength(2);
  });

  it('should ask, under "Approve all for this run", before a create replaces a note that appeared after the call was worked out', async () => {
    const s = await setup({});
    // Sync writes the note just before the checkpoint: after the call was described, before it writes.
    const checkpoint = s.checkpoints.checkpoint.bind(s.checkpoints);
    let first = true;
    s.checkpoints.checkpoint = async (runId, request) => {
      if (first) await s.outside('fresh.md', 'mine', 'write');
      first = false;
      return checkpoint(runId, request);
    };
    const approval = cards({ answer: no });
    const { pipeline, run } = buildPipeline({
      approval,
      context: { vault: s.vault },
      deps: { checkpoints: s.checkpoints },
    });
    run.approvedForRun = true;
    expect(
      (await pipeline.execute(call('vault.writeFile', { path: 'fresh.md', content: 'from the agent' }), run)).error
        ?.code,
    ).toBe('DENIED');
    expect(await s.text('fresh.md')).toBe('mine');
    expect(approval.requests.map((request) => [request.summary, request.preview.notes])).toEqual([
      [
        'Change fresh.md',
        [
          '"fresh.md" appeared after this call was worked out ("Approve all for this run" let it through unseen), by another program (an editor, a sync): this card shows it as it is now. Nothing has been written yet.',
        ],
      ],
    ]);
  });

  it('should write at once, with one card, when nothing changed while it was open', async () => {
    const s = await setup({ 'Plan.md': plan });
    const { pipeline, run, approval } = buildPipeline({
      context: { vault: s.vault },
      deps: { checkpoints: s.checkpoints },
    });
    expect((await pipeline.execute(call('vault.writeFile', { path: 'Plan.md', content: edited }), run)).ok).toBe(true);
    expect((await pipeline.execute(call('vault.writeFile', { path: 'new.md', content: 'x' }), run)).ok).toBe(true);
    expect(approval.requests).toHaveLength(2);
    expect(await s.text('Plan.md')).toBe(edited);
  });
});

describe('a note the vault decodes differently from its bytes is not taken for a changed one', () => {
  it.each([
    ['a byte order mark', [0xef, 0xbb, 0xbf, ...new TextEncoder().encode('# Plan\n')]],
    ['a byte that is not UTF-8', [...new TextEncoder().encode('# Plan '), 0xff, 0x0a]],
  ])('should write over a note with %s after one card', async (what, bytes) => {
    const folder = await mkdtemp(nodePath.join(tmpdir(), 'ea-binding-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const vault = new MemoryVault({});
    await vault.writeBinary('Plan.md', new Uint8Array(bytes));
    const checkpoints = new CheckpointService({
      vault,
      gitFs: new NodeGitFs(nodePath.join(folder, 'repo')),
      clock: fixedClock(),
    });
    const { pipeline, run, approval } = buildPipeline({ context: { vault }, deps: { checkpoints } });
    expect(
      (await pipeline.execute(call('vault.writeFile', { path: 'Plan.md', content: '# Plan\n- two\n' }), run)).ok,
    ).toBe(true);
    expect(approval.requests).toHaveLength(1);
    // A UTF-8 byte order mark is kept (see "Every byte of a note" in docs/design/files.md).
    expect(await vault.read('Plan.md')).toBe(
      what === 'a byte order mark' ? '\ufeff# Plan\n- two\n' : '# Plan\n- two\n',
    );
  });
});
