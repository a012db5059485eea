import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpPort } from '../../src/core/ports/http';
import { RecipeMatchingService } from '../../src/core/recipes/RecipeMatchingService';
import type { RecordedCall } from '../../src/core/recipes/types';
import { AgentServices } from '../../src/core/session/AgentServices';
import { MemoryCommands } from '../../src/node/MemoryCommands';
import { MemoryEditor } from '../../src/node/MemoryEditor';
import { MemoryVault } from '../../src/node/MemoryVault';
import { MemoryWorkspace } from '../../src/node/MemoryWorkspace';
import { NodeGitFs } from '../../src/node/NodeGitFs';
import { memoryPluginFiles, ScriptedApproval } from './pipeline';
import { fixedClock } from './toolContext';
import { nodeYaml } from '../../src/node/nodeYaml';

export const learnedRun = (folder: string): RecordedCall[] => [
  { tool: 'editor.getSelection', input: {}, ok: true },
  { tool: 'util.parseMarkdownBullets', input: { text: '- a' }, ok: true },
  { tool: 'vault.ensureFolder', input: { path: folder }, ok: true },
  { tool: 'vault.createFile', input: { path: `${folder}/a.md`, content: '# a\n' }, ok: true },
  { tool: 'vault.createFile', input: { path: `${folder}/b.md`, content: '# b\n' }, ok: true },
];

export const BULLETS_PLAN = {
  version: '1.0',
  goal: 'Create a note per bullet',
  assumptions: ['The selection holds bullets'],
  riskLevel: 'writes',
  steps: [
    { id: 'sel', tool: 'editor.getSelection', args: {} },
    { id: 'bullets', tool: 'util.parseMarkdownBullets', args: { text: '$steps.sel.text' } },
    { id: 'folder', tool: 'vault.ensureFolder', args: { path: 'Travel' } },
    {
      id: 'notes',
      tool: 'vault.createFile',
      foreach: { from: '$steps.bullets.items', itemName: 'item' },
      args: { path: 'Travel/${item.text}.md', content: '# ${item.text}\n' },
    },
  ],
};

/**
 * The spec's bullets-to-notes task, ready for the fast path: a vault with a selected bullet list (and `files`),
 * services with an approving person (or `approval`) and no network, and a recipe store that has seen the task
 * `successes` times.
 */
export async function bulletsFastPathSetup(
  successes: number,
  options: { approval?: ScriptedApproval; files?: Record<string, string> } = {},
) {
  const base = await mkdtemp(join(tmpdir(), 'ea-fastpath-'));
  const vault = new MemoryVault({ 'Inbox.md': '- Lisbon\n- Porto\n', ...options.files });
  const editor = new MemoryEditor({ vault });
  editor.setDocument('Inbox.md', '- Lisbon\n- Porto\n');
  editor.select({ line: 0, ch: 0 }, { line: 1, ch: 7 });
  const noNetwork: HttpPort = { request: () => Promise.reject(new Error('no network in this test')) };
  const approval = options.approval ?? new ScriptedApproval(() => ({ approved: true, scope: 'run' }));
  const settings = {
    approval: 'writes' as const,
    allowDeletes: false,
    allowCommands: false,
    approvalTimeoutMs: 1000,
    checkpointMaxMb: 50,
    maxRetries: 2,
  };
  const services = new AgentServices(
    {
      vault,
      editor,
      workspace: new MemoryWorkspace({ vault, editor }),
      commands: new MemoryCommands(),
      http: noNetwork,
      pluginFiles: memoryPluginFiles(),
      gitFs: new NodeGitFs(join(base, 'repo')),
      yaml: nodeYaml,
      clock: fixedClock(),
    },
    { pluginFolderInVault: '.obsidian/plugins/embedded-agent', settings: () => settings },
  );
  const recipes = new RecipeMatchingService(memoryPluginFiles());
  const requests = [
    'Create a note per bullet of the selection in folder Ideas',
    'Make a note for each bullet in the selection, folder Reading',
    'Turn each bullet of the selection into a note in folder Work',
  ];
  for (let i = 0; i < successes; i++)
    await recipes.recordSuccess(requests[i] as string, learnedRun(['Ideas', 'Reading', 'Work'][i] as string), i);
  const host = services.planHost({ settings: () => settings, runs: services.runs({ port: () => approval }) });
  return { vault, recipes, host, approval, services, cleanup: () => rm(base, { recursive: true, force: true }) };
}
