import { describe, expect, it } from 'vitest';
import { TOOL_METADATA } from '../../../src/core/tools/metadata';
import { call, callsReply, textReply } from '../../builders/scriptedModel';
import { buildAgent } from './harness';
import { WordCountTool } from './wordCountTool';

const meta = (name: string) => TOOL_METADATA.find((row) => row.name === name);

describe('AgentTask: modes and tools', () => {
  it('should never send a write tool in Ask mode, and refuse a write the model calls anyway', async () => {
    const { run, model, fixture } = buildAgent({
      replies: [
        callsReply([call('vault.createFile', { path: 'x.md', content: 'x' })]),
        textReply('I cannot write in Ask mode.'),
      ],
    });
    await run('Create x', { mode: 'ask' });
    for (const request of model.requests) {
      expect(request.toolNames.length).toBeGreaterThan(0);
      for (const name of request.toolNames)
        expect([name, meta(name)?.isWrite, meta(name)?.risk]).toEqual([name, false, 'read-only']);
    }
    expect(model.requests[0]?.toolNames).toContain('agent.switchMode');
    expect(model.requests[1]?.messages[2]).toMatchObject({
      results: [{ isError: true, content: expect.stringContaining('code="NOT_ALLOWED"') as string }],
    });
    expect(fixture.context.vault.dump()).toEqual({});
  });

  it('should escalate from Ask to Agent with agent.switchMode, sending the write tools from the next call on', async () => {
    const { run, model, fixture, events, modeService } = buildAgent({
      replies: [
        callsReply([call('agent.switchMode', { mode: 'agent', reason: 'the user wants a note' })]),
        callsReply([call('vault.createFile', { path: 'Idea.md', content: 'An idea' })]),
        textReply('Created Idea.md.'),
      ],
    });
    const result = await run('Write down my idea', { mode: 'ask' });
    expect(result).toMatchObject({ completedBy: 'text', mode: 'agent' });
    expect(model.requests[0]?.toolNames).not.toContain('vault.createFile');
    expect(model.requests[1]?.toolNames).toContain('vault.createFile');
    expect(model.requests[0]?.system).toContain('You are in Ask mode ("ask")');
    expect(model.requests[1]?.system).toContain('You are in Agent mode ("agent")');
    expect(fixture.context.vault.dump()).toEqual({ 'Idea.md': 'An idea' });
    expect(events).toContain('mode ask → agent');
    expect(modeService.getActiveMode().slug).toBe('agent');
  });

  it('should tell the model which modes exist when it asks for an unknown one', async () => {
    const { run, model } = buildAgent({
      replies: [callsReply([call('agent.switchMode', { mode: 'writer' })]), textReply('OK.')],
    });
    await run('Go', { mode: 'ask' });
    expect(model.requests[1]?.messages[2]).toMatchObject({
      results: [
        {
          isError: true,
          content: '<error tool="agent.switchMode" code="NOT_FOUND">Unknown mode "writer". Modes: ask, agent</error>',
        },
      ],
    });
  });

  it('should start in the active mode without a mode, and in Ask for an unknown saved slug', async () => {
    const first = buildAgent({ replies: [textReply('Hi.')] });
    first.modeService.setActiveMode('agent');
    await first.task.run({ message: 'Hi', taskId: 't' });
    expect(first.model.requests[0]?.toolNames).toContain('vault.createFile');
    const second = buildAgent({ replies: [textReply('Hi.')] });
    expect((await second.run('Hi', { mode: 'gone' })).mode).toBe('ask');
  });

  it('should leave gated tools out while their setting is off', async () => {
    const { run, model } = buildAgent({
      settings: { allowDeletes: false, allowCommands: false },
      replies: [textReply('Hi.')],
    });
    await run('Hi');
    expect(model.requests[0]?.toolNames).not.toContain('vault.delete');
    expect(model.requests[0]?.toolNames).not.toContain('commands.run');
    expect(model.requests[0]?.toolNames).toContain('vault.createFile');
  });

  it('should list deferred tools by name only, and send one after agent.findTool loads it', async () => {
    const { run, model } = buildAgent({
      extraTools: [new WordCountTool()],
      replies: [
        callsReply([call('notes.wordCount', { text: 'one two' })]),
        callsReply([call('agent.findTool', { query: 'count words' })]),
        callsReply([call('notes.wordCount', { text: 'one two three' })]),
        textReply('Three words.'),
      ],
    });
    await run('How many words?');
    const [first, second, third, fourth] = model.requests;
    expect(first?.toolNames).not.toContain('notes.wordCount');
    expect(first?.toolNames).toContain('agent.findTool');
    expect(first?.system).toContain(
      'load one with agent.findTool before calling it: checkpoints.list, checkpoints.diff, checkpoints.restore, notes.wordCount.',
    );
    expect(second?.messages[2]).toMatchObject({
      results: [
        {
          isError: true,
          content:
            '<error tool="notes.wordCount" code="NOT_ALLOWED">notes.wordCount is listed by name only and was not run: load it first with agent.findTool {"query": "notes.wordCount"}, then call it again</error>',
        },
      ],
    });
    const found = third?.messages[4];
    expect(found?.role === 'tool-results' && JSON.parse(found.results[0]?.content ?? '')).toEqual({
      tools: [
        {
          name: 'notes.wordCount',
          description: 'Count the words of a text.',
          inputSchema: new WordCountTool().meta.inputSchema,
        },
      ],
      available: ['checkpoints.list', 'checkpoints.diff', 'checkpoints.restore'],
    });
    expect(third?.toolNames).toContain('notes.wordCount');
    expect(third?.system).toContain('before calling it: checkpoints.list, checkpoints.diff, checkpoints.restore.');
    expect(fourth?.messages[6]).toMatchObject({ results: [{ isError: false, content: '{"words":3}' }] });
  });

  it('should load only deferred tools the mode allows', async () => {
    const { run, model } = buildAgent({
      replies: [callsReply([call('agent.findTool', { query: 'checkpoints.restore' })]), textReply('Not available.')],
    });
    await run('Restore', { mode: 'ask' });
    expect(model.requests[0]?.system).toContain('before calling it: checkpoints.list, checkpoints.diff.');
    const results = model.requests[1]?.messages[2];
    const output =
      results?.role === 'tool-results'
        ? (JSON.parse(results.results[0]?.content ?? '') as { tools: { name: string }[]; available: string[] })
        : null;
    expect(output?.tools.map((tool) => tool.name)).toEqual(['checkpoints.list', 'checkpoints.diff']);
    expect(output?.available).toEqual([]);
  });

  it("should put the vault around the user into the system prompt, and the user's rules", async () => {
    const { run, model } = buildAgent({ files: { 'Inbox.md': '', 'Projects/a.md': '' }, replies: [textReply('Hi.')] });
    await run('Hi', { context: { rules: ['Write in British English.'] } });
    expect(model.requests[0]?.system).toContain("## The user's vault\nTop of the vault:\nInbox.md\nProjects/");
    expect(model.requests[0]?.system).toContain('- Write in British English.');
  });
});
