import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSavedAction, type SavedAction } from '../../../src/core/plan';
import type { AgentServices } from '../../../src/core/session/AgentServices';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { buildSession } from '../../builders/agentSession';
import { ScriptedApproval } from '../../builders/pipeline';
import { twoIdeasPlan } from '../../builders/planModel';
import { ScriptedModel } from '../../builders/scriptedModel';

const folders: string[] = [];
const pending: (() => Promise<void> | undefined)[] = [];
afterEach(async () => {
  // A run's summary is written once it ends, in the background: its folder goes once that is done.
  for (const settle of pending.splice(0)) await settle();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

function writeAction(name: string, path: string, content: string): SavedAction {
  return createSavedAction(
    {
      name,
      plan: { ...twoIdeasPlan(), goal: name, steps: [{ id: 'w', tool: 'vault.writeFile', args: { path, content } }] },
      now: 0,
    },
    [],
  );
}

async function session(vault: MemoryVault, actions: SavedAction[]) {
  const folder = await mkdtemp(join(tmpdir(), 'ea-revert-'));
  folders.push(folder);
  let services: AgentServices | null = null;
  const agent = buildSession(new ScriptedModel([]), {
    vault,
    approval: new ScriptedApproval(() => ({ approved: true, scope: 'once' })),
    savedActions: actions,
    checkpoints: folder,
    services: (built) => (services = built),
  });
  const built = (): AgentServices => services as unknown as AgentServices;
  pending.push(() => built().changes?.settled());
  return { agent, services: built };
}

const signal = (): AbortSignal => new AbortController().signal;

describe('AgentSession.revertLastRun through the review core', () => {
  it('should take back only the run’s own lines, keeping an edit made since on the next line', async () => {
    const vault = new MemoryVault({ 'Note.md': 'one\ntwo\nthree\n' });
    const action = writeAction('Shout', 'Note.md', 'one\nTWO\nthree\n');
    const { agent } = await session(vault, [action]);
    await agent.runSavedAction(action, {}, {}, signal());
    await vault.modify('Note.md', 'one\nTWO\nthree, mine\n');
    const outcome = await agent.revertLastRun(() => Promise.resolve('revert'));
    expect(outcome.status === 'reverted' && outcome.result.skipped).toEqual([]);
    expect(await vault.read('Note.md')).toBe('one\ntwo\nthree, mine\n');
  });

  it('should show lines changed since as a conflict and overwrite them only when told to', async () => {
    const vault = new MemoryVault({ 'Note.md': 'one\ntwo\n' });
    const action = writeAction('Shout', 'Note.md', 'one\nTWO\n');
    const { agent } = await session(vault, [action]);
    await agent.runSavedAction(action, {}, {}, signal());
    await vault.modify('Note.md', 'one\nTWO!\n');
    const seen: string[] = [];
    const kept = await agent.revertLastRun((plan) => {
      seen.push(...plan.conflicts.map((conflict) => `${conflict.path} ${conflict.reason}`));
      return Promise.resolve('revert');
    });
    expect(seen).toEqual(['Note.md edited']);
    expect(kept.status === 'reverted' && kept.result.skipped.map((conflict) => conflict.path)).toEqual(['Note.md']);
    expect(await vault.read('Note.md')).toBe('one\nTWO!\n');
    await agent.revertLastRun(() => Promise.resolve('overwrite'));
    expect(await vault.read('Note.md')).toBe('one\ntwo\n');
  });

  it('should list a saved action’s run under its name and a revert as an undo of it', async () => {
    const vault = new MemoryVault({ 'Note.md': 'a\n' });
    const action = writeAction('Weekly note', 'Note.md', 'b\n');
    const { agent, services } = await session(vault, [action]);
    const ran = await agent.runSavedAction(action, {}, {}, signal());
    const runId = ran.status === 'ran' ? ran.result.runId : '';
    await agent.revertLastRun(() => Promise.resolve('revert'));
    const runs = await services().changes?.listRuns();
    // Both began at the same moment of the test's fixed clock: which is listed first is not the point here.
    const sorted = [...(runs ?? [])].sort((a, b) => a.runId.localeCompare(b.runId));
    expect(sorted.map((run) => [run.runId, run.author, run.state])).toEqual([
      [`revert-${runId}-1`, { kind: 'undo', label: 'Undo', detail: `Revert of ${runId}` }, 'kept'],
      [runId, { kind: 'saved-action', label: 'Saved action', detail: 'Weekly note' }, 'undone'],
    ]);
  });
});
