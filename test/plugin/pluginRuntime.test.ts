// @vitest-environment happy-dom
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { App } from 'obsidian';
import { pluginRuntime } from '../../src/plugin/pluginRuntime';
import { ObsidianPluginFiles } from '../../src/obsidian/ObsidianPluginFiles';
import { DEFAULT_SETTINGS, type EmbeddedAgentSettings } from '../../src/settings/settings';
import { ScriptedApproval } from '../builders/pipeline';
import { createTestApp } from '../obsidian-double/harness';
import { NO_APPROVAL } from '../../src/core/ports/approval';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** The plugin's runtime over `app`, as main.ts makes it; its modes file where given. */
function runtimeOver(app: App, settings: EmbeddedAgentSettings, vaultPath: string, modesFile?: string) {
  return pluginRuntime(
    { app, settings, approvalPort: null },
    {
      pluginId: 'embedded-agent',
      vaultPath,
      modesFile,
      savedActions: () => Promise.reject(new Error('no saved actions in this test')),
      servicesBuilt: () => undefined,
    },
  ).runtime;
}

describe("the plugin's runtime over the Obsidian API", () => {
  it('should run approved writes through the pipeline into the vault, checkpointed outside it, and revert them', async () => {
    const base = await mkdtemp(join(tmpdir(), 'ea-obsidian-services-'));
    folders.push(base);
    const app = createTestApp({ files: { 'Inbox/List.md': '- One\n- Two\n', 'Other.md': 'See [[Inbox/List]]' } });
    const settings = { ...DEFAULT_SETTINGS, allowDeletes: true, checkpointLocation: join(base, 'checkpoints') };
    const approval = new ScriptedApproval(() => ({ approved: true, scope: 'run' }));
    const services = await runtimeOver(app, settings, join(base, 'vault')).services();
    const runs = services.runs({ port: () => approval });
    const run = runs.open('run-1', { signal: new AbortController().signal });
    const results = await services.pipeline.executeBatch(
      [
        { id: '1', name: 'vault.createFile', input: { path: 'Projects/One.md', content: '# One' } },
        { id: '2', name: 'vault.rename', input: { fromPath: 'Inbox/List.md', toPath: 'Archive/List.md' } },
      ],
      run,
    );
    expect(results.map((result) => result.ok)).toEqual([true, true]);
    expect(await app.vault.adapter.read('Projects/One.md')).toBe('# One');
    expect(await app.vault.adapter.read('Other.md')).toBe('See [[List]]');
    await runs.end(run);

    await services.checkpoints?.revert('run-1', { overwriteConflicts: false });
    expect(app.vault.getAbstractFileByPath('Projects/One.md')).toBeNull();
    expect(await app.vault.adapter.read('Inbox/List.md')).toBe('- One\n- Two\n');
    // The note whose link the rename rewrote is back byte for byte too.
    expect(await app.vault.adapter.read('Other.md')).toBe('See [[Inbox/List]]');
  });

  it('should refuse writes when no one can approve them', async () => {
    const base = await mkdtemp(join(tmpdir(), 'ea-obsidian-services-'));
    folders.push(base);
    const app = createTestApp({ files: {} });
    const settings = { ...DEFAULT_SETTINGS, checkpointLocation: join(base, 'checkpoints') };
    const services = await runtimeOver(app, settings, join(base, 'vault')).services();
    const run = services.runs(NO_APPROVAL).open('run-1', { signal: new AbortController().signal });
    const outcome = await services.pipeline.execute(
      { id: '1', name: 'vault.createFile', input: { path: 'x.md', content: '' } },
      run,
    );
    expect(outcome.error?.code).toBe('DENIED');
    expect(app.vault.getAbstractFileByPath('x.md')).toBeNull();
  });

  it('should mark a write that a crashed process started and never finished as interrupted, and a running one not, moving an older audit/started.jsonl out of the audit folder', async () => {
    const base = await mkdtemp(join(tmpdir(), 'ea-obsidian-services-'));
    folders.push(base);
    const exited = spawnSync(process.execPath, ['-e', '0']).pid;
    const started = (call: number, owner: string): string =>
      JSON.stringify({
        ts: '2026-11-22T10:00:00.000Z',
        runId: 'run-9',
        tool: 'vault.createFile',
        args: { path: `n${call}.md` },
        ok: false,
        error: null,
        code: null,
        durationMs: 0,
        call,
        phase: 'started',
        owner,
      });
    const app = createTestApp({ files: {} });
    const files = new ObsidianPluginFiles(app.vault.adapter, app.vault.configDir, 'embedded-agent');
    await files.write(
      'audit/started.jsonl',
      `${started(1, `${hostname()}:${exited}`)}\n${started(2, `${hostname()}:${process.pid}`)}\n`,
    );
    const settings = { ...DEFAULT_SETTINGS, checkpointLocation: join(base, 'checkpoints') };
    void runtimeOver(app, settings, join(base, 'vault')).services();
    // (the interrupted line goes to today's file)
    const read = async (): Promise<Record<string, unknown>[]> => {
      const texts = await Promise.all((await files.list('audit')).map((name) => files.read(`audit/${name}`)));
      return texts
        .flatMap((text) => (text ?? '').trim().split('\n'))
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    };
    await vi.waitFor(async () => expect(await read()).toHaveLength(1));
    const lines = await read();
    expect(lines.map((line) => [line.call, line.code, line.phase])).toEqual([[1, 'INTERRUPTED', 'interrupted']]);
    // The running process's write stays open, waiting for its outcome.
    expect(
      (await files.read('journal/started.jsonl'))
        ?.trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { call: number }).call),
    ).toEqual([2]);
    // The audit folder holds only day files now: whatever reads audit/*.jsonl counts calls.
    expect((await files.list('audit')).every((name) => /^\d{4}-\d{2}-\d{2}\.jsonl$/.test(name))).toBe(true);
  });
});

const researcher = {
  slug: 'researcher',
  name: 'Researcher',
  toolGroups: ['read', 'vault'],
  roleDefinition: 'You research.',
};

describe("the chat panel's modes", () => {
  it("should offer the vault's custom modes from the settings, follow changes, and report invalid ones", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'ea-modes-'));
    folders.push(folder);
    const settings: EmbeddedAgentSettings = {
      ...DEFAULT_SETTINGS,
      customModes: [researcher, { slug: 'Bad Slug', name: 'x', toolGroups: ['read'], roleDefinition: 'y' }],
    };
    const runtime = runtimeOver(
      createTestApp({ files: {} }),
      settings,
      join(folder, 'vault'),
      join(folder, 'modes.json'),
    );
    const [modes, problems] = await Promise.all([runtime.modes(), runtime.modeProblems()]);
    expect(modes.listModes().map((mode) => `${mode.slug}:${mode.source}`)).toEqual([
      'ask:built-in',
      'agent:built-in',
      'researcher:vault',
    ]);
    expect(modes.toolNames('researcher')).not.toContain('vault.createFile');
    expect(problems).toEqual([
      'Custom modes (settings): mode "Bad Slug" (modes[1]): `slug` must be lowercase letters, digits and "-" (at most 40, starting with a letter or digit), got "Bad Slug"',
    ]);

    settings.customModes = [{ ...researcher, slug: 'ask', name: 'Ask (vault)' }];
    await runtime.refreshVaultModes();
    expect(modes.listModes().map((mode) => `${mode.slug}:${mode.name}`)).toEqual(['ask:Ask (vault)', 'agent:Agent']);
  });
});
