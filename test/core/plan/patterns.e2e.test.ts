import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpPort } from '../../../src/core/ports/http';
import { type PlanSettings, planPolicy } from '../../../src/core/plan/host';
import { runSavedAction, type SavedActionOutcome } from '../../../src/core/plan/runSavedAction';
import { SavedActionStore } from '../../../src/core/plan/SavedActionStore';
import type { ActionPlan } from '../../../src/core/plan/types';
import { AgentServices } from '../../../src/core/session/AgentServices';
import { MemoryCommands } from '../../../src/node/MemoryCommands';
import { MemoryEditor } from '../../../src/node/MemoryEditor';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { MemoryWorkspace } from '../../../src/node/MemoryWorkspace';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { NodePluginFiles } from '../../../src/node/NodePluginFiles';
import { FakeClock } from '../../builders/planHost';
import { ScriptedApproval } from '../../builders/pipeline';
import { archiveInbox, bulletsTemplate, bulletsToNotes, findTodos } from './plans';
import { nodeYaml } from '../../../src/node/nodeYaml';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/**
 * The plugin's composition with in-memory Obsidian ports, real checkpoints on disk, an approval that says yes
 * once, an HTTP port that fails the test if anything goes to the network, and no model at all.
 */
async function offlinePlugin(
  files: Record<string, string>,
  options: { select?: { path: string; text: string }; approval?: ScriptedApproval } = {},
) {
  const base = await mkdtemp(join(tmpdir(), 'ea-plan-'));
  folders.push(base);
  const clock = new FakeClock();
  const vault = new MemoryVault(files, { now: () => clock.now() });
  const editor = new MemoryEditor({ vault });
  const workspace = new MemoryWorkspace({ vault, editor });
  const network: string[] = [];
  const http: HttpPort = {
    request: (request) => {
      network.push(request.url);
      throw new Error(`a saved action used the network: ${request.url}`);
    },
  };
  const settings: PlanSettings & { checkpointMaxMb: number } = {
    approval: 'writes',
    allowDeletes: true,
    allowCommands: false,
    approvalTimeoutMs: 1000,
    maxRetries: 3,
    checkpointMaxMb: 50,
  };
  const approval = options.approval ?? new ScriptedApproval(() => ({ approved: true, scope: 'once' }));
  const services = new AgentServices(
    {
      vault,
      editor,
      workspace,
      commands: new MemoryCommands(),
      http,
      pluginFiles: new NodePluginFiles(join(base, 'plugin')),
      gitFs: new NodeGitFs(join(base, 'checkpoints')),
      yaml: nodeYaml,
      clock,
    },
    { pluginFolderInVault: '.obsidian/plugins/embedded-agent', settings: () => settings },
  );
  const host = services.planHost({ settings: () => settings, runs: services.runs({ port: () => approval }) });
  if (options.select) {
    await workspace.openFile(options.select.path, { newLeaf: false, focus: true });
    const text = editor.text();
    const start = text.indexOf(options.select.text);
    const before = text.slice(0, start).split('\n');
    const through = text.slice(0, start + options.select.text.length).split('\n');
    editor.select(
      { line: before.length - 1, ch: before.at(-1)!.length },
      { line: through.length - 1, ch: through.at(-1)!.length },
    );
  }
  const saved: unknown[] = [];
  const store = new SavedActionStore(
    { load: () => [], save: (actions) => Promise.resolve(void saved.push(actions)) },
    { policy: () => ({ ...settings, tools: services.registry, configDir: '.obsidian' }), clock },
  );
  await planPolicy(host, null);
  const run = async (name: string, plan: ActionPlan, values?: Record<string, string>): Promise<SavedActionOutcome> => {
    const action = store.list().find((candidate) => candidate.name === name) ?? (await store.add(name, plan));
    if (action.kind === 'prompt') throw new Error(`"${name}" is a prompt, not a plan`);
    return runSavedAction(action, host, {
      runId: `saved-${action.id}`,
      signal: new AbortController().signal,
      ...(values ? { values } : {}),
    });
  };
  return { services, vault, approval, network, run, store };
}

const ran = (outcome: SavedActionOutcome) => {
  if (outcome.status !== 'ran') throw new Error(`expected the action to run, got ${JSON.stringify(outcome)}`);
  return outcome;
};

describe("the spec's patterns as saved actions, offline", () => {
  it('bullets → notes: should ask once for the whole plan, then create a note per selected bullet', async () => {
    const plugin = await offlinePlugin(
      { 'Ideas.md': 'Ideas\n- Alpha\n- Beta\n- Gamma\n' },
      { select: { path: 'Ideas.md', text: '- Alpha\n- Beta\n- Gamma' } },
    );
    const outcome = ran(await plugin.run('Bullets to notes', bulletsToNotes()));
    expect(outcome.result.status).toBe('completed');
    expect(plugin.approval.requests.map((request) => [request.tool, request.risk, request.summary])).toEqual([
      ['plan', 'writes', 'Run plan "Create notes from bullets": 3 created, 1 folder'],
    ]);
    expect(plugin.approval.requests[0]!.preview.files.map((file) => `${file.kind} ${file.path}`)).toEqual([
      'folder-created Notes',
      'created Notes/Alpha.md',
      'created Notes/Beta.md',
      'created Notes/Gamma.md',
    ]);
    expect(plugin.vault.dump()).toMatchObject({
      'Notes/Alpha.md': '# Alpha\n',
      'Notes/Beta.md': '# Beta\n',
      'Notes/Gamma.md': '# Gamma\n',
    });
    expect((await plugin.services.lastRun())?.runId).toBe('saved-bullets-to-notes');
    expect(plugin.network).toEqual([]);
  });

  it("bullets → notes over nested bullets: should make a note of every bullet, nested ones too, as the reference's parse output lists them", async () => {
    const selected = '- Alpha\n  - Detail\n- Beta';
    const plugin = await offlinePlugin(
      { 'Ideas.md': `${selected}\n` },
      { select: { path: 'Ideas.md', text: selected } },
    );
    ran(await plugin.run('Bullets to notes', bulletsToNotes()));
    expect(
      Object.keys(plugin.vault.dump())
        .filter((path) => path.startsWith('Notes/'))
        .sort(),
    ).toEqual(['Notes/Alpha.md', 'Notes/Beta.md', 'Notes/Detail.md']);
  });

  it('bullets → notes with allowNested: should make a note of each top-level bullet only, its nested bullets under children', async () => {
    const selected = '- Alpha\n  - Detail\n- Beta';
    const plugin = await offlinePlugin(
      { 'Ideas.md': `${selected}\n` },
      { select: { path: 'Ideas.md', text: selected } },
    );
    const plan = bulletsToNotes();
    plan.steps[1]!.args.allowNested = true;
    const outcome = ran(await plugin.run('Top-level bullets to notes', plan));
    expect(outcome.result.steps.find((step) => step.id === 'parseBullets')?.output).toMatchObject({
      count: 2,
      items: [
        { text: 'Alpha', children: [{ text: 'Detail', depth: 1 }] },
        { text: 'Beta', children: [] },
      ],
    });
    expect(
      Object.keys(plugin.vault.dump())
        .filter((path) => path.startsWith('Notes/'))
        .sort(),
    ).toEqual(['Notes/Alpha.md', 'Notes/Beta.md']);
  });

  it('bullets → notes as a template: should ask only for the missing selection, then run on what was typed', async () => {
    const plugin = await offlinePlugin({});
    expect(await plugin.run('Notes from bullets', bulletsTemplate())).toEqual({
      status: 'needs-input',
      missing: [
        {
          name: 'selection',
          kind: 'selection',
          description: 'The text to work on (nothing is selected in the editor)',
        },
      ],
    });
    const outcome = ran(await plugin.run('Notes from bullets', bulletsTemplate(), { selection: '- One\n- Two' }));
    expect(outcome.result.steps.map((step) => step.message)).toEqual(['ensured Inbox', '2 of 2 created']);
    expect(plugin.vault.dump()).toEqual({
      'Inbox/One.md': '# One\n\nCreated 2026-01-15.\n',
      'Inbox/Two.md': '# Two\n\nCreated 2026-01-15.\n',
    });
    expect(plugin.network).toEqual([]);
  });

  it('find TODOs: should run at once, being read-only, and report the matches', async () => {
    const plugin = await offlinePlugin({
      'a.md': 'TODO: call Ann\ndone',
      'b.md': 'nothing',
      'c/d.md': 'x\nTODO: file taxes',
    });
    const outcome = ran(await plugin.run('Find TODOs', findTodos()));
    expect(outcome.dryRun).toBeNull();
    expect(plugin.approval.requests).toEqual([]);
    expect(outcome.result.steps[0]).toMatchObject({
      status: 'ok',
      message: '2 matches',
      output: {
        matches: [
          { path: 'a.md', line: 1 },
          { path: 'c/d.md', line: 2 },
        ],
      },
    });
    expect(plugin.network).toEqual([]);
  });

  it('batch move to Archive: should show the moves flagged, ask once, then move every note in Inbox', async () => {
    const plugin = await offlinePlugin({ 'Inbox/a.md': 'A', 'Inbox/b.md': 'B', 'Inbox/pic.png': 'P', 'Keep.md': 'K' });
    const outcome = ran(await plugin.run('Archive inbox', archiveInbox()));
    expect(
      outcome.dryRun?.highlighted.map((file) => (file.kind === 'moved' ? `${file.path} → ${file.toPath}` : file.path)),
    ).toEqual(['Inbox/a.md → Archive/Inbox/a.md', 'Inbox/b.md → Archive/Inbox/b.md']);
    expect(plugin.approval.requests).toHaveLength(1);
    expect(outcome.result.steps[1]!.message).toBe('2 of 2 moved');
    expect(plugin.vault.dump()).toEqual({
      'Archive/Inbox/a.md': 'A',
      'Archive/Inbox/b.md': 'B',
      'Inbox/pic.png': 'P',
      'Keep.md': 'K',
    });
    expect(plugin.network).toEqual([]);
  });

  it('bullets → notes: should make one note per bullet holding : ? " * /, directly in the folder, each starting with its exact title', async () => {
    const bullets = [
      'Q3: budget review',
      'Why do we meet on Mondays?',
      'The "quiet" hours',
      'Pros * cons of remote work',
      'Read/Write notes',
    ];
    const list = bullets.map((bullet) => `- ${bullet}`).join('\n');
    const plugin = await offlinePlugin(
      { 'Ideas.md': `Ideas\n${list}\n` },
      { select: { path: 'Ideas.md', text: list } },
    );
    const outcome = ran(await plugin.run('Bullets to notes', bulletsToNotes()));
    const names = [
      'Q3 - budget review',
      'Why do we meet on Mondays',
      "The 'quiet' hours",
      'Pros - cons of remote work',
      'Read-Write notes',
    ];
    // The card showed the final names before anything was written, and nothing would fail.
    expect(outcome.dryRun?.preview.files.map((file) => `${file.kind} ${file.path}`)).toEqual([
      'folder-created Notes',
      ...names.map((name) => `created Notes/${name}.md`),
    ]);
    expect(outcome.dryRun?.preview.notes).toEqual([]);
    expect(plugin.approval.requests).toHaveLength(1);
    expect(outcome.result.status).toBe('completed');
    expect(plugin.vault.dump()).toEqual({
      'Ideas.md': `Ideas\n${list}\n`,
      ...Object.fromEntries(names.map((name, index) => [`Notes/${name}.md`, `# ${bullets[index]}\n`])),
    });
  });

  it('bullets → notes: should give a bullet whose name is taken the next free name', async () => {
    const plugin = await offlinePlugin(
      { 'Ideas.md': '- Q3: budget\n', 'Notes/Q3 - budget.md': 'mine' },
      { select: { path: 'Ideas.md', text: '- Q3: budget' } },
    );
    const outcome = ran(await plugin.run('Bullets to notes', bulletsToNotes()));
    expect(outcome.dryRun?.preview.files.map((file) => `${file.kind} ${file.path}`)).toEqual([
      'created Notes/Q3 - budget (2).md',
    ]);
    expect(plugin.vault.dump()).toMatchObject({
      'Notes/Q3 - budget.md': 'mine',
      'Notes/Q3 - budget (2).md': '# Q3: budget\n',
    });
  });

  it('bullets → notes as a template: should put bullets holding : ? " * / into the folder given', async () => {
    const plugin = await offlinePlugin({});
    const outcome = ran(
      await plugin.run('Notes from bullets', bulletsTemplate(), {
        selection: '- Q3: budget?\n- Read/Write "notes" * 2',
        folderName: 'Projects/Active',
      }),
    );
    expect(outcome.result.status).toBe('completed');
    expect(plugin.vault.dump()).toEqual({
      'Projects/Active/Q3 - budget.md': '# Q3: budget?\n\nCreated 2026-01-15.\n',
      "Projects/Active/Read-Write 'notes' - 2.md": '# Read/Write "notes" * 2\n\nCreated 2026-01-15.\n',
    });
  });

  it('batch move to Archive: should keep every name and folder it moves, and number a taken one', async () => {
    const plugin = await offlinePlugin({ 'Inbox/C# tips.md': 'C', 'Inbox/b.md': 'B', 'Archive/Inbox/b.md': 'old' });
    const outcome = ran(await plugin.run('Archive inbox', archiveInbox()));
    expect(outcome.result.steps[1]!.message).toBe('2 of 2 moved');
    expect(plugin.vault.dump()).toEqual({
      'Archive/Inbox/C# tips.md': 'C',
      'Archive/Inbox/b (2).md': 'B',
      'Archive/Inbox/b.md': 'old',
    });
  });

  it('should change nothing when the person rejects the plan', async () => {
    const approval = new ScriptedApproval(() => ({ approved: false, reason: 'not today' }));
    const plugin = await offlinePlugin({ 'Inbox/a.md': 'A' }, { approval });
    const outcome = await plugin.run('Archive inbox', archiveInbox());
    expect(outcome).toMatchObject({ status: 'rejected', reason: 'not today' });
    expect(plugin.vault.dump()).toEqual({ 'Inbox/a.md': 'A' });
    expect(await plugin.services.lastRun()).toBeNull();
  });
});
