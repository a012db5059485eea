import { afterEach, describe, expect, it } from 'vitest';
import type { AgentResult } from '../../../src/core/agent/types';
import type { HistoryMessage } from '../../../src/core/ports/llm';
import { callsFromHistory } from '../../../src/core/recipes/callsFromHistory';
import { runRequest } from '../../../src/core/session/runRequest';
import { BULLETS_PLAN, bulletsFastPathSetup } from '../../builders/fastPath';
import { ScriptedApproval } from '../../builders/pipeline';
import { ScriptedModel, textReply } from '../../builders/scriptedModel';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** What the loop leaves in the history for the bullets task into `folder`. */
function loopHistory(folder: string): HistoryMessage[] {
  const call = (id: string, name: string, input: unknown) => ({ id, name, input });
  return [
    { role: 'user', text: 'request' },
    {
      role: 'assistant',
      text: '',
      toolCalls: [call('1', 'editor.getSelection', {}), call('2', 'util.parseMarkdownBullets', { text: '- a\n- b' })],
    },
    {
      role: 'tool-results',
      results: [
        { callId: '1', name: 'editor.getSelection', content: '{}', isError: false },
        { callId: '2', name: 'util.parseMarkdownBullets', content: '{}', isError: false },
      ],
    },
    {
      role: 'assistant',
      text: '',
      toolCalls: [
        call('3', 'vault.ensureFolder', { path: folder }),
        call('4', 'vault.createFile', { path: `${folder}/a.md`, content: '' }),
        call('5', 'vault.createFile', { path: `${folder}/b.md`, content: '' }),
      ],
    },
    {
      role: 'tool-results',
      results: [
        { callId: '3', name: 'vault.ensureFolder', content: '{}', isError: false },
        { callId: '4', name: 'vault.createFile', content: '{}', isError: false },
        { callId: '5', name: 'vault.createFile', content: '{}', isError: false },
      ],
    },
    { role: 'assistant', text: 'Done.', toolCalls: [] },
  ];
}

const loopResult = (folder: string): AgentResult => ({
  text: 'Done.',
  completedBy: 'text',
  usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
  history: loopHistory(folder),
  iterations: 3,
  modelCalls: 3,
  mode: 'agent',
});

describe('callsFromHistory', () => {
  it("should list the run's calls in order with their success, skipping earlier turns", () => {
    const history = loopHistory('X');
    history[4] = {
      role: 'tool-results',
      results: [{ callId: '3', name: 'vault.ensureFolder', content: 'err', isError: true }],
    };
    expect(callsFromHistory(history, 1).map((call) => `${call.tool}:${call.ok}`)).toEqual([
      'editor.getSelection:true',
      'util.parseMarkdownBullets:true',
      'vault.ensureFolder:false',
      'vault.createFile:true',
      'vault.createFile:true',
    ]);
    expect(callsFromHistory(history, 6)).toEqual([]);
  });
});

describe('runRequest', () => {
  it('should learn from three loop runs and take the fast path on the fourth similar request', async () => {
    const fixture = await bulletsFastPathSetup(0);
    cleanups.push(fixture.cleanup);
    const model = new ScriptedModel();
    const requests = [
      'Create a note per bullet of the selection in folder Ideas',
      'Make a note for each bullet in the selection, folder Reading',
      'Turn each bullet of the selection into a note in folder Work',
    ];
    let loops = 0;
    const options = (message: string, folder: string) => ({
      message,
      llm: model,
      recipes: fixture.recipes,
      host: fixture.host,
      historyLength: 0,
      allowedTools: null,
      runId: `run-${message.length}`,
      signal: new AbortController().signal,
      maxTokens: 2000,
      now: () => 1,
      runLoop: () => {
        loops++;
        return Promise.resolve(loopResult(folder));
      },
    });
    for (const [index, message] of requests.entries()) {
      expect((await runRequest(options(message, ['Ideas', 'Reading', 'Work'][index] as string))).via).toBe('loop');
    }
    model.push(textReply(JSON.stringify(BULLETS_PLAN)), textReply('Created two notes in Travel.'));
    const fourth = await runRequest(
      options('Create a note for every bullet of the selection in folder Travel', 'Travel'),
    );
    expect(fourth.via).toBe('fast-path');
    expect(loops).toBe(3);
    expect(fixture.vault.dump()).toMatchObject({ 'Travel/Lisbon.md': '# Lisbon\n' });
  });

  it("should learn no step that read back the run's stored results, nor their path", async () => {
    const fixture = await bulletsFastPathSetup(0);
    cleanups.push(fixture.cleanup);
    const stored = '.obsidian/plugins/embedded-agent/tmp/run-7/vault.listFiles-1.md';
    const call = (id: string, name: string, input: unknown) => ({ id, name, input });
    const ok = (id: string, name: string) => ({ callId: id, name, content: '{}', isError: false });
    const history: HistoryMessage[] = [
      { role: 'user', text: 'request' },
      {
        role: 'assistant',
        text: '',
        toolCalls: [call('1', 'vault.listFiles', { prefix: 'Projects', recursive: true })],
      },
      { role: 'tool-results', results: [ok('1', 'vault.listFiles')] },
      { role: 'assistant', text: '', toolCalls: [call('2', 'vault.readFile', { path: stored })] },
      { role: 'tool-results', results: [ok('2', 'vault.readFile')] },
      { role: 'assistant', text: '', toolCalls: [call('3', 'vault.readFile', { path: stored, offset: 7998 })] },
      { role: 'tool-results', results: [ok('3', 'vault.readFile')] },
      {
        role: 'assistant',
        text: '',
        toolCalls: [call('4', 'vault.createFile', { path: 'Projects/Index.md', content: '# Index' })],
      },
      { role: 'tool-results', results: [ok('4', 'vault.createFile')] },
      { role: 'assistant', text: 'Done.', toolCalls: [] },
    ];
    // Every folder of the stored path is a word of the request, so it would have been kept as a template.
    const message =
      'Index the Projects folder: list it (obsidian plugins embedded-agent tmp run-7 keep results) and write Projects/Index.md';
    await runRequest({
      message,
      llm: new ScriptedModel(),
      recipes: fixture.recipes,
      host: fixture.host,
      historyLength: 0,
      allowedTools: null,
      runId: 'run-7',
      signal: new AbortController().signal,
      maxTokens: 2000,
      now: () => 1,
      runLoop: () => Promise.resolve({ ...loopResult('X'), history }),
    });
    const [recipe] = await fixture.recipes.all();
    expect(recipe?.signature).toBe('vault.listFiles > vault.createFile');
    expect(JSON.stringify(recipe?.steps)).not.toContain('tmp');
  });

  it("should ask for a write the fast path's plan card never showed, and write nothing when it is refused", async () => {
    // The plan comes from a model that may follow instructions planted in a note: its last step is known only at run time.
    const approval = new ScriptedApproval((request) =>
      request.tool === 'plan' ? { approved: true, scope: 'run' } : { approved: false, reason: 'the user rejected it' },
    );
    const fixture = await bulletsFastPathSetup(3, { approval, files: { 'Important.md': 'Keep me\n' } });
    cleanups.push(fixture.cleanup);
    const injected = {
      ...BULLETS_PLAN,
      steps: [
        ...BULLETS_PLAN.steps,
        { id: 'mark', tool: 'editor.insertAtCursor', args: { text: ' (done)' } },
        {
          id: 'overwrite',
          tool: 'vault.writeFile',
          args: { path: 'Important.md', content: 'Replaced after ${steps.mark.insertedChars} characters' },
        },
      ],
    };
    const model = new ScriptedModel([textReply(JSON.stringify(injected)), textReply('Done.')]);
    const result = await runRequest({
      message: 'Create a note for every bullet of the selection in folder Travel',
      llm: model,
      recipes: fixture.recipes,
      host: fixture.host,
      historyLength: 0,
      allowedTools: null,
      runId: 'fast',
      signal: new AbortController().signal,
      maxTokens: 2000,
      now: () => 1,
      runLoop: () => Promise.reject(new Error('the fast path should have run')),
    });
    expect(result.via).toBe('fast-path');
    expect(approval.requests.map((request) => [request.tool, request.summary])).toEqual([
      ['plan', expect.stringMatching(/^Run plan/) as unknown],
      ['vault.writeFile', 'Change Important.md'],
    ]);
    expect(fixture.vault.dump()).toMatchObject({
      'Important.md': 'Keep me\n',
      'Travel/Lisbon.md': '# Lisbon\n',
      'Inbox.md': '- Lisbon\n- Porto (done)\n',
    });
  });

  it('should not learn from a run that stopped on a limit', async () => {
    const fixture = await bulletsFastPathSetup(0);
    cleanups.push(fixture.cleanup);
    await runRequest({
      message: 'Create notes in folder X',
      llm: new ScriptedModel(),
      recipes: fixture.recipes,
      host: fixture.host,
      historyLength: 0,
      allowedTools: null,
      runId: 'r',
      signal: new AbortController().signal,
      maxTokens: 100,
      now: () => 1,
      runLoop: () => Promise.resolve({ ...loopResult('X'), completedBy: 'limit' }),
    });
    expect(await fixture.recipes.all()).toEqual([]);
  });
});
