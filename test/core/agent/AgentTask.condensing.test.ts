import { describe, expect, it } from 'vitest';
import { SUMMARY_PREFIX } from '../../../src/core/agent/condensing';
import { AgentError } from '../../../src/core/errors';
import type { HistoryMessage } from '../../../src/core/ports/llm';
import { call, callsReply, textReply, usage } from '../../builders/scriptedModel';
import { buildAgent } from './harness';

const step = (n: number, tokens = usage(1000, 10)) =>
  callsReply([call('util.slugifyTitle', { title: `Title ${n}` }, `call-${n}`)], { tokens });
const overflow = () => ({
  error: new AgentError('CONTEXT_OVERFLOW', 'The prompt is too long for claude-x (210000 tokens, the limit is 200000)'),
});

/** Every tool call in `messages` is followed by the message holding its result. */
function callsKeepTheirResults(messages: readonly HistoryMessage[]): boolean {
  return messages.every((message, index) => {
    if (message.role !== 'assistant' || message.toolCalls.length === 0) return true;
    const next = messages[index + 1];
    return next?.role === 'tool-results' && message.toolCalls.every((c) => next.results.some((r) => r.callId === c.id));
  });
}

describe('AgentTask: condensing', () => {
  it('should summarize older history once the reported tokens pass the threshold, keeping the last turns verbatim', async () => {
    const { run, model, events, flushed } = buildAgent({
      contextWindow: 100_000,
      replies: [
        step(1),
        step(2),
        step(3, usage(80_000, 10)),
        textReply('The user wants slugs for three titles.', usage(500, 40)),
        textReply('Done.'),
      ],
    });
    const result = await run('Slugify three titles');
    expect(result.completedBy).toBe('text');
    expect(events.filter((event) => event.startsWith('condense'))).toEqual(['condense']);

    const summaryRequest = model.requests[3];
    expect(summaryRequest?.toolNames).toEqual([]);
    expect(summaryRequest?.system).toContain('You condense a conversation');
    expect(summaryRequest?.messages).toHaveLength(1);
    expect(JSON.stringify(summaryRequest?.messages)).toContain('User: Slugify three titles');

    const after = model.requests[4]?.messages ?? [];
    expect(after[0]).toEqual({
      role: 'user',
      text: `${SUMMARY_PREFIX}\nThe user wants slugs for three titles.\n\nThe task the user gave in this run: Slugify three titles`,
    });
    expect(after.slice(1).map((m) => m.role)).toEqual(['assistant', 'tool-results', 'assistant', 'tool-results']);
    expect(after[1]).toMatchObject({ toolCalls: [{ id: 'call-2' }] });
    expect(callsKeepTheirResults(after)).toBe(true);

    expect(flushed).toHaveLength(1);
    expect(flushed[0]?.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool-results',
      'assistant',
      'tool-results',
      'assistant',
      'tool-results',
    ]);
    expect(result.usage.inputTokens).toBe(1000 + 1000 + 80_000 + 500 + 10);
  });

  it('should estimate by characters when the provider reports fewer tokens than the text holds', async () => {
    const big = 'x'.repeat(40_000);
    const { run, events, model } = buildAgent({
      contextWindow: 15_000,
      replies: [
        callsReply([call('util.slugifyTitle', { title: 'a' })], { tokens: usage(1, 1) }),
        callsReply([call('util.parseMarkdownBullets', { text: big })], { tokens: usage(1, 1) }),
        textReply('Summary one.'),
        callsReply([call('util.slugifyTitle', { title: 'b' })], { tokens: usage(1, 1) }),
        textReply('Summary two.'),
        textReply('Done.'),
      ],
    });
    expect((await run('Go')).text).toBe('Done.');
    // The big call is among the last turns at first, so it is summarized only by the second condense.
    expect(events.filter((event) => event.startsWith('condense'))).toEqual(['condense', 'condense']);
    expect(JSON.stringify(model.requests[5]?.messages)).not.toContain(big);
  });

  it('should not condense below the threshold, nor when condensing is off', async () => {
    const quiet = buildAgent({
      contextWindow: 100_000,
      replies: [step(1), step(2), step(3, usage(60_000, 10)), textReply('Done.')],
    });
    await quiet.run('Go');
    expect(quiet.events.filter((event) => event.startsWith('condense'))).toEqual([]);

    const off = buildAgent({
      contextWindow: 100_000,
      task: { condensingEnabled: false },
      replies: [step(1), step(2), step(3, usage(95_000, 10)), textReply('Done.')],
    });
    await off.run('Go');
    expect(off.events.filter((event) => event.startsWith('condense'))).toEqual([]);
  });

  it('should condense at once and retry once when the provider reports a context overflow, then carry on', async () => {
    const { run, model, events } = buildAgent({
      replies: [step(1), step(2), overflow(), textReply('Two slugs made.'), textReply('Done.')],
    });
    const result = await run('Slugify');
    expect(result).toMatchObject({ completedBy: 'text', text: 'Done.' });
    expect(events.filter((event) => event.startsWith('condense'))).toEqual(['condense (emergency)']);
    const retried = model.requests[4]?.messages ?? [];
    expect(retried.map((m) => m.role)).toEqual(['user', 'assistant', 'tool-results']);
    expect(retried[1]).toMatchObject({ toolCalls: [{ id: 'call-2' }] });
    expect(result.history).toEqual([...retried, { role: 'assistant', text: 'Done.', toolCalls: [] }]);
  });

  it('should use the 80% threshold after an emergency condense', async () => {
    const { run, events } = buildAgent({
      contextWindow: 100_000,
      replies: [
        step(1),
        step(2),
        overflow(),
        textReply('Summary one.'),
        step(3),
        step(4, usage(75_000, 10)),
        textReply('Done.'),
      ],
    });
    await run('Slugify');
    // 75,010 tokens is past the default 70% but below 80%: no second condense.
    expect(events.filter((event) => event.startsWith('condense'))).toEqual(['condense (emergency)']);
  });

  it("should give up with the provider's error when the retry overflows too", async () => {
    const { run } = buildAgent({ replies: [step(1), step(2), overflow(), textReply('Summary.'), overflow()] });
    expect(await run('Slugify')).toMatchObject({ completedBy: 'error', error: { code: 'CONTEXT_OVERFLOW' } });
  });

  it('should say so when an overflow leaves nothing older to condense', async () => {
    const { run } = buildAgent({ replies: [overflow()] });
    expect(await run('x'.repeat(100))).toMatchObject({
      completedBy: 'error',
      text: 'The prompt is too long for claude-x (210000 tokens, the limit is 200000) (the conversation has no older part left to condense)',
    });
  });
});
