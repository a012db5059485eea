import { afterEach, describe, expect, it } from 'vitest';
import { tryFastPath } from '../../../src/core/recipes/FastPath';
import { BULLETS_PLAN, bulletsFastPathSetup } from '../../builders/fastPath';
import { ScriptedModel, textReply } from '../../builders/scriptedModel';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function setup(successes: number) {
  const fixture = await bulletsFastPathSetup(successes);
  cleanups.push(fixture.cleanup);
  return fixture;
}

const request = 'Create a note for every bullet of the selection in folder Travel';

describe('tryFastPath', () => {
  it('should plan once with the recipe, execute through the pipeline and answer in one more call: two model calls', async () => {
    const { vault, recipes, host, approval } = await setup(3);
    const model = new ScriptedModel([
      textReply(JSON.stringify(BULLETS_PLAN)),
      textReply('Created two notes in Travel.'),
    ]);
    const outcome = await tryFastPath({
      llm: model,
      recipes,
      host,
      message: request,
      runId: 'fast-1',
      signal: new AbortController().signal,
      maxTokens: 2000,
    });
    expect(outcome).toMatchObject({ status: 'done', answer: 'Created two notes in Travel.', llmCalls: 2 });
    expect(model.requests).toHaveLength(2);
    expect(model.requests[0]?.messages[0]).toMatchObject({
      role: 'user',
      text: expect.stringContaining('A plan of this shape worked 3 times') as string,
    });
    expect(vault.dump()).toMatchObject({ 'Travel/Lisbon.md': '# Lisbon\n', 'Travel/Porto.md': '# Porto\n' });
    expect(approval.requests.map((asked) => asked.tool)).toEqual(['plan']);
    expect((await recipes.all())[0]?.successes).toBe(4);
  });

  it('should leave the request to the normal loop before three successes', async () => {
    const { recipes, host } = await setup(2);
    const model = new ScriptedModel();
    expect(
      await tryFastPath({
        llm: model,
        recipes,
        host,
        message: request,
        runId: 'fast-2',
        signal: new AbortController().signal,
        maxTokens: 2000,
      }),
    ).toEqual({ status: 'no-match' });
    expect(model.requests).toHaveLength(0);
  });

  it('should fall back to the normal loop, having written nothing, when the planner cannot make a valid plan', async () => {
    const { vault, recipes, host } = await setup(3);
    const before = vault.dump();
    const model = new ScriptedModel([textReply('{"steps": "no"}'), textReply('still not a plan')]);
    const outcome = await tryFastPath({
      llm: model,
      recipes,
      host,
      message: request,
      runId: 'fast-3',
      signal: new AbortController().signal,
      maxTokens: 2000,
    });
    expect(outcome.status).toBe('fell-back');
    expect(vault.dump()).toEqual(before);
  });
});
