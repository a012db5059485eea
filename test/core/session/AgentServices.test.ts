import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpPort } from '../../../src/core/ports/http';
import { AgentServices } from '../../../src/core/session/AgentServices';
import { MemoryCommands } from '../../../src/node/MemoryCommands';
import { MemoryEditor } from '../../../src/node/MemoryEditor';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { MemoryWorkspace } from '../../../src/node/MemoryWorkspace';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { NodePluginFiles } from '../../../src/node/NodePluginFiles';
import { ScriptedApproval } from '../../builders/pipeline';
import { fixedClock } from '../../builders/toolContext';
import { nodeYaml } from '../../../src/node/nodeYaml';

const SECRET = 'sk-ant-api03-PLANTED-secret-value-0123456789';
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function filesUnder(folder: string): Promise<string[]> {
  const out: string[] = [];
  for (const name of await readdir(folder)) {
    const path = join(folder, name);
    if ((await stat(path)).isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

async function services(
  files: Record<string, string>,
  approval = new ScriptedApproval(() => ({ approved: true, scope: 'run' })),
) {
  const base = await mkdtemp(join(tmpdir(), 'ea-services-'));
  folders.push(base);
  const vault = new MemoryVault(files);
  const editor = new MemoryEditor({ vault });
  const offline: HttpPort = { request: () => Promise.reject(new Error('offline')) };
  const built = new AgentServices(
    {
      vault,
      editor,
      workspace: new MemoryWorkspace({ vault, editor }),
      commands: new MemoryCommands(),
      http: offline,
      pluginFiles: new NodePluginFiles(join(base, 'plugin')),
      gitFs: new NodeGitFs(join(base, 'checkpoints')),
      yaml: nodeYaml,
      clock: fixedClock(),
    },
    {
      pluginFolderInVault: '.obsidian/plugins/embedded-agent',
      settings: () => ({
        approval: 'writes',
        allowDeletes: true,
        allowCommands: false,
        approvalTimeoutMs: 1000,
        checkpointMaxMb: 50,
      }),
      knownSecrets: () => [SECRET],
    },
  );
  return { built, runs: built.runs({ port: () => approval }), vault, base };
}

/** Notes enough for a listing over 2,000 characters, which is stored outside the conversation. */
function manyNotes(count: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`Padding/Note ${i}.md`, `note ${i}`]));
}

describe('AgentServices', () => {
  it('should keep a planted secret out of every file the plugin writes', async () => {
    // A listing long enough to be stored in tmp/, with the secret in a name; a read is given in parts, never stored.
    const { built, runs, base } = await services({
      'big.md': `${'filler '.repeat(600)}\nkey: ${SECRET}\n`,
      [`Keys/${SECRET}.md`]: 'k',
      ...manyNotes(80),
    });
    const run = runs.open('run-secret', { signal: new AbortController().signal });
    await built.pipeline.execute({ id: '1', name: 'vault.readFile', input: { path: 'big.md' } }, run);
    await built.pipeline.execute({ id: '1b', name: 'vault.listFiles', input: { recursive: true } }, run);
    await built.pipeline.execute({ id: '2', name: 'vault.searchText', input: { query: SECRET } }, run);
    await built.pipeline.execute(
      { id: '3', name: 'vault.createFile', input: { path: 'note.md', content: `token ${SECRET}` } },
      run,
    );
    await built.pipeline.execute({ id: '4', name: 'vault.readFile', input: { path: `missing-${SECRET}.md` } }, run);
    await built.audit.flush();
    const written = await filesUnder(base);
    expect(written.some((path) => path.includes(join('plugin', 'audit')))).toBe(true);
    expect(written.some((path) => path.includes(join('plugin', 'tmp')))).toBe(true);
    for (const path of written) {
      const bytes = await readFile(path);
      expect([path, bytes.includes(Buffer.from(SECRET))]).toEqual([path, false]);
      expect([path, bytes.includes(Buffer.from('PLANTED'))]).toEqual([path, false]);
    }
    await runs.end(run);
  });

  it('should revert the last finished run from its checkpoints', async () => {
    const { built, runs, vault } = await services({ 'a.md': 'original' });
    const run = runs.open('run-1', { signal: new AbortController().signal });
    await built.pipeline.execute(
      { id: '1', name: 'vault.writeFile', input: { path: 'a.md', content: 'changed' } },
      run,
    );
    await built.pipeline.execute({ id: '2', name: 'vault.createFile', input: { path: 'New/b.md', content: 'b' } }, run);
    await runs.end(run);
    const last = await built.lastRun();
    expect(last).toMatchObject({ runId: 'run-1', checkpoints: 2, files: ['New/b.md', 'a.md'] });
    await built.checkpoints?.revert('run-1', { overwriteConflicts: false });
    expect(vault.dump()).toEqual({ 'a.md': 'original' });
  });

  it("should index the vault for every call's search, over the vault's events, until disposed", async () => {
    const { built, runs, vault } = await services({ 'a.md': 'alpha', 'b.md': 'beta' });
    const run = runs.open('run-search', { signal: new AbortController().signal });
    await built.pipeline.execute({ id: '1', name: 'vault.searchText', input: { query: 'alpha' } }, run);
    await built.searchIndex.idle();
    expect(built.searchIndex.size).toBe(2);
    await vault.delete('b.md');
    expect(built.searchIndex.size).toBe(1);
    built.dispose();
    await vault.delete('a.md');
    expect(built.searchIndex.size).toBe(1);
    await runs.end(run);
  });

  it('should remove temporary results at the end of a run', async () => {
    const { built, runs, base } = await services(manyNotes(80));
    const run = runs.open('run-tmp', { signal: new AbortController().signal });
    await built.pipeline.execute({ id: '1', name: 'vault.listFiles', input: { recursive: true } }, run);
    expect((await filesUnder(join(base, 'plugin'))).some((path) => path.includes('tmp'))).toBe(true);
    await runs.end(run);
    expect((await filesUnder(join(base, 'plugin'))).some((path) => path.includes(join('tmp', 'run-tmp')))).toBe(false);
  });
});
