import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentTask } from '../../src/core/agent/AgentTask';
import { ModeService } from '../../src/core/modes/ModeService';
import { NO_APPROVAL } from '../../src/core/ports/approval';
import { AgentServices } from '../../src/core/session/AgentServices';
import { PART_CHARS } from '../../src/core/tool-execution/ResultExternalizer';
import type { ReadFileOutput } from '../../src/core/tools/vault/readFile';
import type { SearchTextOutput } from '../../src/core/tools/vault/searchText';
import { MemoryCommands } from '../../src/node/MemoryCommands';
import { MemoryEditor } from '../../src/node/MemoryEditor';
import { MemoryWorkspace } from '../../src/node/MemoryWorkspace';
import { NodePluginFiles } from '../../src/node/NodePluginFiles';
import { NodeVault } from '../../src/node/NodeVault';
import { FollowingModel } from '../builders/followingModel';
import type { ScriptedCall } from '../builders/scriptedModel';
import { fixedClock } from '../builders/toolContext';
import { nodeYaml } from '../../src/node/nodeYaml';

const SETTINGS = {
  approval: 'writes' as const,
  allowDeletes: false,
  allowCommands: false,
  approvalTimeoutMs: 1000,
  checkpointMaxMb: 50,
};
const PLUGIN = '.obsidian/plugins/embedded-agent';

/** 72 field notes with 1 to 6 mentions of "orbit lens" each (in any case), and notes elsewhere that also mention it. */
function fieldNotes(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 72; i++) {
    const lines = [`# Field note ${i}`, ''];
    for (let j = 0; j <= i % 6; j++) {
      lines.push(
        `Line ${j}: the ${j % 2 ? 'Orbit Lens' : 'orbit lens'} showed "${'star '.repeat(i % 5)}" at dusk.`,
        'Nothing else to see here, only "quotes" and \\ slashes.',
      );
    }
    if (i % 9 === 0) lines.push('Twice on one line: orbit lens, ORBIT LENS.');
    files[`Field notes/Night ${String(i).padStart(2, '0')}.md`] = lines.join('\n');
  }
  files['Elsewhere/Other.md'] = 'orbit lens outside the folder';
  return files;
}

/** What `rg -i --count-matches` would find, as path:line once per match, in path order. */
function expectedHits(files: Record<string, string>, folder: string, query: RegExp): string[] {
  const hits: string[] = [];
  for (const path of Object.keys(files)
    .filter((name) => name.startsWith(`${folder}/`))
    .sort()) {
    (files[path] as string).split('\n').forEach((line, index) => {
      const count = [...line.matchAll(query)].length;
      for (let n = 0; n < count; n++) hits.push(`${path}:${index + 1}`);
    });
  }
  return hits;
}

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

/** Runs the agent in Ask mode on a vault on disk whose plugin folder holds the stored results, as in Obsidian. */
async function follow(files: Record<string, string>, first: ScriptedCall) {
  const root = await mkdtemp(join(tmpdir(), 'ea-paging-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  const vault = new NodeVault(root);
  const editor = new MemoryEditor({ vault });
  const pluginFiles = new NodePluginFiles(join(root, PLUGIN));
  const stored: string[] = [];
  const write = pluginFiles.write.bind(pluginFiles);
  pluginFiles.write = (path, content) => {
    if (path.startsWith('tmp/')) stored.push(path);
    return write(path, content);
  };
  const services = new AgentServices(
    {
      vault,
      editor,
      workspace: new MemoryWorkspace({ vault, editor }),
      commands: new MemoryCommands(),
      http: { request: () => Promise.reject(new Error('offline')) },
      pluginFiles,
      gitFs: null,
      yaml: nodeYaml,
      clock: fixedClock(),
    },
    { pluginFolderInVault: PLUGIN, settings: () => SETTINGS },
  );
  const model = new FollowingModel(first);
  const task = new AgentTask({
    api: model,
    toolRegistry: services.registry,
    modeService: new ModeService({ gates: () => SETTINGS }),
    pipeline: services.pipeline,
    runs: services.runs(NO_APPROVAL),
    ports: services.toolPorts(),
    taskCallbacks: {},
    maxIterations: 60,
  });
  const result = await task.run({ message: 'Read all of it', taskId: 'paging-run', mode: 'ask' });
  vault.close();
  const tmpLeft = await pluginFiles.list('tmp/paging-run');
  return { model, result, stored, tmpLeft };
}

/** The JSON of a result, without the line that names the next part. */
const jsonTextOf = (content: string): string => content.split('\nCut here. Next part: ')[0] as string;
const jsonOf = <T>(content: string): T => JSON.parse(jsonTextOf(content)) as T;

describe('reading everything a result holds, in parts', () => {
  it('should reach every hit of a 200+ hit search by following the calls each cut result names, storing nothing', async () => {
    const files = fieldNotes();
    const expected = expectedHits(files, 'Field notes', /orbit lens/gi);
    expect(expected.length).toBeGreaterThan(200);
    const { model, result, stored } = await follow(files, {
      name: 'vault.searchText',
      input: { query: 'orbit lens', paths: ['Field notes'], limit: 200 },
    });

    expect(result.completedBy).toBe('text');
    const seen = model.contents.flatMap((content) =>
      jsonOf<SearchTextOutput>(content).matches.map((match) => `${match.path}:${match.line}`),
    );
    expect(seen).toEqual(expected);
    expect(model.contents.every((content) => jsonTextOf(content).length <= PART_CHARS)).toBe(true);
    expect(model.calls.every((call) => call.name === 'vault.searchText')).toBe(true);
    expect(stored).toEqual([]);
    // 268 hits of about 110 characters of JSON each: four parts of at most 8,000 characters, the first call included.
    expect(expected).toHaveLength(268);
    expect(model.calls).toHaveLength(4);
  });

  it('should give a long note whole, part after part, without storing it', async () => {
    const note = Array.from({ length: 900 }, (_, i) => `Zeile ${i}: Grüße 🚀 "quoted" \\ and a tab\there`).join('\n');
    const { model, stored } = await follow({ 'Long.md': note }, { name: 'vault.readFile', input: { path: 'Long.md' } });

    expect(model.contents.map((content) => jsonOf<ReadFileOutput>(content).content).join('')).toBe(note);
    expect(model.contents.every((content) => jsonTextOf(content).length <= PART_CHARS)).toBe(true);
    expect(stored).toEqual([]);
    expect(model.calls.length).toBeLessThanOrEqual(Math.ceil((JSON.stringify(note).length + 1) / (PART_CHARS - 400)));
  });

  it('should let a stored result be read back in parts that are never stored again, and remove it when the run ends', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 400 }, (_, i) => [`Archive/Entry ${String(i).padStart(3, '0')}.md`, 'x']),
    );
    const { model, stored, tmpLeft } = await follow(files, { name: 'vault.listFiles', input: { prefix: 'Archive' } });

    expect(stored).toEqual(['tmp/paging-run/vault.listFiles-1.md']);
    const [pointer, ...parts] = model.contents;
    expect(pointer).toContain(
      `Read it with vault.readFile {"path": "${PLUGIN}/tmp/paging-run/vault.listFiles-1.md"}: it comes in parts`,
    );
    const text = parts.map((content) => jsonOf<ReadFileOutput>(content).content).join('');
    for (let i = 0; i < 400; i++) expect(text).toContain(`Archive/Entry ${String(i).padStart(3, '0')}.md`);
    expect(parts.every((content) => jsonTextOf(content).length <= PART_CHARS)).toBe(true);
    expect(tmpLeft).toEqual([]);
  });
});
