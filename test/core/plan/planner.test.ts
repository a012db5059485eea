import { describe, expect, it } from 'vitest';
import { AgentError } from '../../../src/core/errors';
import { extractJsonObject } from '../../../src/core/plan/extractJson';
import { requestPlan, type PlannerOptions } from '../../../src/core/plan/planner';
import { buildPlanHost } from '../../builders/planHost';
import { PlanModel } from '../../builders/planModel';
import { bulletsToNotes, findTodos } from './plans';

async function plannerOptions(model: PlanModel, overrides: Partial<PlannerOptions> = {}): Promise<PlannerOptions> {
  const fixture = await buildPlanHost({ settings: { allowCommands: false } });
  return {
    llm: model,
    policy: await fixture.policy(),
    instruction: 'Read the selection and create notes in folder Notes',
    context: { activeFile: 'List.md', selection: '- Alpha\n- Beta' },
    signal: new AbortController().signal,
    maxTokens: 2000,
    ...overrides,
  };
}

describe('requestPlan', () => {
  it('should ask once, for JSON, and return the validated plan', async () => {
    const model = new PlanModel([JSON.stringify(bulletsToNotes())]);
    const result = await requestPlan(await plannerOptions(model));
    expect(result.rounds).toBe(1);
    expect(result.validation.order).toEqual(['getSelection', 'parseBullets', 'ensureFolder', 'createNotes']);
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]).toMatchObject({ json: true, tools: [], maxTokens: 2000 });
  });

  it('should find the plan inside code fences and prose', async () => {
    const model = new PlanModel([
      `Here is the plan:\n\`\`\`json\n${JSON.stringify(findTodos(), null, 2)}\n\`\`\`\nLet me know!`,
    ]);
    expect((await requestPlan(await plannerOptions(model))).validation.plan.goal).toBe('Find all TODOs');
  });

  it('should show the model the allowed tools only, the vault rules and a bounded selection', async () => {
    const model = new PlanModel([JSON.stringify(findTodos())]);
    await requestPlan(
      await plannerOptions(model, {
        context: { activeFile: 'List.md', selection: 'x'.repeat(50) },
        maxSelectionChars: 20,
      }),
    );
    const { system, messages } = model.requests[0]!;
    expect(system.startsWith('You are an Obsidian automation planner. Output only valid JSON matching schema')).toBe(
      true,
    );
    expect(system).toContain('### vault.createFile (risk: writes)');
    expect(system).not.toContain('### commands.run');
    expect(system).not.toContain('### agent.');
    expect(system).toContain('Never write inside ".obsidian/", ".git/" or ".trash/"');
    expect(messages[0]).toEqual({
      role: 'user',
      text: `Instruction: Read the selection and create notes in folder Notes\n\nActive file: List.md\nSelection (50 characters; refer to it as \${selection} or \${selectionBullets}):\n"""\n${'x'.repeat(20)}\n[… 30 more characters]\n"""`,
    });
  });

  it('should send the problems back once and accept the corrected plan', async () => {
    const broken = {
      ...findTodos(),
      riskLevel: 'readonly',
      steps: [{ id: 'search', tool: 'vault.search', args: { query: 'TODO:' } }],
    };
    const model = new PlanModel([JSON.stringify(broken), JSON.stringify(findTodos())]);
    const result = await requestPlan(await plannerOptions(model));
    expect(result.rounds).toBe(2);
    const repair = model.requests[1]!.messages;
    expect(repair.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(repair[2]).toEqual({
      role: 'user',
      text: 'That plan cannot run. Problems:\n- riskLevel: must be one of "read-only", "writes", "commands", got "readonly"\n\nSend the whole corrected ActionPlan as one JSON object, nothing else.',
    });
  });

  it('should fail clearly, listing what is still wrong, after one repair', async () => {
    const unknownTool = { ...findTodos(), steps: [{ id: 'search', tool: 'vault.grep', args: {} }] };
    const model = new PlanModel(['I cannot do that.', JSON.stringify(unknownTool), JSON.stringify(findTodos())]);
    const error = await requestPlan(await plannerOptions(model)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentError);
    expect(error).toMatchObject({
      code: 'INVALID_PLAN',
      message: expect.stringMatching(
        /^The model did not produce a valid plan, even after being told what was wrong:\n- steps\[0\] \(search\)\.tool: unknown tool "vault\.grep"; tools a plan may use: vault\.ensureFolder, /,
      ) as unknown,
    });
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]!.messages[2]).toMatchObject({
      text: expect.stringContaining('- answer: the answer holds no JSON object') as unknown,
    });
  });

  it('should say when the answer was cut off at the token limit', async () => {
    const model = new PlanModel(['{"goal": "Find', '{"goal": "Find'], 'max_tokens');
    await expect(requestPlan(await plannerOptions(model))).rejects.toMatchObject({
      code: 'INVALID_PLAN',
      message: expect.stringMatching(
        /^The model did not produce a valid plan, even after being told what was wrong:\n- answer: the answer's JSON is not valid \(.+\); the answer was cut off at the token limit, so keep the plan shorter$/,
      ) as unknown,
    });
  });

  it('should pass provider failures through unchanged', async () => {
    const model = new PlanModel([new AgentError('PROVIDER_AUTH', 'Anthropic rejected the API key (401)')]);
    await expect(requestPlan(await plannerOptions(model))).rejects.toMatchObject({ code: 'PROVIDER_AUTH' });
  });
});

describe('extractJsonObject', () => {
  it.each([
    ['bare JSON', '{"a": 1}', { a: 1 }],
    ['a fence without a language', '```\n{"a": 1}\n```', { a: 1 }],
    ['prose around it, with braces inside strings', 'Sure! {"a": "x } y"} Done.', { a: 'x } y' }],
    ['a sentence with a brace before the object', 'Use {curly} braces: {"a": 2}', { a: 2 }],
  ])('should find the object in %s', (_name, text, value) => {
    expect(extractJsonObject(text)).toEqual({ ok: true, value });
  });

  it('should say why nothing was found', () => {
    expect(extractJsonObject('')).toEqual({ ok: false, error: 'the answer is empty' });
    expect(extractJsonObject('[1, 2]')).toEqual({ ok: false, error: 'the answer holds no JSON object' });
    expect(extractJsonObject('{"a": 1,}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^the answer's JSON is not valid \(/) as unknown,
    });
  });
});
