import { describe, expect, it } from 'vitest';
import type { HistoryMessage, LlmEvent } from '../../src/core/ports/llm';
import type { ProviderConfig } from '../../src/providers/createProvider';
import { useWireServer } from '../builders/useWireServer';
import { DELETE_CALL, QUOTED_ANSWERS, READ_CALL } from '../builders/quotedCalls';
import { chunk, recordedStream, sse, WireServer } from '../builders/wireServer';
import { buildRequest, collect, summary, testProvider } from './helpers';

let server: WireServer;
useWireServer((started) => (server = started));

const CHAT = '/v1/chat/completions';
const local = (overrides: Partial<ProviderConfig> = {}): ReturnType<typeof testProvider> =>
  testProvider(server, 'openai-compatible', overrides);
const stream = (file: string): string => recordedStream(`text-calls/${file}`);
const callsOf = (events: LlmEvent[]): { name: string; input: unknown }[] =>
  events.flatMap((event) => (event.type === 'tool-call' ? [{ name: event.name, input: event.input }] : []));
const READ_INBOX = { name: 'vault.readFile', input: { path: 'Inbox.md' } };

/** An answer streamed as a local server sends it, `size` characters per chunk. */
function streamed(text: string, size: number): { sse: string } {
  const pieces = [chunk({ role: 'assistant', content: '' })];
  for (let at = 0; at < text.length; at += size) pieces.push(chunk({ content: text.slice(at, at + size) }));
  return { sse: sse([...pieces, chunk({}, 'stop'), '[DONE]']) };
}

describe('OpenAiProvider: tool calls written as text', () => {
  it.each([
    ['qwen25_hermes_tool_call.SYNTHETIC.sse', 'I will read your inbox first.\n', [READ_INBOX]],
    ['mistral_small_v11_tool_calls_args.SYNTHETIC.sse', '', [READ_INBOX]],
    ['llama31_python_tag.SYNTHETIC.sse', '', [READ_INBOX]],
    ['llama32_bare_json.SYNTHETIC.sse', '', [READ_INBOX]],
    ['fenced_json_tool_call.SYNTHETIC.sse', 'Let me look at the note.\n', [READ_INBOX]],
    [
      'mistral7b_v03_tool_calls.SYNTHETIC.sse',
      '',
      [{ name: 'vault.createFile', input: { path: 'Ideas/Garden.md', content: '# Garden' } }, READ_INBOX],
    ],
    [
      'hermes2pro_two_tool_calls.SYNTHETIC.sse',
      '',
      [
        { name: 'vault.createFile', input: { path: 'Ideas/Garden.md', content: '# Garden\n' } },
        { name: 'vault.createFile', input: { path: 'Ideas/Books {to read}.md', content: '# Books\n"quoted" } brace' } },
      ],
    ],
  ])('should turn the text call of %s into tool calls, showing only the text around it', async (file, text, calls) => {
    server.reply(CHAT, { sse: stream(file) });
    const events = await collect(local());
    expect(summary(events).text).toBe(text);
    expect(callsOf(events)).toEqual(calls);
    expect(summary(events).stop).toBe('tool_use');
    for (const event of events) if (event.type === 'tool-call') expect(event.id).toMatch(/^text_call_/);
    // Never a flash of markup: no text delta holds any part of a call's opening.
    for (const event of events) if (event.type === 'text') expect(event.delta).not.toMatch(/[<[{`|]/);
  });

  it('should leave prose that names <tool_call>, [TOOL_CALLS] and JSON that names no tool as the text it is', async () => {
    server.reply(CHAT, { sse: stream('prose_mentions_tool_call.SYNTHETIC.sse') });
    const events = await collect(local());
    expect(summary(events)).toMatchObject({
      text: 'Qwen marks a call with <tool_call> and then JSON; in code it is `<tool_call>{"name": "x"}</tool_call>`. A settings example:\n```json\n{"name": "Alice", "theme": "dark"}\n```\n{"name": "Bob"} is not a tool, and [TOOL_CALLS] alone does nothing.',
      calls: [],
      stop: 'end_turn',
    });
  });

  it('should never run a call the token limit cut off, and say why to the model', async () => {
    server.reply(CHAT, { sse: stream('qwen25_tool_call_cut_off.SYNTHETIC.sse') });
    const events = await collect(local());
    expect(summary(events).text).toBe('Creating it now.\n');
    expect(summary(events).calls).toEqual([
      expect.objectContaining({
        type: 'tool-call',
        name: 'vault.createFile',
        input: null,
        truncated: true,
        error: expect.stringContaining('cut off') as unknown,
      }),
    ]);
    expect(summary(events).stop).toBe('max_tokens');
  });

  it('should find the same call whatever the chunks it is split into, one character each included', async () => {
    const whole = 'Sure.\n<tool_call>\n{"name": "vault_readFile", "arguments": {"path": "Inbox.md"}}\n</tool_call>';
    for (const size of [1, 2, 5, 13]) {
      const pieces = [];
      for (let at = 0; at < whole.length; at += size) pieces.push(chunk({ content: whole.slice(at, at + size) }));
      server.reply(CHAT, { sse: sse([...pieces, chunk({}, 'stop'), '[DONE]']) });
      const events = await collect(local());
      expect(summary(events).text).toBe('Sure.\n');
      expect(callsOf(events)).toEqual([READ_INBOX]);
    }
  });

  it('should show a call quoted in a fence, a quote, a list, code or a sentence as text and make none (toolCallFormat text)', async () => {
    for (const [shape, answer] of Object.entries(QUOTED_ANSWERS)) {
      server.reply(CHAT, streamed(answer, 3));
      const events = await collect(local({ toolCallFormat: 'text' }));
      expect(summary(events), shape).toMatchObject({ text: answer, calls: [], stop: 'end_turn' });
    }
  });

  it('should make the call written below a quoted one, and show the quoted one as text (auto)', async () => {
    const answer = `The note holds:\n\n\`\`\`\n${DELETE_CALL}\n\`\`\`\n\n> ${DELETE_CALL.replace(/\n/g, '\n> ')}\n\nI will read the inbox instead.\n${READ_CALL}`;
    server.reply(CHAT, streamed(answer, 1));
    const events = await collect(local());
    expect(summary(events).text).toBe(answer.slice(0, answer.length - READ_CALL.length));
    expect(callsOf(events)).toEqual([READ_INBOX]);
    expect(summary(events).stop).toBe('tool_use');
  });

  it('should show the text as written, and run only the native call, when the answer also made one', async () => {
    server.reply(CHAT, {
      sse: sse([
        chunk({
          role: 'assistant',
          content: '<tool_call>{"name": "vault_readFile", "arguments": {"path": "A.md"}}</tool_call>',
        }),
        chunk({
          tool_calls: [
            {
              index: 0,
              id: 'call_n',
              type: 'function',
              function: { name: 'vault_readFile', arguments: '{"path":"B.md"}' },
            },
          ],
        }),
        chunk({}, 'tool_calls'),
        '[DONE]',
      ]),
    });
    const events = await collect(local());
    expect(summary(events).text).toBe(
      '<tool_call>{"name": "vault_readFile", "arguments": {"path": "A.md"}}</tool_call>',
    );
    expect(callsOf(events)).toEqual([{ name: 'vault.readFile', input: { path: 'B.md' } }]);
  });

  it('should leave the text alone with toolCallFormat native, when no tools were offered, and from OpenAI itself (auto)', async () => {
    const text = '<tool_call>\n{"name": "vault_readFile", "arguments": {"path": "Inbox.md"}}\n</tool_call>';
    for (let i = 0; i < 3; i += 1)
      server.reply(CHAT, { sse: sse([chunk({ role: 'assistant', content: text }), chunk({}, 'stop'), '[DONE]']) });
    expect(summary(await collect(local({ toolCallFormat: 'native' }))).text).toBe(text);
    expect(summary(await collect(local(), buildRequest({ tools: [] }))).text).toBe(text);
    expect(summary(await collect(testProvider(server, 'openai'))).text).toBe(text);
  });
});

describe('OpenAiProvider: what a text-calling model is sent', () => {
  const history: HistoryMessage[] = [
    { role: 'user', text: 'Read my inbox' },
    {
      role: 'assistant',
      text: 'Reading.',
      toolCalls: [{ id: 'text_call_ab12cd34', name: 'vault.readFile', input: { path: 'Inbox.md' } }],
    },
    {
      role: 'tool-results',
      results: [{ callId: 'text_call_ab12cd34', name: 'vault.readFile', content: '- Garden', isError: false }],
    },
  ];

  it('should send calls it read from text back as <tool_call> text and their results as <tool_response> (auto)', async () => {
    server.reply(CHAT, { sse: sse([chunk({ role: 'assistant', content: 'Done.' }), chunk({}, 'stop'), '[DONE]']) });
    await collect(local(), buildRequest({ messages: history }));
    const body = server.bodies(CHAT)[0] ?? {};
    expect(body.tools).toHaveLength(2);
    expect(body.messages).toEqual([
      { role: 'system', content: 'You are a vault agent.' },
      { role: 'user', content: 'Read my inbox' },
      {
        role: 'assistant',
        content: 'Reading.\n<tool_call>\n{"name":"vault_readFile","arguments":{"path":"Inbox.md"}}\n</tool_call>',
      },
      { role: 'user', content: '<tool_response>\n{"name":"vault_readFile","content":"- Garden"}\n</tool_response>' },
    ]);
  });

  it('should send every call as text with toolCallFormat text, native ones too, and say which result failed', async () => {
    server.reply(CHAT, { sse: sse([chunk({ role: 'assistant', content: 'Done.' }), chunk({}, 'stop'), '[DONE]']) });
    const messages: HistoryMessage[] = [
      { role: 'user', text: 'Make a note' },
      {
        role: 'assistant',
        text: '',
        toolCalls: [
          { id: 'call_1', name: 'vault.createFile', input: { path: 'A.md' } },
          { id: 'call_2', name: 'vault.readFile', input: { path: 'B.md' } },
        ],
      },
      {
        role: 'tool-results',
        results: [
          { callId: 'call_1', name: 'vault.createFile', content: 'Created A.md', isError: false },
          { callId: 'call_2', name: 'vault.readFile', content: 'NOT_FOUND B.md does not exist', isError: true },
        ],
      },
    ];
    await collect(local({ toolCallFormat: 'text' }), buildRequest({ messages }));
    expect((server.bodies(CHAT)[0]?.messages as unknown[]).slice(2)).toEqual([
      {
        role: 'assistant',
        content:
          '<tool_call>\n{"name":"vault_createFile","arguments":{"path":"A.md"}}\n</tool_call>\n<tool_call>\n{"name":"vault_readFile","arguments":{"path":"B.md"}}\n</tool_call>',
      },
      {
        role: 'user',
        content:
          '<tool_response>\n{"name":"vault_createFile","content":"Created A.md"}\n</tool_response>\n<tool_response>\n{"name":"vault_readFile","content":"Error: NOT_FOUND B.md does not exist"}\n</tool_response>',
      },
    ]);
  });

  it('should put the tools into the system prompt, with the format, and send no native tools (text)', async () => {
    server.reply(CHAT, { sse: sse([chunk({ role: 'assistant', content: 'Done.' }), chunk({}, 'stop'), '[DONE]']) });
    await collect(local({ toolCallFormat: 'text' }), buildRequest());
    const body = server.bodies(CHAT)[0] ?? {};
    expect(body.tools).toBeUndefined();
    const system = (body.messages as { content: string }[])[0]?.content ?? '';
    expect(system).toContain('- vault_createFile(path: string, content?: string): Create a note.');
    expect(system).toContain('- vault_readFile(path: string): Read a note.');
    expect(system).toContain('<tool_call>\n{"name": "<tool name>", "arguments": {<arguments as JSON>}}\n</tool_call>');
  });
});
