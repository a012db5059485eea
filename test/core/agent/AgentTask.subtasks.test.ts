import { describe, expect, it } from 'vitest';
import { call, callsReply, textReply, usage } from '../../builders/scriptedModel';
import { buildAgent } from './harness';

const resultContent = (messages: readonly unknown[] | undefined, index: number): string => {
  const message = messages?.[index] as { results?: { content: string }[] } | undefined;
  return message?.results?.[0]?.content ?? '';
};

describe('AgentTask: sub-tasks', () => {
  it('should run agent.newTask as a child with a fresh history and hand back its answer and usage', async () => {
    const { run, model, events } = buildAgent({
      files: { 'Bees.md': 'Bees make honey.' },
      replies: [
        callsReply([call('agent.newTask', { mode: 'ask', message: 'What do my notes say about bees?' })], {
          tokens: usage(100, 10),
        }),
        callsReply([call('vault.readFile', { path: 'Bees.md' })], { tokens: usage(20, 2) }),
        textReply('Bees make honey.', usage(30, 3)),
        textReply('Your notes say bees make honey.', usage(200, 20)),
      ],
    });
    const result = await run('Tell me about bees');
    expect(result).toMatchObject({ completedBy: 'text', text: 'Your notes say bees make honey.' });
    const child = model.requests[1];
    expect(child?.messages).toEqual([{ role: 'user', text: 'What do my notes say about bees?' }]);
    expect(child?.system).toContain('You are a sub-agent');
    expect(child?.toolNames).not.toContain('vault.createFile');
    expect(JSON.parse(resultContent(model.requests[3]?.messages, 2))).toEqual({
      result: 'Bees make honey.',
      completedBy: 'text',
      usage: { inputTokens: 50, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
    });
    expect(result.usage).toEqual({ inputTokens: 350, outputTokens: 35, cacheReadTokens: 0, cacheWriteTokens: 0 });
    expect(events).toEqual([
      'call agent.newTask',
      'subtask start depth 1 ask',
      'call vault.readFile',
      'result vault.readFile ok',
      'subtask end depth 1 text',
      'result agent.newTask ok',
    ]);
  });

  it('should remove agent.newTask at maxSubtaskDepth and roll usage up through every level', async () => {
    const { run, model } = buildAgent({
      replies: [
        callsReply([call('agent.newTask', { mode: 'agent', message: 'level one' })], { tokens: usage(1, 1) }),
        callsReply([call('agent.newTask', { mode: 'agent', message: 'level two' })], { tokens: usage(10, 10) }),
        textReply('two done', usage(100, 100)),
        textReply('one done', usage(1000, 1000)),
        textReply('all done', usage(10000, 10000)),
      ],
    });
    const result = await run('Go deep');
    expect(model.requests.map((request) => request.toolNames.includes('agent.newTask'))).toEqual([
      true,
      true,
      false,
      true,
      true,
    ]);
    expect(model.requests[2]?.messages).toEqual([{ role: 'user', text: 'level two' }]);
    expect(result.usage.inputTokens).toBe(11111);
    expect(result.usage.outputTokens).toBe(11111);
  });

  it('should honour a lower maxSubtaskDepth', async () => {
    const { run, model } = buildAgent({
      task: { maxSubtaskDepth: 1 },
      replies: [
        callsReply([call('agent.newTask', { mode: 'ask', message: 'look' })]),
        textReply('looked'),
        textReply('done'),
      ],
    });
    await run('Go');
    expect(model.requests.map((request) => request.toolNames.includes('agent.newTask'))).toEqual([true, false, true]);
  });

  it("should refuse a sub-task mode stronger than the parent's", async () => {
    const { run, model } = buildAgent({
      replies: [callsReply([call('agent.newTask', { mode: 'agent', message: 'write things' })]), textReply('OK.')],
    });
    await run('Go', { mode: 'ask' });
    expect(model.requests).toHaveLength(2);
    expect(resultContent(model.requests[1]?.messages, 2)).toBe(
      '<error tool="agent.newTask" code="NOT_ALLOWED">A sub-task cannot run in mode "agent": it allows tools the current mode "ask" does not. Pick a mode no stronger than "ask"</error>',
    );
  });

  it('should not let a sub-task switch to a stronger mode than it was given', async () => {
    const { run, model, modeService } = buildAgent({
      replies: [
        callsReply([call('agent.newTask', { mode: 'ask', message: 'research' })]),
        callsReply([call('agent.switchMode', { mode: 'agent' })]),
        textReply('stayed in ask'),
        textReply('done'),
      ],
    });
    modeService.setActiveMode('agent');
    await run('Go');
    expect(resultContent(model.requests[2]?.messages, 2)).toBe(
      '<error tool="agent.switchMode" code="NOT_ALLOWED">This sub-task cannot switch to mode "agent": it was started in mode "ask" and may not gain tools beyond it</error>',
    );
    expect(modeService.getActiveMode().slug).toBe('agent');
  });

  it("should ask the parent's approval for a child's write and checkpoint it under the parent's run", async () => {
    const { run, fixture } = buildAgent({
      replies: [
        callsReply([call('agent.newTask', { mode: 'agent', message: 'create a.md' })]),
        callsReply([call('vault.createFile', { path: 'a.md', content: 'A' })]),
        textReply('created'),
        textReply('done'),
      ],
    });
    await run('Go');
    expect(fixture.approval.requests.map((request) => [request.runId, request.tool])).toEqual([
      ['task-1', 'vault.createFile'],
    ]);
    expect(fixture.checkpoints.events[0]).toBe('checkpoint task-1#1 vault.createFile [a.md] folders [] existence []');
    expect(fixture.context.vault.dump()).toEqual({ 'a.md': 'A' });
  });

  it('should run children without power steering and without condensing', async () => {
    const { run, model, events } = buildAgent({
      contextWindow: 10_000,
      task: { powerSteeringFrequency: 1, condensingThreshold: 10 },
      replies: [
        callsReply([call('agent.newTask', { mode: 'ask', message: 'look' })], { tokens: usage(1, 1) }),
        callsReply([call('util.slugifyTitle', { title: 'a' })], { tokens: usage(9000, 1) }),
        callsReply([call('util.slugifyTitle', { title: 'b' })], { tokens: usage(9000, 1) }),
        callsReply([call('util.slugifyTitle', { title: 'c' })], { tokens: usage(9000, 1) }),
        textReply('looked', usage(9000, 1)),
        textReply('done', usage(1, 1)),
      ],
    });
    expect((await run('Go')).text).toBe('done');
    const childTexts = model.requests
      .slice(1, 5)
      .flatMap((request) => request.messages.flatMap((m) => (m.role === 'user' ? [m.text] : [])));
    expect(childTexts).toEqual(['look', 'look', 'look', 'look']);
    expect(events.filter((event) => event.startsWith('condense'))).toEqual([]);
  });
});
