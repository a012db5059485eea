import type { LlmEvent, LlmPort, LlmRequest } from '../../src/core/ports/llm';
import type { ActionPlan } from '../../src/core/plan/types';

/**
 * A model for planner tests: each request gets the next scripted answer as streamed text (split in two deltas,
 * as providers stream), and every request is kept for assertions. A function answer sees the request.
 */
export class PlanModel implements LlmPort {
  readonly provider = 'scripted';
  readonly model = 'plan-model';
  readonly contextWindow = 100_000;
  readonly requests: LlmRequest[] = [];

  constructor(
    private readonly answers: (string | Error | ((request: LlmRequest) => string))[],
    private readonly stopReason: 'end_turn' | 'max_tokens' = 'end_turn',
  ) {}

  async *stream(request: LlmRequest): AsyncIterable<LlmEvent> {
    this.requests.push(request);
    const answer = this.answers.shift();
    if (answer === undefined) throw new Error(`PlanModel: no answer scripted for request ${this.requests.length}`);
    if (answer instanceof Error) throw answer;
    const text = typeof answer === 'function' ? answer(request) : answer;
    const half = Math.floor(text.length / 2);
    await Promise.resolve();
    yield { type: 'text', delta: text.slice(0, half) };
    yield { type: 'text', delta: text.slice(half) };
    yield {
      type: 'usage',
      usage: { inputTokens: 100, outputTokens: text.length, cacheReadTokens: 0, cacheWriteTokens: 0 },
    };
    yield { type: 'stop', reason: this.stopReason };
  }
}

/** Two notes under Ideas/; Beta's collision strategy decides whether the plan can stop part-way. */
export function twoIdeasPlan(betaCollision: 'error' | 'create-unique' = 'create-unique'): ActionPlan {
  return {
    version: '1.0',
    goal: 'Two ideas',
    assumptions: [],
    riskLevel: 'writes',
    steps: [
      { id: 'alpha', tool: 'vault.createFile', args: { path: 'Ideas/Alpha.md', content: '# Alpha\n' } },
      {
        id: 'beta',
        tool: 'vault.createFile',
        args: { path: 'Ideas/Beta.md', content: '# Beta\n', collisionStrategy: betaCollision },
      },
    ],
  };
}
