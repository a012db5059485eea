import { describe, expect, it } from 'vitest';
import { createStyle } from '../../src/cli/ansi';
import { RunPrinter } from '../../src/cli/RunPrinter';
import { buildAgent } from '../core/agent/harness';
import { call, callsReply, textReply, usage } from '../builders/scriptedModel';
import type { AgentResult } from '../../src/core/agent/types';
import { TERMINAL_CONTROL, withoutOwnColors } from './harness';

const NOTHING = { usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 }, cost: null };
const NOTHING_SPENT = { message: NOTHING, conversation: NOTHING };

function printer() {
  let out = '';
  const print = new RunPrinter((text) => void (out += text), createStyle(true));
  /** What reached the terminal besides the printer's own colors: no control may be left in it. */
  return { print, callbacks: print.callbacks(), output: () => withoutOwnColors(out) };
}

function result(fields: Pick<AgentResult, 'completedBy' | 'text'> & Partial<AgentResult>): AgentResult {
  return {
    usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
    history: [],
    iterations: 1,
    modelCalls: 1,
    mode: 'agent',
    ...fields,
  };
}

describe('RunPrinter', () => {
  it('should show the control codes of a streamed answer instead of letting them rewrite the line', () => {
    const { callbacks, output } = printer();
    callbacks.onText?.('Deleted 40 notes.\r\u001b[2K');
    callbacks.onText?.('Nothing changed.\u001b');
    callbacks.onText?.('[8m');
    expect(output()).toBe('Deleted 40 notes.⟦CR⟧⟦ESC⟧[2KNothing changed.⟦ESC⟧[8m');
  });

  it('should show control codes in tool lines, their arguments and their errors', () => {
    const { callbacks, output } = printer();
    callbacks.onToolCall?.({
      id: '1',
      name: 'vault.\u001b[2Kread',
      input: { 'pa\u001b[8mth': 'a\u009b2K.md', lines: ['\u009b'] },
    });
    callbacks.onToolResult?.({
      callId: '1',
      tool: 'vault.readFile',
      ok: false,
      error: { code: 'NOT_FOUND', message: 'No note "a\r\u001b[2K.md"' },
      content: '',
      durationMs: 1,
    });
    callbacks.onWarning?.('repeated\u001b[8m');
    expect(output()).not.toMatch(TERMINAL_CONTROL);
    expect(output()).toContain('→ vault.⟦ESC⟧[2Kread pa⟦ESC⟧[8mth: "a⟦U+009B⟧2K.md", lines: ["⟦U+009B⟧"]');
    expect(output()).toContain('✗ vault.readFile: NOT_FOUND No note "a ⟦ESC⟧[2K.md"');
    expect(output()).toContain('! repeated⟦ESC⟧[8m');
  });

  it('should show control codes in an answer that did not stream and in an error', () => {
    const { print, output } = printer();
    print.finish(result({ completedBy: 'attemptCompletion', text: 'All done\u001b[8m' }), 1, NOTHING_SPENT);
    print.finish(
      result({ completedBy: 'error', text: 'bad\r\u001b[2K', error: { code: 'PROVIDER_ERROR', message: 'bad' } }),
      1,
      NOTHING_SPENT,
    );
    expect(output()).not.toMatch(TERMINAL_CONTROL);
    expect(output()).toContain('All done⟦ESC⟧[8m\n');
    expect(output()).toContain('Error (PROVIDER_ERROR): bad⟦CR⟧⟦ESC⟧[2K\n');
  });
});

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
    new RunPrinter((text) => (out += text), createStyle(false)).finish(result, 1, {
      message: { usage: result.usage, cost: null },
      conversation: { usage: result.usage, cost: null },
    });
    expect(result.iterations).toBe(2);
    expect(out).toContain('Tokens: 350 in · 35 out · 4 model calls');
  });
});
