import { describe, expect, it } from 'vitest';
import { SUMMARY_PREFIX } from '../../../src/core/agent/condensing';
import { type Conversation, ConversationStore, SAVED_STRING_CHARS } from '../../../src/core/session/ConversationStore';
import type { SeenEntry } from '../../../src/core/session/seenConversation';
import { memoryPluginFiles } from '../../builders/pipeline';

const KEY = 'Xk9QmT4vR2pL8wZs3Nf6Hd1Jc5Bg7Ya0Qe';

const conversation = (over: Partial<Conversation> = {}): Conversation => ({
  id: 'c1',
  title: 'Sun',
  createdAt: 1,
  updatedAt: 2,
  history: [],
  seen: [],
  seenSaved: 0,
  ...over,
});

describe('ConversationStore', () => {
  it('should save a conversation with the API key in any case and key-shaped tokens redacted, and each text cut', async () => {
    const files = memoryPluginFiles();
    const store = new ConversationStore(files, () => [KEY]);
    const big = `${'z'.repeat(5 * 1024 * 1024)}`;
    const secretText = `Use ${KEY.toLowerCase()} and sk-ant-api03-abcdefghijklmnopqrstuv`;
    await store.save(
      conversation({
        title: 'Copy',
        history: [
          { role: 'user', text: secretText },
          {
            role: 'assistant',
            text: '',
            toolCalls: [{ id: 't1', name: 'vault.createFile', input: { path: 'Big.md', content: big } }],
          },
        ],
        seen: [
          { kind: 'user', text: secretText },
          { kind: 'tool', id: 't1', name: 'vault.createFile', input: { path: 'Big.md', content: big } },
        ],
      }),
    );
    for (const path of ['conversations/c1.json', 'conversations/c1.seen.jsonl']) {
      const text = files.data.get(path) ?? '';
      expect(text.toLowerCase()).not.toContain(KEY.toLowerCase());
      expect(text).not.toContain('sk-ant-');
      expect(text.length).toBeLessThan(SAVED_STRING_CHARS + 1000);
    }
    const loaded = await store.load('c1');
    expect(loaded?.history[0]).toEqual({ role: 'user', text: 'Use [redacted] and [redacted]' });
    expect(JSON.stringify(loaded?.history[1])).toContain(`…[+${big.length - SAVED_STRING_CHARS} chars]`);
    expect(loaded?.seen[0]).toEqual({ kind: 'user', text: 'Use [redacted] and [redacted]' });
  });

  it('should keep what was seen apart from the model history, each save appending only the entries added since the last', async () => {
    const files = memoryPluginFiles();
    const store = new ConversationStore(files);
    const seen: SeenEntry[] = [
      { kind: 'user', text: 'How much sun?' },
      { kind: 'answer', text: 'Six hours.' },
    ];
    const saved = conversation({
      history: [{ role: 'user', text: `${SUMMARY_PREFIX}\nThey talked about sun.` }],
      seen,
    });
    await store.save(saved);
    expect(saved.seenSaved).toBe(2);
    seen.push({ kind: 'user', text: 'And shade?' }, { kind: 'note', text: 'Tokens: 15', tone: 'usage' });
    await store.save(saved);
    expect((files.data.get('conversations/c1.seen.jsonl') ?? '').trim().split('\n')).toHaveLength(4);
    expect(JSON.parse(files.data.get('conversations/c1.json') ?? '{}')).not.toHaveProperty('seen');

    const loaded = await store.load('c1');
    expect(loaded?.seen).toEqual(seen);
    expect(loaded?.seenSaved).toBe(4);
    expect(loaded?.history).toEqual(saved.history);
    expect((await store.list()).map((listed) => listed.id)).toEqual(['c1']);
  });

  it('should read a file saved before the seen file from its history, the condensed summary as a summary, and write all of it at the next save', async () => {
    const files = memoryPluginFiles();
    files.data.set(
      'conversations/old.json',
      JSON.stringify({
        id: 'old',
        title: 'Garden',
        createdAt: 1,
        updatedAt: 2,
        history: [
          {
            role: 'user',
            text: `${SUMMARY_PREFIX}\nThe user planned a garden.\n\nThe task the user gave in this run: And the pond?`,
          },
          {
            role: 'assistant',
            text: 'Looking.',
            toolCalls: [{ id: 't1', name: 'vault.searchText', input: { query: 'pond' } }],
          },
          {
            role: 'tool-results',
            results: [{ callId: 't1', name: 'vault.searchText', content: 'Garden.md: pond', isError: false }],
          },
          { role: 'assistant', text: 'The pond goes east.', toolCalls: [] },
        ],
      }),
    );
    const store = new ConversationStore(files);
    const loaded = await store.load('old');
    expect(loaded?.seen).toEqual([
      { kind: 'summary', text: 'The user planned a garden.\n\nThe task the user gave in this run: And the pond?' },
      { kind: 'answer', text: 'Looking.' },
      {
        kind: 'tool',
        id: 't1',
        name: 'vault.searchText',
        input: { query: 'pond' },
        result: { ok: true, text: 'Garden.md: pond' },
      },
      { kind: 'answer', text: 'The pond goes east.' },
    ]);
    expect(loaded?.seenSaved).toBe(0);

    await store.save({ ...loaded!, seen: [...loaded!.seen, { kind: 'user', text: 'Thanks' }] });
    expect((await store.load('old'))?.seen).toHaveLength(5);
  });

  it('should skip a damaged line of the seen file, such as one cut short by a crash while appending', async () => {
    const files = memoryPluginFiles();
    const store = new ConversationStore(files);
    await store.save(
      conversation({
        seen: [
          { kind: 'user', text: 'One' },
          { kind: 'answer', text: 'Two' },
        ],
      }),
    );
    files.data.set(
      'conversations/c1.seen.jsonl',
      `${files.data.get('conversations/c1.seen.jsonl') ?? ''}\n{"kind":"answer","te`,
    );
    expect((await store.load('c1'))?.seen).toEqual([
      { kind: 'user', text: 'One' },
      { kind: 'answer', text: 'Two' },
    ]);
    const loaded = await store.load('c1');
    await store.save({ ...loaded!, seen: [...loaded!.seen, { kind: 'user', text: 'Three' }] });
    expect((await store.load('c1'))?.seen.map((entry) => 'text' in entry && entry.text)).toEqual([
      'One',
      'Two',
      'Three',
    ]);
  });
});
