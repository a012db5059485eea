import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planHostFromServices } from '../../../src/core/plan';
import type { HttpPort } from '../../../src/core/ports/http';
import { tryFastPath } from '../../../src/core/recipes/FastPath';
import { RecipeMatchingService } from '../../../src/core/recipes/RecipeMatchingService';
import type { RecordedCall } from '../../../src/core/recipes/types';
import { AgentServices } from '../../../src/core/session/AgentServices';
import { MemoryCommands } from '../../../src/node/MemoryCommands';
import { MemoryEditor } from '../../../src/node/MemoryEditor';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { MemoryWorkspace } from '../../../src/node/MemoryWorkspace';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { memoryPluginFiles, ScriptedApproval } from '../../builders/pipeline';
import { ScriptedModel, textReply } from '../../builders/scriptedModel';
import { fixedClock } from '../../builders/toolContext';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const learnedRun = (folder: string): RecordedCall[] => [
  { tool: 'editor.getSelection', input: {}, ok: true },
  { tool: 'util.parseMarkdownBullets', input: { text: '- a' }, ok: true },
  { tool: 'vault.ensureFolder', input: { path: folder }, ok: true },
  { tool: 'vault.createFile', input: { path: `${folder}/a.md`, content: '# a\n' }, ok: true },
  { tool: 'vault.createFile', input: { path: `${folder}/b.md`, content: '# b\n' }, ok: true },
];

const PLAN = {
  version: '1.0',
  goal: 'Create a note per bullet',
  assumptions: ['The selection holds bullets'],
  riskLevel: 'writes',
  steps: [
    { id: 'sel', tool: 'editor.getSelection', args: {} },
    { id: 'bullets', tool: 'util.parseMarkdownBullets', args: { text: '$steps.sel.text' } },
    { id: 'folder', tool: 'vault.ensureFolder', args: { path: 'Travel' } },
    { id: 'notes', tool: 'vault.createFile', foreach: { from: '$steps.bullets.items', itemName: 'item' }, args: { path: 'Travel/${item.text}.md', content: '# ${item.text}\n' } },
  ],
};

async function setup(successes: number) {
  const base = await mkdtemp(join(tmpdir(), 'ea-fastpath-'));
  folders.push(base);
  const vault = new MemoryVault({ 'Inbox.md': '- Lisbon\n- Porto\n' });
  const editor = new MemoryEditor({ vault });
  editor.setDocument('Inbox.md', '- Lisbon\n- Porto\n');
  editor.select({ line: 0, ch: 0 }, { line: 1, ch: 7 });
  const noNetwork: HttpPort = { request: () => Promise.reject(new Error('no network in this test')) };
  const approval = new ScriptedApproval(() => ({ approved: true, scope: 'run' }));
  const settings = { approval: 'writes' as const, allowDeletes: false, allowCommands: false, approvalTimeoutMs: 1000, checkpointMaxMb: 50, maxRetries: 2 };
  const services = new AgentServices(
    { vault, editor, workspace: new MemoryWorkspace({ vault, editor }), commands: new MemoryCommands(), http: noNetwork, pluginFiles: memoryPluginFiles(), gitFs: new NodeGitFs(join(base, 'repo')), clock: fixedClock() },
    { pluginFolderInVault: '.obsidian/plugins/embedded-agent', settings: () => settings, approval: () => approval },
  );
  const recipes = new RecipeMatchingService(memoryPluginFiles());
  const requests = ['Create a note per bullet of the selection in folder Ideas', 'Make a note for each bullet in the selection, folder Reading', 'Turn each bullet of the selection into a note in folder Work'];
  for (let i = 0; i < successes; i++) await recipes.recordSuccess(requests[i] as string, learnedRun(['Ideas', 'Reading', 'Work'][i] as string), i);
  const host = planHostFromServices(services, { settings: () => settings, approval: () => approval });
  return { vault, recipes, host, approval };
}

const request = 'Create a note for every bullet of the selection in folder Travel';

describe('tryFastPath', () => {
  it('should plan once with the recipe, execute through the pipeline and answer in one more call: two model calls', async () => {
    const { vault, recipes, host, approval } = await setup(3);
    const model = new ScriptedModel([textReply(JSON.stringify(PLAN)), textReply('Created two notes in Travel.')]);
    const outcome = await tryFastPath({ llm: model, recipes, host, message: request, runId: 'fast-1', signal: new AbortController().signal, maxTokens: 2000 });
    expect(outcome).toMatchObject({ status: 'done', answer: 'Created two notes in Travel.', llmCalls: 2 });
    expect(model.requests).toHaveLength(2);
    expect(model.requests[0]?.messages[0]).toMatchObject({ role: 'user', text: expect.stringContaining('A plan of this shape worked 3 times') as string });
    expect(vault.dump()).toMatchObject({ 'Travel/Lisbon.md': '# Lisbon\n', 'Travel/Porto.md': '# Porto\n' });
    expect(approval.requests.map((asked) => asked.tool)).toEqual(['plan']);
    expect((await recipes.all())[0]?.successes).toBe(4);
  });

  it('should leave the request to the normal loop before three successes', async () => {
    const { recipes, host } = await setup(2);
    const model = new ScriptedModel();
    expect(await tryFastPath({ llm: model, recipes, host, message: request, runId: 'fast-2', signal: new AbortController().signal, maxTokens: 2000 })).toEqual({ status: 'no-match' });
    expect(model.requests).toHaveLength(0);
  });

  it('should fall back to the normal loop, having written nothing, when the planner cannot make a valid plan', async () => {
    const { vault, recipes, host } = await setup(3);
    const before = vault.dump();
    const model = new ScriptedModel([textReply('{"steps": "no"}'), textReply('still not a plan')]);
    const outcome = await tryFastPath({ llm: model, recipes, host, message: request, runId: 'fast-3', signal: new AbortController().signal, maxTokens: 2000 });
    expect(outcome.status).toBe('fell-back');
    expect(vault.dump()).toEqual(before);
  });
});
