import { describe, expect, it } from 'vitest';
import { createLlm } from '../../src/plugin/chatRuntime';
import { DEFAULT_SETTINGS } from '../../src/settings/settings';
import type { App } from 'obsidian';
import { buildRequest, collect, summary } from '../providers/helpers';
import { useWireServer } from '../builders/useWireServer';
import { WireServer } from '../builders/wireServer';

let server: WireServer;
useWireServer((started) => (server = started));

const CHAT = '/v1/chat/completions';
// createLlm reads only the secret storage of the app; a local server needs no key.
const keylessApp = { secretStorage: { getSecret: () => null } } as unknown as App;
const CALL = '<tool_call>\n{"name": "vault_readFile", "arguments": {"path": "Inbox.md"}}\n</tool_call>';

describe("the chat panel's model and toolCallFormat", () => {
  it.each([
    ['text', undefined, [{ name: 'vault.readFile', input: { path: 'Inbox.md' } }]],
    ['native', 2, []],
  ] as const)(
    'should follow the setting %s: native tools sent %s, calls read from text',
    async (format, tools, calls) => {
      server.reply(CHAT, {
        json: {
          id: 'c',
          object: 'chat.completion',
          created: 1,
          model: 'qwen2.5:7b',
          choices: [{ index: 0, message: { role: 'assistant', content: CALL }, finish_reason: 'stop' }],
        },
      });
      const settings = {
        ...DEFAULT_SETTINGS,
        provider: 'openai-compatible',
        model: 'qwen2.5:7b',
        baseUrl: server.openAiBaseUrl,
        streaming: false,
        maxRetries: 0,
        toolCallFormat: format,
      } as const;
      const events = await collect(createLlm(keylessApp, settings), buildRequest());
      expect((server.bodies(CHAT)[0]?.tools as unknown[] | undefined)?.length).toBe(tools);
      expect(
        summary(events).calls.map((call) => ({
          name: (call as { name: string }).name,
          input: (call as { input: unknown }).input,
        })),
      ).toEqual(calls);
    },
  );
});
