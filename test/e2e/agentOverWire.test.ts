import { afterEach, describe, expect, it } from 'vitest';
import { SUMMARY_PREFIX } from '../../src/core/agent/condensing';
import { ScriptedApproval } from '../builders/pipeline';
import { useWireServer } from '../builders/useWireServer';
import { anthropicError, openAiError, sse, WireServer, type WirePath } from '../builders/wireServer';
import {
  adaptedStream,
  anthropicCalls,
  anthropicJson,
  anthropicStart,
  anthropicText,
  openAiCalls,
  openAiJson,
  openAiText,
  type WireCall,
} from '../builders/wireScripts';
import { buildWireAgent, removeTemporaryFolders, WRITE_WIRE_NAMES, wireToolNames } from './wireAgent';

let server: WireServer;
useWireServer((started) => (server = started));
afterEach(() => removeTemporaryFolders());

const MESSAGES: WirePath = '/v1/messages';
const CHAT: WirePath = '/v1/chat/completions';
const call = (id: string, name: string, input: unknown): WireCall => ({ id, name, input });

type Block = {
  type: string;
  name?: string;
  tool_use_id?: string;
  content?: string;
  is_error?: boolean;
  cache_control?: unknown;
  text?: string;
};
type AnthropicBody = {
  system?: Block[];
  tools?: (Block & { name: string })[];
  messages: { role: string; content: Block[] }[];
};
type ChatBody = {
  messages: {
    role: string;
    content: string | null;
    tool_call_id?: string;
    tool_calls?: { id: string; function: { name: string } }[];
  }[];
  tools?: unknown[];
};

const anthropicBodies = (): AnthropicBody[] => server.bodies(MESSAGES) as unknown as AnthropicBody[];
const chatBodies = (): ChatBody[] => server.bodies(CHAT) as unknown as ChatBody[];
const toolResults = (body: AnthropicBody | undefined): Block[] =>
  (body?.messages ?? []).flatMap((message) => message.content.filter((block) => block.type === 'tool_result'));

describe('the agent over the wire: Anthropic', () => {
  it('should run a multi-step task through the real SDK: read, parse, two approved creates, attemptCompletion', async () => {
    const inbox = '- Weekly review\n- Standing desk\n';
    server.reply(
      MESSAGES,
      anthropicCalls([call('toolu_1', 'vault.readFile', { path: 'Inbox.md' })], 'I will read the inbox first.'),
      anthropicCalls([call('toolu_2', 'util.parseMarkdownBullets', { text: inbox })]),
      anthropicCalls([
        call('toolu_3', 'vault.createFile', { path: 'Ideas/Weekly review.md', content: '# Weekly review\n' }),
        call('toolu_4', 'vault.createFile', { path: 'Ideas/Standing desk.md', content: '# Standing desk\n' }),
      ]),
      anthropicCalls([call('toolu_5', 'agent.attemptCompletion', { result: 'Created 2 notes in Ideas/.' })]),
    );
    const agent = await buildWireAgent({ server, provider: 'anthropic', files: { 'Inbox.md': inbox } });
    const result = await agent.run('Turn my inbox into notes');

    expect(result).toMatchObject({
      completedBy: 'attemptCompletion',
      text: 'Created 2 notes in Ideas/.',
      iterations: 4,
    });
    expect(agent.vault.dump()).toEqual({
      'Inbox.md': inbox,
      'Ideas/Weekly review.md': '# Weekly review\n',
      'Ideas/Standing desk.md': '# Standing desk\n',
    });
    expect(
      agent.approval.requests.map((request) => [request.summary, request.preview.files.map((file) => file.kind)]),
    ).toEqual([
      ['Create Ideas/Weekly review.md', ['created']],
      ['Create Ideas/Standing desk.md', ['created']],
    ]);
    expect(agent.audit().map((line) => [line.tool, line.ok])).toEqual([
      ['vault.readFile', true],
      ['util.parseMarkdownBullets', true],
      ['vault.createFile', true],
      ['vault.createFile', true],
      ['agent.attemptCompletion', true],
    ]);
    expect((await agent.services.lastRun())?.files).toEqual(['Ideas/Standing desk.md', 'Ideas/Weekly review.md']);
    expect(result.usage).toEqual({ inputTokens: 400, outputTokens: 40, cacheReadTokens: 0, cacheWriteTokens: 0 });

    const bodies = anthropicBodies();
    expect(bodies).toHaveLength(4);
    for (const body of bodies) {
      const names = wireToolNames(body);
      expect(names).toContain('vault_createFile');
      expect(names.every((name) => /^[a-z]+_[A-Za-z]+$/.test(name))).toBe(true);
      // allowDeletes and allowCommands are off: their tools never reach the model.
      expect(names).not.toContain('vault_delete');
      expect(names).not.toContain('commands_run');
    }
    const second = bodies[1] as AnthropicBody;
    expect(second.messages[1]?.content.find((block) => block.type === 'tool_use')).toMatchObject({
      name: 'vault_readFile',
    });
    expect(toolResults(second)).toEqual([
      expect.objectContaining({ tool_use_id: 'toolu_1', content: expect.stringContaining('Weekly review') as string }),
    ]);
    expect(toolResults(bodies[3]).map((block) => block.tool_use_id)).toEqual([
      'toolu_1',
      'toolu_2',
      'toolu_3',
      'toolu_4',
    ]);
  });

  it('should put cache breakpoints on the system prompt, the last tool and the last message block only', async () => {
    server.reply(MESSAGES, anthropicCalls([call('toolu_1', 'vault.listFiles', {})]), anthropicText('Two notes.'));
    const agent = await buildWireAgent({ server, provider: 'anthropic', files: { 'a.md': 'A', 'b.md': 'B' } });
    await agent.run('What is in my vault?');
    for (const body of anthropicBodies()) {
      expect(body.system?.map((block) => block.cache_control)).toEqual([{ type: 'ephemeral' }]);
      const tools = body.tools ?? [];
      expect(tools.map((tool) => tool.cache_control !== undefined)).toEqual(
        tools.map((_, i) => i === tools.length - 1),
      );
      const marked = body.messages.flatMap((message, m) =>
        message.content.flatMap((block, b) => (block.cache_control ? [[m, b]] : [])),
      );
      const last = body.messages.length - 1;
      expect(marked).toEqual([[last, (body.messages[last]?.content.length ?? 0) - 1]]);
    }
  });

  it('should send a rejection back to the model and leave the vault alone', async () => {
    server.reply(
      MESSAGES,
      anthropicCalls([call('toolu_1', 'vault.createFile', { path: 'Draft.md', content: 'x' })]),
      anthropicText('Understood, I will not create it.'),
    );
    const approval = new ScriptedApproval(() => ({ approved: false, reason: 'the user rejected it' }));
    const agent = await buildWireAgent({ server, provider: 'anthropic', approval });
    const result = await agent.run('Create a draft');
    expect(result).toMatchObject({ completedBy: 'text', text: 'Understood, I will not create it.' });
    expect(agent.vault.dump()).toEqual({});
    expect(toolResults(anthropicBodies()[1])).toEqual([
      expect.objectContaining({
        tool_use_id: 'toolu_1',
        is_error: true,
        content: expect.stringContaining('vault.createFile was not approved: the user rejected it') as string,
      }),
    ]);
    expect(await agent.services.lastRun()).toBeNull();
  });

  it('should never run a tool call cut off at max_tokens (recorded stream), and tell the model why', async () => {
    server.reply(
      MESSAGES,
      adaptedStream('anthropic_tool_use_truncated_max_tokens.sse', [['"make_file"', '"vault_createFile"']]),
      anthropicText('I will write it in parts.'),
    );
    const agent = await buildWireAgent({ server, provider: 'anthropic' });
    const result = await agent.run('Write my tax guide to taxes.txt');
    expect(result.text).toBe('I will write it in parts.');
    expect(agent.vault.dump()).toEqual({});
    expect(agent.approval.requests).toEqual([]);
    expect(agent.audit()).toEqual([]);
    const second = anthropicBodies()[1] as AnthropicBody;
    expect(second.messages[1]?.content.find((block) => block.type === 'tool_use')).toMatchObject({
      name: 'vault_createFile',
      input: {},
    });
    expect(toolResults(second)[0]).toMatchObject({
      is_error: true,
      content: expect.stringContaining('cut off by the output token limit (1000 tokens)') as string,
    });
  });

  it("should end the run with the provider's words on a mid-stream error event, without retrying", async () => {
    const broken = sse([
      anthropicStart(),
      {
        event: 'content_block_start',
        data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      },
      {
        event: 'content_block_delta',
        data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me look' } },
      },
      { event: 'error', data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
    ]);
    server.reply(MESSAGES, { sse: broken });
    const agent = await buildWireAgent({ server, provider: 'anthropic' });
    const result = await agent.run('Look around');
    expect(result).toMatchObject({
      completedBy: 'error',
      error: {
        code: 'PROVIDER_ERROR',
        message: 'Anthropic broke off the answer (529): Overloaded. Send the message again',
      },
    });
    expect(server.requests).toHaveLength(1);
    expect(agent.clock.sleeps).toEqual([]);
  });

  it('should condense at once on a context overflow (400), then succeed', async () => {
    server.reply(
      MESSAGES,
      anthropicCalls([call('toolu_1', 'util.slugifyTitle', { title: 'Garden shed' })]),
      anthropicCalls([call('toolu_2', 'util.slugifyTitle', { title: 'Newsletter relaunch' })]),
      {
        status: 400,
        json: anthropicError('invalid_request_error', 'prompt is too long: 210000 tokens > 200000 maximum'),
      },
      anthropicText('The user wants slugs; two are made.'),
      anthropicText('Done: garden-shed and newsletter-relaunch.'),
    );
    const agent = await buildWireAgent({ server, provider: 'anthropic' });
    const result = await agent.run('Slugify my project titles');
    expect(result).toMatchObject({ completedBy: 'text', text: 'Done: garden-shed and newsletter-relaunch.' });
    expect(agent.events).toContain('condense (emergency)');
    const bodies = anthropicBodies();
    expect(bodies).toHaveLength(5);
    expect(bodies[3]?.tools ?? []).toEqual([]);
    expect(JSON.stringify(bodies[3]?.system)).toContain('You condense a conversation');
    expect(bodies[4]?.messages[0]?.content[0]?.text).toMatch(
      new RegExp(`^\\${SUMMARY_PREFIX.slice(0, -1)}\\]\\nThe user wants slugs; two are made\\.`),
    );
    expect(bodies[4]?.messages.length).toBeLessThan(bodies[2]?.messages.length ?? 0);
  });

  it('should escalate from Ask to Agent: Ask requests carry no write tools, the next ones do', async () => {
    server.reply(
      MESSAGES,
      anthropicCalls([call('toolu_1', 'agent.switchMode', { mode: 'agent', reason: 'the user wants a note' })]),
      anthropicCalls([call('toolu_2', 'vault.createFile', { path: 'Idea.md', content: 'An idea' })]),
      anthropicText('Created Idea.md.'),
    );
    const agent = await buildWireAgent({ server, provider: 'anthropic' });
    const result = await agent.run('Write down my idea', 'ask');
    expect(result).toMatchObject({ completedBy: 'text', mode: 'agent' });
    const [ask, agentMode] = anthropicBodies().map((body) => wireToolNames(body));
    expect(ask).toContain('agent_switchMode');
    expect(ask?.filter((name) => WRITE_WIRE_NAMES.includes(name))).toEqual([]);
    expect(agentMode).toContain('vault_createFile');
    expect(JSON.stringify(anthropicBodies()[0]?.system)).toContain('You are in Ask mode');
    expect(agent.events).toContain('mode ask → agent');
    expect(agent.vault.dump()).toEqual({ 'Idea.md': 'An idea' });
  });

  it('should refuse a write the model calls in Ask mode although it was not offered', async () => {
    server.reply(
      MESSAGES,
      anthropicCalls([call('toolu_1', 'vault.createFile', { path: 'x.md', content: 'x' })]),
      anthropicText('I cannot write in Ask mode.'),
    );
    const agent = await buildWireAgent({ server, provider: 'anthropic' });
    await agent.run('Create x', 'ask');
    expect(agent.vault.dump()).toEqual({});
    expect(agent.approval.requests).toEqual([]);
    expect(toolResults(anthropicBodies()[1])[0]).toMatchObject({
      is_error: true,
      content: expect.stringContaining('code="NOT_ALLOWED"') as string,
    });
    for (const body of anthropicBodies())
      expect(wireToolNames(body).filter((name) => WRITE_WIRE_NAMES.includes(name))).toEqual([]);
  });
});

describe('the agent over the wire: OpenAI and compatible servers', () => {
  it('should run two reads of one turn and send both results back, in order, as tool messages', async () => {
    server.reply(
      CHAT,
      openAiCalls([
        call('call_a', 'vault.readFile', { path: 'a.md' }),
        call('call_b', 'vault.readFile', { path: 'b.md' }),
      ]),
      openAiText('A says alpha, B says beta.'),
    );
    const agent = await buildWireAgent({ server, provider: 'openai', files: { 'a.md': 'alpha', 'b.md': 'beta' } });
    const result = await agent.run('What do a and b say?');
    expect(result.text).toBe('A says alpha, B says beta.');
    expect(agent.events).toEqual([
      'call vault.readFile',
      'call vault.readFile',
      'result vault.readFile ok',
      'result vault.readFile ok',
    ]);
    const second = chatBodies()[1] as ChatBody;
    const tail = second.messages.slice(-3);
    expect(tail[0]?.tool_calls?.map((c) => [c.id, c.function.name])).toEqual([
      ['call_a', 'vault_readFile'],
      ['call_b', 'vault_readFile'],
    ]);
    expect(
      tail
        .slice(1)
        .map((message) => [
          message.role,
          message.tool_call_id,
          message.content?.includes(message.tool_call_id === 'call_a' ? 'alpha' : 'beta'),
        ]),
    ).toEqual([
      ['tool', 'call_a', true],
      ['tool', 'call_b', true],
    ]);
    expect(agent.approval.requests).toEqual([]);
  });

  it.each<{
    quirk: string;
    file: string;
    replacements: [string, string][];
    files: Record<string, string>;
    expectFiles: Record<string, string>;
    expectResult: string;
  }>([
    {
      quirk: 'Ollama: every parallel call at index 0',
      file: 'quirks/ollama_index_always_zero_two_calls.SYNTHETIC.sse',
      replacements: [
        ['file_write', 'vault_createFile'],
        ['filePath', 'path'],
        ['hello.py', 'hello.md'],
        ['world.py', 'world.md'],
      ],
      files: {},
      expectFiles: { 'hello.md': 'print("hello")', 'world.md': 'print("world")' },
      expectResult: '"path":"hello.md","created":true',
    },
    {
      quirk: 'LM Studio: empty name on argument chunks',
      file: 'quirks/lmstudio_empty_name_in_argument_chunks.SYNTHETIC.sse',
      replacements: [['search_notes', 'vault_searchText']],
      files: { 'Budget.md': 'The budget for the shed is 400 €.' },
      expectFiles: { 'Budget.md': 'The budget for the shed is 400 €.' },
      expectResult: 'Budget.md',
    },
    {
      quirk: 'Ollama gpt-oss: first delta with an index but no id',
      file: 'quirks/first_delta_index_without_id.SYNTHETIC.sse',
      replacements: [
        ['read_note', 'vault_readFile'],
        ['filepath', 'path'],
      ],
      files: { 'Daily/2024-01-01.md': 'New year, new garden.' },
      expectFiles: { 'Daily/2024-01-01.md': 'New year, new garden.' },
      expectResult: 'New year, new garden.',
    },
    {
      quirk: 'Ollama 0.3: the whole call in one chunk, no index (verbatim)',
      file: 'quirks/ollama_v0.3_single_chunk_tool_call_no_index.sse',
      replacements: [
        ['function_1', 'util_slugifyTitle'],
        ['{\\"a\\":10,\\"b\\":11}', '{\\"title\\":\\"Garden Shed\\"}'],
      ],
      files: {},
      expectFiles: {},
      expectResult: 'garden-shed',
    },
  ])(
    'should run the calls of a quirk stream ($quirk)',
    async ({ file, replacements, files, expectFiles, expectResult }) => {
      server.reply(CHAT, adaptedStream(file, replacements), openAiText('Done.'));
      const agent = await buildWireAgent({ server, provider: 'openai-compatible', files });
      const result = await agent.run('Go');
      expect(result).toMatchObject({ completedBy: 'text', text: 'Done.' });
      expect(agent.events.filter((event) => event.startsWith('result')).every((event) => event.endsWith(' ok'))).toBe(
        true,
      );
      expect(agent.vault.dump()).toEqual(expectFiles);
      const toolMessages = (chatBodies()[1]?.messages ?? []).filter((message) => message.role === 'tool');
      expect(toolMessages.length).toBe(agent.events.filter((event) => event.startsWith('call')).length);
      expect(toolMessages[0]?.content).toContain(expectResult);
      expect(server.requests[0]?.headers.authorization).toBeUndefined();
    },
  );

  it('should stop offering agent.newTask at the sub-task depth limit and refuse it there', async () => {
    server.reply(
      CHAT,
      openAiCalls([call('call_1', 'agent.newTask', { mode: 'agent', message: 'level one' })]),
      openAiCalls([call('call_2', 'agent.newTask', { mode: 'agent', message: 'level two' })]),
      openAiCalls([call('call_3', 'agent.newTask', { mode: 'agent', message: 'level three' })]),
      openAiText('two done'),
      openAiText('one done'),
      openAiText('all done'),
    );
    const agent = await buildWireAgent({ server, provider: 'openai' });
    const result = await agent.run('Go deep');
    expect(result.text).toBe('all done');
    const bodies = chatBodies();
    expect(bodies.map((body) => wireToolNames(body).includes('agent_newTask'))).toEqual([
      true,
      true,
      false,
      false,
      true,
      true,
    ]);
    expect(bodies[2]?.messages.filter((message) => message.role !== 'system')).toEqual([
      { role: 'user', content: 'level two' },
    ]);
    expect(bodies[3]?.messages.find((message) => message.role === 'tool')?.content).toContain(
      'agent.newTask is not available in the current mode',
    );
    expect(agent.events).toContain('subtask start 1');
    expect(agent.events).toContain('subtask end 1 text');
  });
});

describe('the agent over the wire: whole JSON answers (streaming off)', () => {
  it.each([
    { provider: 'anthropic' as const, path: MESSAGES, turn: anthropicJson },
    { provider: 'openai' as const, path: CHAT, turn: openAiJson },
  ])('should run read, approved write and final answer with $provider over JSON', async ({ provider, path, turn }) => {
    server.reply(
      path,
      turn({ text: 'Reading the note.', calls: [call('c1', 'vault.readFile', { path: 'Plan.md' })] }),
      turn({ calls: [call('c2', 'vault.writeFile', { path: 'Plan.md', content: '- [x] order timber\n' })] }),
      turn({ text: 'Ticked it off.' }),
    );
    const agent = await buildWireAgent({
      server,
      provider,
      streaming: false,
      files: { 'Plan.md': '- [ ] order timber\n' },
    });
    const result = await agent.run('Tick off the timber');
    expect(result).toMatchObject({ completedBy: 'text', text: 'Ticked it off.', iterations: 3 });
    expect(agent.vault.dump()).toEqual({ 'Plan.md': '- [x] order timber\n' });
    expect(agent.approval.requests.map((request) => request.preview.files[0]?.kind)).toEqual(['modified']);
    const bodies = server.bodies(path);
    expect(bodies.map((body) => body.stream)).toEqual([false, false, false]);
    expect(wireToolNames(bodies[0])).toContain('vault_writeFile');
    expect(
      server.requests.every((request) => !String(request.headers.accept ?? '').includes('text/event-stream')),
    ).toBe(true);
  });
});

describe('the agent over the wire: provider failures', () => {
  it.each([
    {
      provider: 'anthropic' as const,
      path: MESSAGES,
      body: anthropicError('rate_limit_error', 'Slow down'),
      ok: anthropicText('Hello.'),
    },
    {
      provider: 'openai' as const,
      path: CHAT,
      body: openAiError('Rate limit reached', 'requests', 'rate_limit_exceeded'),
      ok: openAiText('Hello.'),
    },
  ])(
    'should wait as long as retry-after says after a 429 from $provider, then carry on',
    async ({ provider, path, body, ok }) => {
      server.reply(path, { status: 429, headers: { 'retry-after': '3' }, json: body }, ok);
      const agent = await buildWireAgent({ server, provider });
      const result = await agent.run('Hi');
      expect(result).toMatchObject({ completedBy: 'text', text: 'Hello.' });
      expect(agent.clock.sleeps).toEqual([3000]);
      expect(server.requests).toHaveLength(2);
      // The provider's own retry is a request too: the run's count must match what the server saw.
      expect(result.modelCalls).toBe(2);
    },
  );

  it.each([
    {
      provider: 'anthropic' as const,
      path: MESSAGES,
      body: anthropicError('authentication_error', 'invalid x-api-key'),
      label: 'Anthropic',
    },
    {
      provider: 'openai' as const,
      path: CHAT,
      body: openAiError('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
      label: 'OpenAI',
    },
  ])(
    'should end the run on a 401 from $provider with a message naming the API key setting',
    async ({ provider, path, body, label }) => {
      server.reply(path, { status: 401, json: body });
      const agent = await buildWireAgent({ server, provider });
      const result = await agent.run('Hi');
      expect(result).toMatchObject({
        completedBy: 'error',
        error: {
          code: 'PROVIDER_AUTH',
          message: `${label} rejected the API key (401): set it in Settings → Embedded Agent → API key`,
        },
      });
      expect(server.requests).toHaveLength(1);
    },
  );
});
