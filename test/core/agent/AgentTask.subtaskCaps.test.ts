import { describe, expect, it } from 'vitest';
import { MAX_SUBTASKS_PER_RUN, MAX_SUBTASKS_PER_TURN } from '../../../src/core/agent/subtaskBudget';
import type { LlmRequest } from '../../../src/core/ports/llm';
import { call, callsReply, usage } from '../../builders/scriptedModel';
import { buildAgent } from './harness';

const ITERATIONS = 4;

/** The runaway model: every answer, at every depth, starts ten sub-tasks (one token in, one out). */
function tenTasksEachTurn(onRequest: (count: number) => void = () => undefined) {
  let count = 0;
  return (request: LlmRequest) => {
    count++;
    onRequest(count);
    const calls = Array.from({ length: 10 }, (_, i) =>
      call('agent.newTask', { mode: 'agent', message: `part ${count}.${i}` }, `c${count}-${i}`),
    );
    return callsReply(
      request.tools.some((tool) => tool.name === 'agent.newTask') ? calls : [call('vault.listFiles', {}, `l${count}`)],
      { tokens: usage(1, 1) },
    );
  };
}

describe('AgentTask: sub-tasks cannot run away', () => {
  it('should bound the provider requests of one message by the sub-task caps, and count every one of them in the totals', async () => {
    const { run, model } = buildAgent({ task: { maxIterations: ITERATIONS } });
    const reply = tenTasksEachTurn();
    model.push(...Array.from({ length: 5000 }, () => reply));
    const result = await run('Do everything');
    // The user's task and at most MAX_SUBTASKS_PER_RUN sub-tasks in the whole tree, each at most ITERATIONS calls.
    expect(model.requests.length).toBeLessThanOrEqual((1 + MAX_SUBTASKS_PER_RUN) * ITERATIONS);
    expect(result.modelCalls).toBe(model.requests.length);
    expect(result.usage.inputTokens).toBe(model.requests.length);
    expect(result.usage.outputTokens).toBe(model.requests.length);
    // No turn started more than MAX_SUBTASKS_PER_TURN: the rest of its calls were refused, saying why.
    const refusals = JSON.stringify(model.requests.map((request) => request.messages));
    expect(refusals).toContain(`at most ${MAX_SUBTASKS_PER_TURN} sub-tasks per turn`);
    expect(refusals).toContain(`${MAX_SUBTASKS_PER_RUN} sub-tasks`);
  });

  it('should make no further provider request once the user cancels while sub-tasks run', async () => {
    const harness = buildAgent({ task: { maxIterations: ITERATIONS } });
    let cancelledAt = 0;
    const reply = tenTasksEachTurn((count) => {
      // The third request is a grandchild's: two levels of sub-tasks are running.
      if (count === 3) {
        cancelledAt = count;
        harness.task.cancel();
      }
    });
    harness.model.push(...Array.from({ length: 5000 }, () => reply));
    const result = await harness.run('Do everything');
    expect(result.completedBy).toBe('cancelled');
    expect(cancelledAt).toBe(3);
    expect(harness.model.requests).toHaveLength(3);
    expect(result.modelCalls).toBe(3);
  });
});
