import { describe, expect, it } from 'vitest';
import type { HistoryMessage } from '../../../src/core/ports/llm';
import { call, callsReply, textReply } from '../../builders/scriptedModel';
import { buildAgent, recordingClock } from './harness';

/** A reply with a call that succeeds and differs each time, so repetition detection never steps in. */
const readReply = (n: number) => callsReply([call('util.slugifyTitle', { title: `Title ${n}` })]);
const userTexts = (messages: readonly HistoryMessage[] | undefined) =>
  (messages ?? []).flatMap((m) => (m.role === 'user' ? [m.text] : []));

describe('AgentTask: safety rails', () => {
  it('should warn the model once at 60% of maxIterations, then stop hard at maxIterations', async () => {
    const { run, model, events } = buildAgent({
      task: { maxIterations: 5 },
      replies: Array.from({ length: 6 }, (_, i) => readReply(i)),
    });
    const result = await run('Keep looking');
    expect(result).toMatchObject({
      completedBy: 'limit',
      iterations: 5,
      text: 'Stopped after 5 steps, the limit for one task, before the task was finished. Ask again to continue from here.',
    });
    expect(model.requests).toHaveLength(5);
    const warning =
      '[Step 3 of 5] You are running out of steps: 2 more after this one. Finish the essential part of the task now and give your final answer with agent.attemptCompletion (or a reply without tool calls).';
    expect(
      model.requests.map((request) => userTexts(request.messages).filter((text) => text === warning).length),
    ).toEqual([0, 0, 1, 1, 1]);
    expect(model.requests[2]?.messages.at(-1)).toEqual({ role: 'user', text: warning });
    expect(events.filter((event) => event.startsWith('warning'))).toEqual([`warning ${warning}`]);
  });

  it('should not stop at the limit when the last allowed answer completes the task', async () => {
    const { run } = buildAgent({ task: { maxIterations: 2 }, replies: [readReply(1), textReply('Done.')] });
    expect(await run('Look once')).toMatchObject({ completedBy: 'text', text: 'Done.', iterations: 2 });
  });

  it('should abort after consecutiveMistakeLimit tool errors in a row, naming the last error', async () => {
    const missing = (n: number) => callsReply([call('vault.readFile', { path: `missing-${n}.md` })]);
    const { run, model } = buildAgent({
      task: { consecutiveMistakeLimit: 3 },
      replies: [missing(1), missing(2), missing(3), textReply('never')],
    });
    const result = await run('Read the missing notes');
    expect(result).toMatchObject({
      completedBy: 'mistakes',
      text: 'Stopped after 3 failed tool calls in a row (the limit is 3); the last error: vault.readFile: `path` "missing-3.md" does not exist; vault.listFiles or vault.searchText can find the right path.',
    });
    expect(model.requests).toHaveLength(3);
  });

  it('should reset the mistake count after a successful call', async () => {
    const { run } = buildAgent({
      files: { 'a.md': 'A' },
      task: { consecutiveMistakeLimit: 2 },
      replies: [
        callsReply([call('vault.readFile', { path: 'x1.md' })]),
        callsReply([call('vault.readFile', { path: 'a.md' })]),
        callsReply([call('vault.readFile', { path: 'x2.md' })]),
        textReply('Found only a.md.'),
      ],
    });
    expect((await run('Read')).completedBy).toBe('text');
  });

  it('should count every error of a batch, so one answer with enough failures hits the limit', async () => {
    const { run, model } = buildAgent({
      task: { consecutiveMistakeLimit: 2 },
      replies: [
        callsReply([call('vault.readFile', { path: 'x1.md' }), call('vault.readFile', { path: 'x2.md' })]),
        textReply('never'),
      ],
    });
    expect((await run('Read')).completedBy).toBe('mistakes');
    expect(model.requests).toHaveLength(1);
  });

  it('should keep rateLimitMs between the starts of iterations, waiting on the clock port', async () => {
    const clock = recordingClock();
    const { run } = buildAgent({
      task: { rateLimitMs: 1000, clock },
      replies: [readReply(1), readReply(2), textReply('Done.')],
    });
    await run('Look twice');
    expect(clock.sleeps).toEqual([1000, 1000]);
  });

  it('should not wait at all without a rate limit', async () => {
    const clock = recordingClock();
    const { run } = buildAgent({ task: { clock }, replies: [readReply(1), textReply('Done.')] });
    await run('Look once');
    expect(clock.sleeps).toEqual([]);
  });

  it('should remind the model of its mode and role every powerSteeringFrequency iterations', async () => {
    const { run, model } = buildAgent({
      task: { powerSteeringFrequency: 2 },
      replies: [readReply(1), readReply(2), readReply(3), readReply(4), textReply('Done.')],
    });
    await run('Look around', { context: { skills: ['daily-notes'] } });
    const steered = model.requests.map((request) => {
      const last = request.messages.at(-1);
      return last?.role === 'user' && last.text.startsWith('[Reminder]');
    });
    expect(steered).toEqual([false, false, true, false, true]);
    const reminder = model.requests[2]?.messages.at(-1);
    expect(reminder).toMatchObject({
      role: 'user',
      text: expect.stringContaining('You are in Agent mode ("agent"). You are Embedded Agent in Agent mode') as string,
    });
    expect(reminder).toMatchObject({ text: expect.stringContaining('Active skills: daily-notes.') as string });
  });

  it('should leave power steering off by default', async () => {
    const { run, model } = buildAgent({ replies: [readReply(1), readReply(2), readReply(3), textReply('Done.')] });
    await run('Look around');
    expect(
      model.requests.flatMap((request) => userTexts(request.messages)).some((text) => text.startsWith('[Reminder]')),
    ).toBe(false);
  });

  it('should leave repeated identical calls to the pipeline, which blocks the third with a recoverable error', async () => {
    const same = () => callsReply([call('vault.readFile', { path: 'a.md' })]);
    const { run, events } = buildAgent({
      files: { 'a.md': 'A' },
      replies: [same(), same(), same(), textReply('I will stop repeating.')],
    });
    expect((await run('Look')).completedBy).toBe('text');
    expect(events.filter((event) => event.startsWith('result'))).toEqual([
      'result vault.readFile ok',
      'result vault.readFile ok',
      'result vault.readFile REPEATED_CALL',
    ]);
  });
});
