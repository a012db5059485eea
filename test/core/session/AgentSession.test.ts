import { describe, expect, it } from 'vitest';
import type { HistoryMessage } from '../../../src/core/ports/llm';
import { ModeService } from '../../../src/core/modes/ModeService';
import { AgentSession } from '../../../src/core/session/AgentSession';
import { RunIds } from '../../../src/core/session/runIds';
import { MemoryCommands } from '../../../src/node/MemoryCommands';
import { MemoryEditor } from '../../../src/node/MemoryEditor';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { MemoryWorkspace } from '../../../src/node/MemoryWorkspace';
import { AgentServices } from '../../../src/core/session/AgentServices';
import { memoryPluginFiles, ScriptedApproval } from '../../builders/pipeline';
import { ScriptedModel, textReply } from '../../builders/scriptedModel';
import { fixedClock } from '../../builders/toolContext';

const textOf = (message: HistoryMessage): string => ('text' in message ? message.text : '');
const SETTINGS = { approval: 'writes' as const, allowDeletes: false, allowCommands: false, approvalTimeoutMs: 1000, checkpointMaxMb: 50, maxRetries: 2, maxTokens: 1000, temperature: 0 };

function session(model: ScriptedModel, llmFails = false): AgentSession {
  const vault = new MemoryVault({ 'Inbox.md': '- a\n' });
  const editor = new MemoryEditor({ vault });
  const files = memoryPluginFiles();
  const clock = fixedClock();
  const services = new AgentServices(
    { vault, editor, workspace: new MemoryWorkspace({ vault, editor }), commands: new MemoryCommands(), http: { request: () => Promise.reject(new Error('offline')) }, pluginFiles: files, gitFs: null, clock },
    { pluginFolderInVault: '.obsidian/plugins/embedded-agent', settings: () => SETTINGS, approval: () => new ScriptedApproval(() => ({ approved: true, scope: 'once' })) },
  );
  const modes = new ModeService({ gates: () => SETTINGS });
  return new AgentSession({
    services: () => Promise.resolve(services),
    llm: () => (llmFails ? Promise.reject(new Error('No API key: set it in Settings → Embedded Agent')) : Promise.resolve(model)),
    modes: () => Promise.resolve(modes),
    settings: () => SETTINGS,
    approval: () => null,
    files,
    knownSecrets: () => [],
    now: () => clock.now(),
    runPrefix: 'test',
  });
}

describe('AgentSession', () => {
  it('should carry the history from one message to the next, with a new run id each, until a new conversation', async () => {
    const model = new ScriptedModel([textReply('One.'), textReply('Two.'), textReply('Three.')]);
    const agent = session(model);
    const signal = new AbortController().signal;
    const first = await agent.send('first', {}, signal);
    const second = await agent.send('second', {}, signal);
    expect(first.via === 'loop' && second.via === 'loop' && first.runId !== second.runId).toBe(true);
    expect(model.requests[1]!.messages.map(textOf)).toEqual(['first', 'One.', 'second']);
    agent.newConversation();
    await agent.send('third', {}, signal);
    expect(model.requests[2]!.messages.map(textOf)).toEqual(['third']);
  });

  it('should save each conversation, list it newest first and resume it', async () => {
    const agent = session(new ScriptedModel([textReply('One.'), textReply('Two.')]));
    const signal = new AbortController().signal;
    await agent.send('first topic', {}, signal);
    agent.newConversation();
    await agent.send('second topic', {}, signal);
    const listed = await agent.listConversations();
    expect(listed.map((conversation) => conversation.title).sort()).toEqual(['first topic', 'second topic']);
    const first = listed.find((conversation) => conversation.title === 'first topic')!;
    expect((await agent.resume(first.id))?.history.map(textOf)).toEqual(['first topic', 'One.']);
    expect(agent.messages.map(textOf)).toEqual(['first topic', 'One.']);
  });

  it('should not read a conversation whose id could name a file outside the conversations folder', async () => {
    const agent = session(new ScriptedModel([]));
    expect(await agent.resume('../data')).toBeNull();
  });

  it('should start nothing, and say which setting is missing, when there is no model', async () => {
    const outcome = await session(new ScriptedModel([]), true).send('hello', {}, new AbortController().signal);
    expect(outcome).toEqual({ via: 'not-started', message: 'No API key: set it in Settings → Embedded Agent', code: null });
  });

  it('should say there is nothing to revert when checkpoints are off', async () => {
    expect(await session(new ScriptedModel([])).revertLastRun(() => Promise.resolve('revert'))).toEqual({ status: 'no-checkpoints' });
  });
});

describe('RunIds', () => {
  it('should make ids with the prefix, the time to the second and a counter, valid as branch names', () => {
    const ids = new RunIds(() => Date.UTC(2026, 0, 2, 3, 4, 5));
    const [a, b] = [ids.next('chat'), ids.next('chat')];
    expect(a).toMatch(/^chat-20260102T030405-1-[a-z0-9]{4}$/);
    expect(b).toMatch(/^chat-20260102T030405-2-[a-z0-9]{4}$/);
  });
});
