import { describe, expect, it } from 'vitest';
import type { ModesFilePort } from '../../../src/core/ports/modesFile';
import { createRuntime, type RuntimeSettings } from '../../../src/core/runtime/createRuntime';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { SESSION_SETTINGS } from '../../builders/agentSession';
import { memoryPluginFiles, ScriptedApproval } from '../../builders/pipeline';
import { call, callsReply, ScriptedModel, textReply } from '../../builders/scriptedModel';
import { memoryAdapters } from '../../builders/runtime';
import { fixedClock } from '../../builders/toolContext';

const mode = (slug: string, name: string) => ({ slug, name, toolGroups: ['read'], roleDefinition: `You are ${name}.` });

/** A global modes file in memory, counting its reads. */
function modesFile(modes: unknown[]): ModesFilePort & { reads: number } {
  const file = {
    location: '~/.config/embedded-agent/modes.json',
    reads: 0,
    read: () => {
      file.reads++;
      return Promise.resolve(JSON.stringify({ modes }));
    },
    write: () => Promise.reject(new Error('not written in this test')),
  };
  return file;
}

/** A host's ports over memory, and the settings it hands (the plugin's shape). */
function host(settings: RuntimeSettings, file = modesFile([mode('researcher', 'Researcher')])) {
  const vault = new MemoryVault({ 'Inbox.md': '- a\n' });
  const approval = new ScriptedApproval(() => ({ approved: true, scope: 'once' }));
  const runtime = createRuntime(
    {
      adapters: memoryAdapters(vault),
      pluginFiles: memoryPluginFiles(),
      clock: fixedClock(),
      modesFile: file,
      approval: { port: () => approval },
      pluginFolderInVault: '.obsidian/plugins/embedded-agent',
      owner: 'test-host:1',
      startMode: 'agent',
    },
    () => settings,
  );
  return { runtime, vault, file };
}

describe('createRuntime', () => {
  it("should load the modes once, from the global file and the settings' own, starting in the host's mode", async () => {
    const settings: RuntimeSettings = {
      ...SESSION_SETTINGS,
      customModes: [mode('editor', 'Editor'), { slug: 'Bad Slug' }],
    };
    const { runtime, file } = host(settings);
    const modes = await runtime.modes();
    expect(modes.listModes().map((each) => `${each.slug}:${each.source}`)).toEqual([
      'ask:built-in',
      'agent:built-in',
      'researcher:global',
      'editor:vault',
    ]);
    expect(modes.getActiveMode().slug).toBe('agent');
    expect(await runtime.modeProblems()).toHaveLength(1);
    expect(await runtime.modes()).toBe(modes);
    expect(file.reads).toBe(1);

    settings.customModes = [mode('critic', 'Critic')];
    await runtime.refreshVaultModes();
    expect(modes.listModes().map((each) => each.slug)).toEqual(['ask', 'agent', 'researcher', 'critic']);
  });

  it("should give chat sessions over its own services and modes, with the driver's run ids and model", async () => {
    const { runtime, vault } = host({ ...SESSION_SETTINGS, checkpointMaxMb: 50 });
    const model = new ScriptedModel([
      callsReply([call('vault.readFile', { path: 'Inbox.md' })]),
      textReply('It holds one item.'),
    ]);
    const session = runtime.chatSession({ runPrefix: 'host', llm: () => Promise.resolve(model) });
    const outcome = await session.send('What is in my inbox?', {}, new AbortController().signal);
    expect(outcome.via === 'loop' && outcome.runId.startsWith('host-')).toBe(true);
    // The session runs in the runtime's modes: Agent, the host's start mode, offers the writes.
    expect(model.requests[0]?.tools.map((tool) => tool.name)).toContain('vault.createFile');
    expect(await vault.read('Inbox.md')).toBe('- a\n');
  });
});
