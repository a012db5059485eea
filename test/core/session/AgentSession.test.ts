import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPromptAction, createSavedAction } from '../../../src/core/plan';
import { PlanModel, twoIdeasPlan } from '../../builders/planModel';
import type { HistoryMessage } from '../../../src/core/ports/llm';
import { RunIds } from '../../../src/core/session/runIds';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { ScriptedApproval } from '../../builders/pipeline';
import { buildSession } from '../../builders/agentSession';
import { ScriptedModel, textReply } from '../../builders/scriptedModel';

const textOf = (message: HistoryMessage): string => ('text' in message ? message.text : '');
describe('AgentSession', () => {
  it('should carry the history from one message to the next, with a new run id each, until a new conversation', async () => {
    const model = new ScriptedModel([textReply('One.'), textReply('Two.'), textReply('Three.')]);
    const agent = buildSession(model);
    const signal = new AbortController().signal;
    const first = await agent.send('first', {}, signal);
    const second = await agent.send('second', {}, signal);
    expect(first.via === 'loop' && second.via === 'loop' && first.runId !== second.runId).toBe(true);
    expect(model.requests[1]!.messages.map(textOf)).toEqual(['first', 'One.', 'second']);
    agent.newConversation();
    await agent.send('third', {}, signal);
    expect(model.requests[2]!.messages.map(textOf)).toEqual(['third']);
  });

  it('should save each conversation, list it newest first and resume it', async () => {
    const agent = buildSession(new ScriptedModel([textReply('One.'), textReply('Two.')]));
    const signal = new AbortController().signal;
    await agent.send('first topic', {}, signal);
    agent.newConversation();
    await agent.send('second topic', {}, signal);
    const listed = await agent.listConversations();
    expect(listed.map((conversation) => conversation.title).sort()).toEqual(['first topic', 'second topic']);
    const first = listed.find((conversation) => conversation.title === 'first topic')!;
    expect((await agent.resume(first.id))?.history.map(textOf)).toEqual(['first topic', 'One.']);
    expect(agent.messages.map(textOf)).toEqual(['first topic', 'One.']);
  });

  it('should not read a conversation whose id could name a file outside the conversations folder', async () => {
    const agent = buildSession(new ScriptedModel([]));
    expect(await agent.resume('../data')).toBeNull();
  });

  it('should start nothing, and say which setting is missing, when there is no model', async () => {
    const outcome = await buildSession(new ScriptedModel([]), { llmFails: true }).send(
      'hello',
      {},
      new AbortController().signal,
    );
    expect(outcome).toEqual({
      via: 'not-started',
      message: 'No API key: set it in Settings → Embedded Agent',
      code: null,
    });
  });

  it('should say there is nothing to revert when checkpoints are off', async () => {
    expect(await buildSession(new ScriptedModel([])).revertLastRun(() => Promise.resolve('revert'))).toEqual({
      status: 'no-checkpoints',
    });
  });
});

const IDEAS = twoIdeasPlan();
const TITLED = createSavedAction(
  {
    name: 'Weekly note',
    plan: {
      ...IDEAS,
      goal: 'Weekly note',
      parameters: [{ name: 'title', description: 'Title' }],
      steps: [{ id: 'note', tool: 'vault.createFile', args: { path: 'Ideas/${title}.md', content: '# ${title}\n' } }],
    },
    now: 0,
  },
  [],
);
const yes = (): ScriptedApproval => new ScriptedApproval(() => ({ approved: true, scope: 'once' }));
const signal = (): AbortSignal => new AbortController().signal;
const folders: string[] = [];
async function checkpointFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'ea-session-'));
  folders.push(folder);
  return folder;
}
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe('AgentSession plans', () => {
  it('should plan and preview a dry run writing nothing, then run exactly the preview under a run id of its own', async () => {
    const vault = new MemoryVault({});
    const approval = yes();
    const agent = buildSession(new PlanModel([JSON.stringify(IDEAS)]), {
      vault,
      approval,
      checkpoints: await checkpointFolder(),
    });
    const outcome = await agent.dryRun('Make two ideas', {}, signal());
    if (outcome.status !== 'previewed') throw new Error(`not previewed: ${outcome.status}`);
    expect(outcome.previewed.dryRun.preview.files.map((file) => file.path)).toEqual([
      'Ideas/Alpha.md',
      'Ideas/Beta.md',
    ]);
    expect(await vault.stat('Ideas/Alpha.md')).toBeNull();
    const ran = await agent.runPlan(outcome.previewed, {}, signal());
    expect(ran.status === 'ran' && ran.result.runId).toMatch(/^test-dry-/);
    // The preview was the confirmation: nothing is asked again.
    expect(approval.requests).toEqual([]);
    expect(await vault.read('Ideas/Beta.md')).toBe('# Beta\n');
  });

  it('should return what a saved action found by name lacks, then confirm the plan once and write', async () => {
    const vault = new MemoryVault({});
    const approval = yes();
    const agent = buildSession(new ScriptedModel([]), {
      vault,
      approval,
      savedActions: [TITLED],
      checkpoints: await checkpointFolder(),
    });
    const action = await agent.findSavedAction('weekly NOTE');
    expect(await agent.runSavedAction(action.id, {}, {}, signal())).toEqual({
      status: 'needs-input',
      missing: [{ name: 'title', kind: 'parameter', description: 'Title' }],
    });
    const outcome = await agent.runSavedAction(action, { title: 'Review' }, {}, signal());
    expect(outcome.status === 'ran' && outcome.result.runId).toMatch(/^test-saved-weekly-note-/);
    expect(approval.requests.map((request) => request.tool)).toEqual(['plan']);
    expect(await vault.read('Ideas/Review.md')).toBe('# Review\n');
  });

  it('should hand a prompt action back bound, running nothing', async () => {
    const prompt = createPromptAction({ name: 'Outline', prompt: 'Outline ${topic}', now: 0 }, []);
    const approval = yes();
    const agent = buildSession(new ScriptedModel([]), { approval, savedActions: [prompt] });
    expect(await agent.runSavedAction('outline', { topic: 'gardens' }, {}, signal())).toEqual({
      status: 'prompt',
      message: 'Outline gardens',
    });
    expect(approval.requests).toEqual([]);
  });

  it('should name the saved action it cannot find', async () => {
    const agent = buildSession(new ScriptedModel([]), { savedActions: [TITLED] });
    await expect(agent.runSavedAction('Monthly', {}, {}, signal())).rejects.toThrow(
      'No saved action has the id or name "Monthly"; it may have been deleted or could not be loaded.',
    );
  });

  it('should write nothing when nobody can confirm a plan that was not previewed', async () => {
    const vault = new MemoryVault({});
    const outcome = await buildSession(new ScriptedModel([]), { vault, checkpoints: await checkpointFolder() }).runPlan(
      { plan: IDEAS },
      {},
      signal(),
    );
    expect(outcome.status).toBe('rejected');
    expect(await vault.stat('Ideas/Alpha.md')).toBeNull();
  });
});

describe('RunIds', () => {
  it('should make ids with the prefix, the time to the second and a counter, valid as branch names', () => {
    const ids = new RunIds(() => Date.UTC(2026, 0, 2, 3, 4, 5));
    const [a, b] = [ids.next('chat'), ids.next('chat')];
    expect(a).toMatch(/^chat-20260102T030405-1-[a-z0-9]{4}$/);
    expect(b).toMatch(/^chat-20260102T030405-2-[a-z0-9]{4}$/);
  });
});
