import { describe, expect, it } from 'vitest';
import { SUMMARY_PREFIX } from '../../../src/core/agent/condensing';
import type { SeenEntry } from '../../../src/core/session/seenConversation';
import { buildSession } from '../../builders/agentSession';
import { ConversationModel } from '../../builders/conversationModel';
import { memoryPluginFiles } from '../../builders/pipeline';
import { ScriptedModel, textReply } from '../../builders/scriptedModel';

const signal = (): AbortSignal => new AbortController().signal;
// No word in common (notes, my and the are stop words), so no message looks like a repeat for the recipes' fast path.
const TOPICS = ['pond', 'fence', 'herbs', 'roses', 'compost', 'shed', 'bees', 'apples', 'plums'];
const question = (turn: number): string => `My ${TOPICS[turn - 1] ?? 'weather'} notes`;
const kinds = (entries: readonly SeenEntry[]): string[] => entries.map((entry) => entry.kind);
const users = (entries: readonly SeenEntry[]): string[] =>
  entries.flatMap((entry) => (entry.kind === 'user' ? [entry.text] : []));

/** A model that searches the inbox for each question and answers at length, so the history fills and condenses. */
const longModel = (): ConversationModel =>
  new ConversationModel(
    {
      search: (turn) => ({ name: 'vault.searchText', input: { query: `topic ${turn}` } }),
      answer: (turn) => `Answer ${turn}: ${'the inbox says more. '.repeat(600)}`,
    },
    16_000,
  );

describe('AgentSession: the conversation as it was seen', () => {
  it('should keep every message, answer, tool call with its result and usage line after condensing left the model a summary', async () => {
    const model = longModel();
    const agent = buildSession(model);
    for (let turn = 1; turn <= 8; turn++) await agent.send(question(turn), {}, signal());

    expect(model.condensed).toBeGreaterThan(0);
    const first = agent.messages[0];
    expect(first?.role === 'user' && first.text.startsWith(SUMMARY_PREFIX)).toBe(true);
    expect(users(agent.seen)).toEqual(TOPICS.slice(0, 8).map((_, index) => question(index + 1)));
    expect(kinds(agent.seen.slice(0, 4))).toEqual(['user', 'tool', 'answer', 'note']);
    expect(agent.seen[1]).toMatchObject({
      kind: 'tool',
      name: 'vault.searchText',
      input: { query: 'topic 1' },
      result: { ok: true },
    });
    expect(agent.seen[2]?.kind === 'answer' && agent.seen[2].text.startsWith('Answer 1: ')).toBe(true);
    expect(
      agent.seen[3]?.kind === 'note' && agent.seen[3].tone === 'usage' && agent.seen[3].text.startsWith('Tokens: '),
    ).toBe(true);
    // The summary is shown where condensing happened, as a summary: never as one of the person's messages.
    const summaries = agent.seen.filter((entry) => entry.kind === 'summary');
    expect(summaries.length).toBe(model.condensed);
    expect(summaries[0]?.kind === 'summary' && summaries[0].text.startsWith('The person asked')).toBe(true);
  });

  it('should resume a condensed conversation whole, from its first message, and go on from the model history', async () => {
    const files = memoryPluginFiles();
    const model = longModel();
    const agent = buildSession(model, { files });
    for (let turn = 1; turn <= 8; turn++) await agent.send(question(turn), {}, signal());
    const [listed] = await agent.listConversations();

    const next = new ScriptedModel([textReply('Ninth answer.')]);
    const again = buildSession(next, { files });
    const resumed = await again.resume(listed!.id);
    expect(users(resumed!.seen)).toHaveLength(8);
    expect(resumed!.seen).toEqual(agent.seen);
    await again.send(question(9), {}, signal());
    // The model goes on from the summary, not from the whole transcript.
    const sent = next.requests[0]!.messages;
    expect(sent[0]?.role === 'user' && sent[0].text.startsWith(SUMMARY_PREFIX)).toBe(true);
    const reread = await buildSession(new ScriptedModel([]), { files }).resume(listed!.id);
    expect(users(reread!.seen)).toEqual([...users(agent.seen), question(9)]);
    expect(reread!.seen.at(-2)).toEqual({ kind: 'answer', text: 'Ninth answer.' });
  });

  it('should keep a message that could not start, with the reason shown, and forget everything at a new conversation', async () => {
    const agent = buildSession(new ScriptedModel([]), { llmFails: true });
    await agent.send('hello', {}, signal());
    expect(agent.seen).toEqual([
      { kind: 'user', text: 'hello' },
      { kind: 'note', text: 'No API key: set it in Settings → Embedded Agent', tone: 'error' },
    ]);
    agent.newConversation();
    expect(agent.seen).toEqual([]);
  });
});
