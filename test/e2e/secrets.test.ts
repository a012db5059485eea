import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import git from 'isomorphic-git';
import * as fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentTask } from '../../src/core/agent/AgentTask';
import { ModeService } from '../../src/core/modes/ModeService';
import type { HttpPort } from '../../src/core/ports/http';
import { RecipeMatchingService } from '../../src/core/recipes/RecipeMatchingService';
import { AgentServices } from '../../src/core/session/AgentServices';
import { runRequest } from '../../src/core/session/runRequest';
import { MemoryCommands } from '../../src/node/MemoryCommands';
import { MemoryEditor } from '../../src/node/MemoryEditor';
import { MemoryWorkspace } from '../../src/node/MemoryWorkspace';
import { NodeGitFs } from '../../src/node/NodeGitFs';
import { NodePluginFiles } from '../../src/node/NodePluginFiles';
import { NodeVault } from '../../src/node/NodeVault';
import { ConversationStore } from '../../src/core/session/ConversationStore';
import { seenFromHistory } from '../../src/core/session/seenConversation';
import { ScriptedApproval } from '../builders/pipeline';
import { call, callsReply, ScriptedModel, textReply } from '../builders/scriptedModel';
import { fixedClock } from '../builders/toolContext';
import { nodeYaml } from '../../src/node/nodeYaml';

// The configured API key: not shaped like any provider's, so only knowing it catches it.
const KEY = 'Xk9QmT4vR2pL8wZs3Nf6Hd1Jc5Bg7Ya0Qe';
// A token kept in a note, shaped like a GitHub key.
const TOKEN = `ghp_${'Ab3Cd4Ef5Gh6Ij7Kl8Mn9Op0Qr1St2Uv3Wx4'}`;
const PLUGIN = '.obsidian/plugins/embedded-agent';
/** No file the plugin writes for one run may be larger than this. */
const FILE_CAP = 1024 * 1024;

const temporary: string[] = [];
afterEach(async () => {
  for (const folder of temporary.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** Every file under `root` (skipping `skip`), with its text. */
async function filesUnder(
  root: string,
  skip: (path: string) => boolean = () => false,
): Promise<{ path: string; size: number; text: string }[]> {
  const found: { path: string; size: number; text: string }[] = [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if (skip(relative(root, path))) continue;
    found.push({ path, size: (await stat(path)).size, text: await readFile(path, 'utf8') });
  }
  return found;
}

/** Each checkpoint commit's message and its meta.json, read through git (the loose objects are compressed). */
async function checkpointMetadata(gitdir: string): Promise<{ path: string; size: number; text: string }[]> {
  const found: { path: string; size: number; text: string }[] = [];
  for (const ref of await git.listBranches({ fs, gitdir })) {
    for (const entry of await git.log({ fs, gitdir, ref })) {
      found.push({ path: `commit ${entry.oid}`, size: entry.commit.message.length, text: entry.commit.message });
      const meta = await git.readBlob({ fs, gitdir, oid: entry.oid, filepath: 'meta.json' });
      found.push({
        path: `meta.json of ${entry.oid}`,
        size: meta.blob.length,
        text: new TextDecoder().decode(meta.blob),
      });
    }
  }
  return found;
}

describe('secrets in what the plugin writes', () => {
  it('should keep the API key, key-shaped tokens and whole arguments out of every file the plugin writes', async () => {
    const base = await mkdtemp(join(tmpdir(), 'ea-secrets-'));
    temporary.push(base);
    const vaultRoot = join(base, 'vault');
    const checkpointRoot = join(base, 'checkpoints');
    await fs.promises.mkdir(join(vaultRoot, '.obsidian'), { recursive: true });
    const note = `# Keys\n\napi: ${KEY}\ntoken: ${TOKEN}\n\n${'Padding to make the note long. '.repeat(80)}\n`;
    await fs.promises.writeFile(join(vaultRoot, 'Secrets.md'), note);
    // A listing long enough to be stored in tmp/, with both keys in names (a read is given in parts, never stored).
    await fs.promises.mkdir(join(vaultRoot, 'Keys'));
    for (const name of [KEY, TOKEN, ...Array.from({ length: 80 }, (_, i) => `Padding ${i}`)])
      await fs.promises.writeFile(join(vaultRoot, 'Keys', `${name}.md`), 'k');
    const big = `${KEY} ${TOKEN}\n${'x'.repeat(5 * 1024 * 1024)}\n${KEY}\n`;

    const vault = new NodeVault(vaultRoot);
    const editor = new MemoryEditor({ vault });
    const pluginFiles = new NodePluginFiles(join(vaultRoot, ...PLUGIN.split('/')));
    const noNetwork: HttpPort = { request: () => Promise.reject(new Error('no network in this test')) };
    const approval = new ScriptedApproval(() => ({ approved: true, scope: 'run' }));
    const settings = {
      approval: 'writes' as const,
      allowDeletes: false,
      allowCommands: false,
      approvalTimeoutMs: 5000,
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
        pluginFiles,
        gitFs: new NodeGitFs(checkpointRoot),
        yaml: nodeYaml,
        clock: fixedClock(),
      },
      { pluginFolderInVault: PLUGIN, settings: () => settings, knownSecrets: () => [KEY] },
    );
    let tmpDuringRun: { path: string; size: number; text: string }[] = [];
    const model = new ScriptedModel(
      [
        callsReply([call('vault.readFile', { path: 'Secrets.md' }), call('vault.listFiles', { prefix: 'Keys' })]),
        callsReply([
          call('vault.createFile', { path: 'Copy.md', content: note }),
          call('vault.createFile', { path: 'Big.md', content: big }),
        ]),
        () => textReply('Copied.'),
      ],
      100_000_000,
    );
    const recipes = new RecipeMatchingService(pluginFiles, () => services.knownSecrets());
    const conversations = new ConversationStore(pluginFiles, () => services.knownSecrets());
    const modes = new ModeService({ gates: () => settings });
    const task = new AgentTask({
      api: model,
      toolRegistry: services.registry,
      modeService: modes,
      pipeline: services.pipeline,
      runs: services.runs({ port: () => approval }),
      ports: services.toolPorts(),
      taskCallbacks: {},
      settings: () => ({ maxTokens: 1000 }),
    });
    const message = `Copy Secrets.md to Copy.md and write Big.md; the key is ${KEY}`;
    const originalStream = model.stream.bind(model);
    model.stream = async function* (request) {
      if (model.requests.length === 2) tmpDuringRun = await filesUnder(join(vaultRoot, ...PLUGIN.split('/'), 'tmp'));
      yield* originalStream(request);
    };
    const request = await runRequest({
      message,
      llm: model,
      recipes,
      host: services.planHost({ settings: () => settings, runs: services.runs({ port: () => approval }) }),
      runLoop: () =>
        task.run({ message, taskId: 'secrets-run', history: [], signal: new AbortController().signal, mode: 'agent' }),
      historyLength: 0,
      allowedTools: null,
      runId: 'secrets-run',
      signal: new AbortController().signal,
      maxTokens: 1000,
      now: () => 1,
    });
    if (request.via !== 'loop') throw new Error('expected the agent loop');
    await conversations.save({
      id: 'c1',
      title: ConversationStore.titleOf(message),
      createdAt: 1,
      updatedAt: 1,
      history: request.result.history,
      seen: seenFromHistory(request.result.history),
      seenSaved: 0,
    });
    vault.close();

    // The user's own notes keep every byte: only what the plugin writes about them is redacted.
    expect(await readFile(join(vaultRoot, 'Copy.md'), 'utf8')).toBe(note);
    expect((await readFile(join(vaultRoot, 'Big.md'), 'utf8')).length).toBe(big.length);
    expect(tmpDuringRun.length).toBeGreaterThan(0);
    expect((await pluginFiles.read('recipes.json')) ?? '').toContain('vault.createFile');
    const written = [
      ...(await filesUnder(join(vaultRoot, ...PLUGIN.split('/')))),
      ...tmpDuringRun,
      ...(await filesUnder(checkpointRoot, (path) => path.startsWith('objects'))),
      ...(await checkpointMetadata(checkpointRoot)),
    ];
    // Each kind of file was written, so finding no key in them means something.
    const kinds = ['recipes.json', '/conversations/', '/audit/', '/tmp/', '/journals/', 'commit ', 'meta.json of '];
    expect(kinds.filter((kind) => !written.some(({ path }) => path.includes(kind)))).toEqual([]);
    const leaks = written
      .filter(({ text }) => [KEY, TOKEN].some((secret) => text.toLowerCase().includes(secret.toLowerCase())))
      .map(({ path }) => path);
    const tooLarge = written.filter(({ size }) => size > FILE_CAP).map(({ path, size }) => `${path} (${size} bytes)`);
    expect(leaks).toEqual([]);
    expect(tooLarge).toEqual([]);
  });
});
