import { describe, expect, it } from 'vitest';
import type { HistoryMessage } from '../../../src/core/ports/llm';
import { ScriptedApproval } from '../../builders/pipeline';
import { call, callsReply, textReply, usage } from '../../builders/scriptedModel';
import { buildAgent } from './harness';

describe('AgentTask: the loop', () => {
  it('should run tool calls step by step, feeding each result back, until a reply without tool calls', async () => {
    const { run, model, fixture } = buildAgent({
      files: { 'Inbox/List.md': '- Alpha\n- Beta\n' },
      replies: [
        callsReply([call('vault.readFile', { path: 'Inbox/List.md' }, 'r1')]),
        callsReply([call('vault.createFile', { path: 'Projects/Alpha.md', content: '# Alpha\n' }, 'c1')]),
        textReply('Created Projects/Alpha.md.'),
      ],
    });
    const result = await run('Make a note for the first bullet');
    expect(result).toMatchObject({ completedBy: 'text', text: 'Created Projects/Alpha.md.', iterations: 3 });
    expect(fixture.context.vault.dump()['Projects/Alpha.md']).toBe('# Alpha\n');
    const second = model.requests[1]?.messages ?? [];
    expect(second.map((message) => message.role)).toEqual(['user', 'assistant', 'tool-results']);
    expect(second[2]).toMatchObject({
      role: 'tool-results',
      results: [{ callId: 'r1', name: 'vault.readFile', isError: false }],
    });
    expect(JSON.stringify(second[2])).toContain('- Alpha');
    expect(result.history.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool-results',
      'assistant',
      'tool-results',
      'assistant',
    ]);
  });

  it('should run the reads of one answer together and return every result in call order', async () => {
    let inFlight = 0;
    let most = 0;
    const { run, fixture, model } = buildAgent({ files: { 'a.md': 'A', 'b.md': 'B', 'c.md': 'C' } });
    // vault.readFile reads a note's bytes, to know its encoding.
    const read = fixture.context.vault.readBinary.bind(fixture.context.vault);
    fixture.context.vault.readBinary = async (path: string) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      return read(path);
    };
    model.push(
      callsReply(['a.md', 'b.md', 'c.md'].map((path, i) => call('vault.readFile', { path }, `read-${i}`))),
      textReply('A, B and C.'),
    );
    await run('Read a, b and c');
    expect(most).toBe(3);
    const results = model.requests[1]?.messages[2];
    expect(results?.role === 'tool-results' && results.results.map((r) => r.callId)).toEqual([
      'read-0',
      'read-1',
      'read-2',
    ]);
  });

  it('should end with the result of agent.attemptCompletion and run nothing after it', async () => {
    const { run, fixture, events } = buildAgent({
      replies: [
        callsReply(
          [
            call('agent.attemptCompletion', { result: 'Nothing to do.' }),
            call('vault.createFile', { path: 'late.md', content: 'x' }),
          ],
          { text: 'Done. ' },
        ),
      ],
    });
    const result = await run('Check the inbox');
    expect(result).toMatchObject({ completedBy: 'attemptCompletion', text: 'Nothing to do.', iterations: 1 });
    expect(fixture.context.vault.dump()).toEqual({});
    expect(events).toEqual([
      'call agent.attemptCompletion',
      'result agent.attemptCompletion ok',
      'result vault.createFile CANCELLED',
    ]);
    expect(result.history.at(-1)).toMatchObject({
      role: 'tool-results',
      results: [{ isError: false }, { isError: true }],
    });
  });

  it('should tell the model when the user rejects a write, and let it answer', async () => {
    const approval = new ScriptedApproval(() => ({ approved: false, reason: 'wrong folder' }));
    const { run, model, fixture } = buildAgent({
      approval,
      replies: [
        callsReply([call('vault.createFile', { path: 'x.md', content: 'x' })]),
        textReply('Understood, I did not create it.'),
      ],
    });
    const result = await run('Create x');
    expect(result.completedBy).toBe('text');
    expect(approval.requests.map((request) => request.tool)).toEqual(['vault.createFile']);
    expect(fixture.context.vault.dump()).toEqual({});
    expect(model.requests[1]?.messages[2]).toMatchObject({
      role: 'tool-results',
      results: [
        {
          isError: true,
          content:
            '<error tool="vault.createFile" code="DENIED">vault.createFile was not approved: wrong folder. Nothing was changed.</error>',
        },
      ],
    });
  });

  it('should never run a call cut off by the token limit, and tell the model why', async () => {
    const { run, model, fixture, events } = buildAgent({
      replies: [
        callsReply([
          { name: 'vault.createFile', input: { path: 'long.md', content: 'cut' }, truncated: true, id: 't1' },
        ]),
        textReply('I will write it in parts.'),
      ],
    });
    await run('Write a long note');
    expect(fixture.context.vault.dump()).toEqual({});
    expect(events).toContain('result vault.createFile INVALID_INPUT');
    expect(model.requests[1]?.messages[2]).toEqual({
      role: 'tool-results',
      results: [
        {
          callId: 't1',
          name: 'vault.createFile',
          isError: true,
          content:
            '<error tool="vault.createFile" code="INVALID_INPUT">vault.createFile was not run: the call was cut off by the output token limit (1000 tokens) before its arguments were complete. Send it again with less in one call, e.g. write a long note in parts (vault.writeFile with mode "append").</error>',
        },
      ],
    });
    expect(model.requests[1]?.messages[1]).toMatchObject({
      role: 'assistant',
      toolCalls: [{ id: 't1', name: 'vault.createFile', input: {} }],
    });
    expect(fixture.audit()).toEqual([]);
  });

  it('should answer arguments that are not JSON with a recoverable error, then carry on', async () => {
    const { run, model, fixture } = buildAgent({
      replies: [
        callsReply([{ name: 'vault.createFile', invalidJson: 'Unexpected token } in JSON at position 12', id: 'bad' }]),
        callsReply([call('vault.createFile', { path: 'ok.md', content: 'fine' })]),
        textReply('Done.'),
      ],
    });
    const result = await run('Create ok.md');
    expect(result.completedBy).toBe('text');
    expect(fixture.context.vault.dump()).toEqual({ 'ok.md': 'fine' });
    expect(model.requests[1]?.messages[2]).toMatchObject({
      results: [
        {
          isError: true,
          content:
            '<error tool="vault.createFile" code="INVALID_INPUT">vault.createFile was not run: its arguments are not valid JSON (Unexpected token } in JSON at position 12). Send the call again with a JSON object that matches the tool\'s schema.</error>',
        },
      ],
    });
  });

  it('should stop at once when cancelled mid-stream, keeping the text so far and running no tool', async () => {
    const harness = buildAgent({
      replies: [
        [
          { type: 'text', delta: 'Let me ' },
          { type: 'text', delta: 'create it' },
          ...callsReply([call('vault.createFile', { path: 'x.md', content: 'x' })]),
        ],
      ],
    });
    harness.callbacks.onText = () => harness.task.cancel();
    const result = await harness.run('Create x');
    expect(result).toMatchObject({ completedBy: 'cancelled', text: 'Let me ' });
    expect(harness.fixture.context.vault.dump()).toEqual({});
    expect(harness.events).toEqual([]);
    expect(result.history.at(-1)).toEqual({ role: 'assistant', text: 'Let me ', toolCalls: [] });
  });

  it("should stop before the next model call when the caller's signal aborts during a tool call", async () => {
    const controller = new AbortController();
    const { run, model, fixture } = buildAgent({
      files: { 'a.md': 'A' },
      replies: [callsReply([call('vault.readFile', { path: 'a.md' })]), textReply('never')],
    });
    const read = fixture.context.vault.readBinary.bind(fixture.context.vault);
    fixture.context.vault.readBinary = (path: string) => {
      controller.abort();
      return read(path);
    };
    const result = await run('Read a', { signal: controller.signal });
    expect(result.completedBy).toBe('cancelled');
    expect(model.requests).toHaveLength(1);
  });

  it('should add up token usage per call and per run, and report both', async () => {
    const reports: unknown[] = [];
    const harness = buildAgent({
      files: { 'a.md': 'A' },
      replies: [
        callsReply([call('vault.readFile', { path: 'a.md' })], { tokens: usage(100, 20, { cacheWriteTokens: 50 }) }),
        textReply('A.', usage(30, 10, { cacheReadTokens: 50 })),
      ],
    });
    harness.callbacks.onUsage = (report) => reports.push(report);
    const result = await harness.run('Read a');
    expect(result.usage).toEqual({ inputTokens: 130, outputTokens: 30, cacheReadTokens: 50, cacheWriteTokens: 50 });
    expect(reports).toEqual([
      {
        call: { inputTokens: 100, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 50 },
        run: { inputTokens: 100, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 50 },
      },
      { call: { inputTokens: 30, outputTokens: 10, cacheReadTokens: 50, cacheWriteTokens: 0 }, run: result.usage },
    ]);
  });

  it('should end with an error result naming the cause when the model call fails', async () => {
    const { AgentError } = await import('../../../src/core/errors');
    const errors: string[] = [];
    const harness = buildAgent({
      replies: [
        {
          error: new AgentError(
            'PROVIDER_AUTH',
            'Anthropic rejected the API key (401): set it in Settings → Embedded Agent',
          ),
        },
      ],
    });
    harness.callbacks.onError = (error) => errors.push(error.code);
    const result = await harness.run('Hello');
    expect(result).toMatchObject({
      completedBy: 'error',
      text: 'Anthropic rejected the API key (401): set it in Settings → Embedded Agent',
      error: { code: 'PROVIDER_AUTH' },
    });
    expect(errors).toEqual(['PROVIDER_AUTH']);
  });

  it('should append to earlier history without changing it, and end the pipeline run with its audit', async () => {
    const earlier: HistoryMessage[] = [
      { role: 'user', text: 'Hi' },
      { role: 'assistant', text: 'Hello!', toolCalls: [] },
    ];
    const { run, model, fixture } = buildAgent({
      files: { 'a.md': 'A' },
      replies: [callsReply([call('vault.readFile', { path: 'a.md' })]), textReply('A.')],
    });
    const result = await run('Read a', { history: earlier });
    expect(model.requests[0]?.messages).toEqual([...earlier, { role: 'user', text: 'Read a' }]);
    expect(result.history.slice(0, 3)).toEqual(model.requests[0]?.messages);
    expect(earlier).toHaveLength(2);
    expect(fixture.audit()).toEqual([expect.objectContaining({ runId: 'task-1', tool: 'vault.readFile', ok: true })]);
  });
});
