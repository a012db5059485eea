import { describe, expect, it } from 'vitest';
import { ConversationStore, SAVED_STRING_CHARS } from '../../../src/core/session/ConversationStore';
import { memoryPluginFiles } from '../../builders/pipeline';

const KEY = 'Xk9QmT4vR2pL8wZs3Nf6Hd1Jc5Bg7Ya0Qe';

describe('ConversationStore', () => {
  it('should save a conversation with the API key in any case and key-shaped tokens redacted, and each text cut', async () => {
    const files = memoryPluginFiles();
    const store = new ConversationStore(files, () => [KEY]);
    const big = `${'z'.repeat(5 * 1024 * 1024)}`;
    await store.save({
      id: 'c1', title: 'Copy', createdAt: 1, updatedAt: 2,
      history: [
        { role: 'user', text: `Use ${KEY.toLowerCase()} and sk-ant-api03-abcdefghijklmnopqrstuv` },
        { role: 'assistant', text: '', toolCalls: [{ id: 't1', name: 'vault.createFile', input: { path: 'Big.md', content: big } }] },
      ],
    });
    const text = files.data.get('conversations/c1.json') ?? '';
    expect(text.toLowerCase()).not.toContain(KEY.toLowerCase());
    expect(text).not.toContain('sk-ant-');
    expect(text.length).toBeLessThan(SAVED_STRING_CHARS + 1000);
    const loaded = await store.load('c1');
    expect(loaded?.history[0]).toEqual({ role: 'user', text: 'Use [redacted] and [redacted]' });
    expect(JSON.stringify(loaded?.history[1])).toContain(`…[+${big.length - SAVED_STRING_CHARS} chars]`);
  });
});
