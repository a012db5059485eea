import { describe, expect, it } from 'vitest';
import { createStyle } from '../../src/cli/ansi';
import { RunPrinter } from '../../src/cli/RunPrinter';
import { buildAgent } from '../core/agent/harness';
import { call, callsReply, textReply, usage } from '../builders/scriptedModel';

describe('RunPrinter: the totals after a run', () => {
  it('should count the model calls of sub-tasks, not only the answers of the user’s task', async () => {
    const { run } = buildAgent({
      replies: [
        callsReply([call('agent.newTask', { mode: 'ask', message: 'Look up bees' }, 'n1')], { tokens: usage(100, 10) }),
        callsReply([call('vault.listFiles', {}, 'l1')], { tokens: usage(20, 2) }),
        textReply('No notes on bees.', usage(30, 3)),
        textReply('You have no notes on bees.', usage(200, 20)),
      ],
    });
    const result = await run('Tell me about bees');
    let out = '';
    new RunPrinter((text) => (out += text), createStyle(false)).finish(result, 1);
    expect(result.iterations).toBe(2);
    expect(out).toContain('Tokens: 350 in · 35 out · 4 model calls');
  });
});
