// @vitest-environment happy-dom
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentServices } from '../../src/obsidian/createAgentServices';
import { DEFAULT_SETTINGS } from '../../src/settings/settings';
import { ScriptedApproval } from '../builders/pipeline';
import { createTestApp } from '../obsidian-double/harness';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe('createAgentServices over the Obsidian API', () => {
  it('should run approved writes through the pipeline into the vault, checkpointed outside it, and revert them', async () => {
    const base = await mkdtemp(join(tmpdir(), 'ea-obsidian-services-'));
    folders.push(base);
    const app = createTestApp({ files: { 'Inbox/List.md': '- One\n- Two\n', 'Other.md': 'See [[Inbox/List]]' } });
    const settings = { ...DEFAULT_SETTINGS, allowDeletes: true, checkpointLocation: join(base, 'checkpoints') };
    const approval = new ScriptedApproval(() => ({ approved: true, scope: 'run' }));
    const { services } = createAgentServices(app, 'embedded-agent', () => settings, () => approval, join(base, 'vault'));
    const run = services.startRun('run-1', { signal: new AbortController().signal });
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
    await services.endRun(run);

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
    const { services } = createAgentServices(app, 'embedded-agent', () => settings, () => null, join(base, 'vault'));
    const run = services.startRun('run-1', { signal: new AbortController().signal });
    const outcome = await services.pipeline.execute({ id: '1', name: 'vault.createFile', input: { path: 'x.md', content: '' } }, run);
    expect(outcome.error?.code).toBe('DENIED');
    expect(app.vault.getAbstractFileByPath('x.md')).toBeNull();
  });
});
