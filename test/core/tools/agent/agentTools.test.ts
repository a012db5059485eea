import { describe, expect, it } from 'vitest';
import { agentTools } from '../../../../src/core/tools/agent';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import type { AgentControl } from '../../../../src/core/tools/types';
import { buildToolContext } from '../../../builders/toolContext';

function recordingControl(): AgentControl & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    calls,
    switchMode: (mode, reason) => {
      calls.push(['switchMode', mode, reason]);
      return Promise.resolve({ mode, name: 'Agent', tools: ['vault.createFile'] });
    },
    spawnSubtask: (request) => {
      calls.push(['spawnSubtask', request]);
      return Promise.resolve({
        result: 'done',
        completedBy: 'text',
        usage: { inputTokens: 1, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0 },
      });
    },
    loadDeferredTools: (query) => {
      calls.push(['loadDeferredTools', query]);
      return { tools: [], available: ['checkpoints.list'] };
    },
    complete: (result) => void calls.push(['complete', result]),
  };
}

const registry = new ToolRegistry(agentTools());

describe('agent tools', () => {
  it("should hand agent.attemptCompletion's result to the loop", async () => {
    const agent = recordingControl();
    expect(
      await registry.execute('agent.attemptCompletion', { result: 'All done.' }, buildToolContext({ agent })),
    ).toEqual({ ok: true, output: { result: 'All done.' } });
    expect(agent.calls).toEqual([['complete', 'All done.']]);
  });

  it("should pass agent.switchMode's mode and reason to the loop and return the new tools", async () => {
    const agent = recordingControl();
    const result = await registry.execute(
      'agent.switchMode',
      { mode: 'agent', reason: 'the user wants a note' },
      buildToolContext({ agent }),
    );
    expect(result).toEqual({ ok: true, output: { mode: 'agent', name: 'Agent', tools: ['vault.createFile'] } });
    expect(agent.calls).toEqual([['switchMode', 'agent', 'the user wants a note']]);
  });

  it("should return the sub-task's answer and usage from agent.newTask", async () => {
    const agent = recordingControl();
    const result = await registry.execute(
      'agent.newTask',
      { mode: 'ask', message: 'Find notes about bees' },
      buildToolContext({ agent }),
    );
    expect(result).toMatchObject({
      ok: true,
      output: { result: 'done', completedBy: 'text', usage: { inputTokens: 1, outputTokens: 2 } },
    });
    expect(agent.calls).toEqual([['spawnSubtask', { mode: 'ask', message: 'Find notes about bees' }]]);
  });

  it('should ask the loop to load deferred tools for agent.findTool', async () => {
    const agent = recordingControl();
    expect(await registry.execute('agent.findTool', { query: 'checkpoint' }, buildToolContext({ agent }))).toEqual({
      ok: true,
      output: { tools: [], available: ['checkpoints.list'] },
    });
    expect(agent.calls).toEqual([['loadDeferredTools', 'checkpoint']]);
  });

  it('should refuse to run outside an agent run, naming the tool', async () => {
    expect(await registry.execute('agent.attemptCompletion', { result: 'x' }, buildToolContext())).toEqual({
      ok: false,
      error: {
        code: 'NOT_ALLOWED',
        message: 'agent.attemptCompletion works only inside an agent run, not in a plan or a saved action',
      },
    });
  });

  it('should reject an empty result before reaching the loop', async () => {
    const agent = recordingControl();
    expect(await registry.execute('agent.attemptCompletion', { result: '' }, buildToolContext({ agent }))).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'agent.attemptCompletion: `result` must not be empty' },
    });
    expect(agent.calls).toEqual([]);
  });
});
