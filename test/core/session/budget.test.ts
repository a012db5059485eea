import { describe, expect, it } from 'vitest';
import type { HistoryMessage } from '../../../src/core/ports/llm';
import type { SendOutcome } from '../../../src/core/session/sessionEvents';
import { buildSession } from '../../builders/agentSession';
import { memoryPluginFiles } from '../../builders/pipeline';
import { PlanModel, twoIdeasPlan } from '../../builders/planModel';
import { call, callsReply, ScriptedModel, textReply, usage } from '../../builders/scriptedModel';

const signal = new AbortController().signal;
/** One answer that spends a million prompt tokens: far past the limits below, whatever the prompt's size. */
const BIG = usage(1_000_000, 100);

function loop(outcome: SendOutcome) {
  if (outcome.via !== 'loop') throw new Error(`expected a loop run, got ${outcome.via}`);
  return outcome;
}

describe('AgentSession: spending limits', () => {
  it('should stop before the call past maxTokensPerRun, say what was spent, and continue from where it stopped', async () => {
    const model = new ScriptedModel([
      callsReply([call('vault.readFile', { path: 'Inbox.md' }, 'r1')], { tokens: BIG }),
      textReply('One bullet: a.', usage(2_000, 20)),
    ]);
    const session = buildSession(model, { settings: { maxTokensPerRun: 500_000 } });

    const stopped = loop(await session.send('What is in my inbox?', {}, signal));
    expect(stopped.result.completedBy).toBe('budget');
    expect(stopped.result.budgetStop).toMatchObject({
      limit: 'maxTokensPerRun',
      allowed: 500_000,
      spent: 1_000_100,
      offer: 500_000,
    });
    expect(stopped.result.text).toMatch(
      /^Stopped at the budget before the next model call: this run has used 1,000,100 tokens of the limit per run of 500,000 tokens \(maxTokensPerRun\)/,
    );
    expect(stopped.spend.message.usage).toEqual(BIG.type === 'usage' ? BIG.usage : null);
    expect(model.requests).toHaveLength(1);
    expect(session.stoppedRun?.message).toBe('What is in my inbox?');

    const continued = loop(await session.continueRun({}, signal));
    expect(continued.result).toMatchObject({ completedBy: 'text', text: 'One bullet: a.' });
    // It went on from the read's result: no new user message, nothing asked twice.
    const sent = model.requests[1]!.messages;
    expect(sent.map((message: HistoryMessage) => message.role)).toEqual(['user', 'assistant', 'tool-results']);
    expect(continued.runId).not.toBe(stopped.runId);
    expect(continued.spend.message.usage.inputTokens).toBe(2_000);
    expect(continued.spend.conversation.usage).toEqual({
      inputTokens: 1_002_000,
      outputTokens: 120,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
    expect(session.stoppedRun).toBeNull();
    expect(await session.continueRun({}, signal)).toMatchObject({
      via: 'not-started',
      message: 'Nothing to continue: the last run did not stop at a budget limit.',
    });
  });

  it('should count the runs of every session on the vault toward the daily limit, and let "Continue" raise it for the rest of the session', async () => {
    const files = memoryPluginFiles();
    const settings = { maxTokensPerDay: 1_500_000 };
    const panel = buildSession(new ScriptedModel([textReply('Done.', BIG)]), { files, settings });
    expect(loop(await panel.send('first', {}, signal)).result.completedBy).toBe('text');

    const model = new ScriptedModel([textReply('Second.', BIG), textReply('Third.', usage(10, 1))]);
    const terminal = buildSession(model, { files, settings });
    expect(loop(await terminal.send('second', {}, signal)).result.completedBy).toBe('text');
    const third = loop(await terminal.send('third', {}, signal));
    expect(third.result.budgetStop).toMatchObject({ limit: 'maxTokensPerDay', spent: 2_000_200 });
    expect(third.result.text).toContain(
      "today's runs have used 2,000,200 tokens of the daily limit of 1,500,000 tokens (maxTokensPerDay)",
    );
    // The day is already 500,200 over: the offer covers that and the request, or continuing would stop at once.
    const offer = third.result.budgetStop!.offer;
    expect(offer).toBeGreaterThan(2 * (500_200 + third.result.budgetStop!.next) - 1_000);
    const continued = loop(await terminal.continueRun({}, signal));
    expect(continued.result).toMatchObject({ completedBy: 'text', text: 'Third.' });
    expect(model.requests).toHaveLength(2);
  });

  it('should say before the run that a cost limit cannot apply to a model without a known price', async () => {
    const warnings: string[] = [];
    const session = buildSession(new ScriptedModel([textReply('Hi.')]), { settings: { maxCostPerRun: 0.5 } });
    await session.send('hello', { onWarning: (text) => warnings.push(text) }, signal);
    expect(warnings).toEqual([
      'maxCostPerRun cannot apply to scripted-model: its price is not known. Set maxTokensPerRun or maxTokensPerDay to bound its runs.',
    ]);
  });

  it('should stop a run whose price is known at maxCostPerRun, counting cached input at its own price', async () => {
    const model = Object.assign(
      new ScriptedModel([
        callsReply([call('vault.readFile', { path: 'Inbox.md' })], {
          tokens: usage(20_000, 2_000, { cacheReadTokens: 100_000 }),
        }),
      ]),
      {
        prices: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
      },
    );
    const session = buildSession(model, { settings: { maxCostPerRun: 0.1 } });
    const outcome = loop(await session.send('read', {}, signal));
    // $0.06 + $0.03 + $0.03 = $0.12 spent before the second call.
    expect(outcome.result.budgetStop).toMatchObject({ limit: 'maxCostPerRun', allowed: 0.1 });
    expect(outcome.spend.message.cost).toBeCloseTo(0.12, 6);
    expect(outcome.result.text).toContain(
      'this run has spent an estimated $0.1200 of the limit per run of $0.1000 (maxCostPerRun)',
    );
  });

  it('should keep counting a resumed conversation from what it had spent', async () => {
    const session = buildSession(
      new ScriptedModel([textReply('One.', usage(1_000, 10)), textReply('Two.', usage(500, 5))]),
    );
    await session.send('first', {}, signal);
    const [saved] = await session.listConversations();
    session.newConversation();
    await session.resume(saved!.id);
    const second = loop(await session.send('second', {}, signal));
    expect(second.spend.conversation.usage).toEqual({
      inputTokens: 1_500,
      outputTokens: 15,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
  });

  it("should refuse a dry run's planning call past the daily limit, naming it, and count an allowed one toward the day", async () => {
    const files = memoryPluginFiles();
    const now = () => new Date(2026, 10, 26, 12).getTime();
    await files.write('spending.json', JSON.stringify({ day: '2026-11-26', tokens: 999_000, cost: 0 }));
    const full = buildSession(new PlanModel(['{}']), { files, now, settings: { maxTokensPerDay: 1_000_000 } });
    await expect(full.dryRun('Make two ideas', {}, signal)).rejects.toThrow(
      /^Stopped at the budget before the next model call: today's runs have used 999,000 tokens of the daily limit of 1,000,000 tokens \(maxTokensPerDay\)/,
    );

    const roomy = buildSession(new PlanModel([JSON.stringify(twoIdeasPlan())]), {
      files,
      now,
      settings: { maxTokensPerDay: 2_000_000 },
    });
    expect((await roomy.dryRun('Make two ideas', {}, signal)).status).toBe('previewed');
    // The old spending.json was carried into today's ledger, and the planning call settled there.
    const ledger = ((await files.read('spending/2026-11-26.jsonl')) ?? '')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; tokens: number });
    expect(ledger.map((line) => line.type)).toEqual(['carried', 'reserve', 'settle', 'reserve', 'settle']);
    expect(ledger[0]!.tokens).toBe(999_000);
    expect(ledger[4]!.tokens).toBeGreaterThan(0);
    expect(await files.read('spending.json')).toBeNull();
  });
});
