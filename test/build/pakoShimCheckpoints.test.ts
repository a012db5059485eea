import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CheckpointService } from '../../src/core/checkpoints/CheckpointService';
import { MemoryVault } from '../../src/node/MemoryVault';
import { NodeGitFs } from '../../src/node/NodeGitFs';
import { fixedClock } from '../builders/toolContext';
import { snapshot, write } from '../core/checkpoints/harness';

interface Bundled {
  CheckpointService: typeof CheckpointService;
  NodeGitFs: typeof NodeGitFs;
}

const load = createRequire(import.meta.url);
const zlib = load('node:zlib') as typeof import('node:zlib');
const pako = load(load.resolve('pako', { paths: [load.resolve('isomorphic-git')] })) as {
  inflate(input: Uint8Array): Uint8Array;
};
// What isomorphic-git writes with where CompressionStream exists, as in Obsidian; kept before the tests hide it.
const NativeCompressionStream = globalThis.CompressionStream;
const START = { 'a.md': 'a0', 'Notes/b.md': 'b0' };
const PICTURE = new Uint8Array(randomBytes(20_000));

async function compress(content: Uint8Array): Promise<Buffer> {
  const stream = new Blob([new Uint8Array(content)]).stream().pipeThrough(new NativeCompressionStream('deflate'));
  return Buffer.from(await new Response(stream).arrayBuffer());
}

let folder: string;
let bundled: Bundled;
let bundleInputs: string[];

// The checkpoint code bundled as main.js bundles it (same alias, same isomorphic-git build), so its isomorphic-git
// imports the stand-in; this file's own imports load the real pako. Without CompressionStream and
// DecompressionStream, both take the pako path for writes too, as a runtime without them would.
beforeAll(async () => {
  vi.stubGlobal('CompressionStream', undefined);
  vi.stubGlobal('DecompressionStream', undefined);
  folder = await mkdtemp(join(tmpdir(), 'ea-pako-shim-'));
  const result = await build({
    stdin: {
      contents:
        "export { CheckpointService } from './src/core/checkpoints/CheckpointService';\nexport { NodeGitFs } from './src/node/NodeGitFs';\n",
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    metafile: true,
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
    external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
    alias: { 'typed-array-buffer': './scripts/shims/typed-array-buffer.cjs', pako: './scripts/shims/pako.cjs' },
  });
  bundleInputs = Object.keys(result.metafile.inputs);
  const file = join(folder, 'checkpoints.cjs');
  await writeFile(file, result.outputFiles[0]!.contents);
  bundled = load(file) as Bundled;
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await rm(folder, { recursive: true, force: true });
});

type Service = new (deps: ConstructorParameters<typeof CheckpointService>[0]) => CheckpointService;
type GitFs = new (root: string) => NodeGitFs;

/** One run over a fresh vault (an edit, a new binary file, a deletion) by the given build. Returns the vault. */
async function runOnce(Service: Service, GitFs: GitFs, repo: string): Promise<MemoryVault> {
  const vault = new MemoryVault(START);
  const service = new Service({ vault, gitFs: new GitFs(repo), clock: fixedClock() });
  service.beginRun('run-1');
  await write(service, 'run-1', { tool: 'test', paths: ['a.md'] }, () => vault.modify('a.md', 'a1'));
  await write(service, 'run-1', { tool: 'test', paths: ['pic.bin'] }, () => vault.writeBinary('pic.bin', PICTURE));
  await write(service, 'run-1', { tool: 'test', paths: ['Notes/b.md'] }, () => vault.delete('Notes/b.md'));
  await service.endRun('run-1');
  return vault;
}

/** Every file under the repository's objects/ folder, by path, with its bytes. */
async function objects(repo: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(join(repo, 'objects'), { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return new Map(
    await Promise.all(files.sort().map(async (file) => [file.slice(repo.length), await readFile(file)] as const)),
  );
}

describe('checkpoints through the pako stand-in main.js is built with', () => {
  it('should bundle the stand-in and not pako, as esbuild.config.mjs does', async () => {
    expect(await readFile('esbuild.config.mjs', 'utf8')).toContain("pako: './scripts/shims/pako.cjs'");
    expect(bundleInputs).toContain('scripts/shims/pako.cjs');
    expect(bundleInputs.filter((path) => /node_modules\/pako\//.test(path))).toEqual([]);
  });

  it('should let real pako read and revert a run the stand-in wrote, through node:zlib', async () => {
    const deflates = vi.spyOn(zlib, 'deflateSync');
    const inflates = vi.spyOn(zlib, 'inflateSync');
    const repo = join(folder, 'written-by-stand-in');
    const vault = await runOnce(bundled.CheckpointService, bundled.NodeGitFs, repo);
    const standIn = new bundled.CheckpointService({ vault, gitFs: new bundled.NodeGitFs(repo), clock: fixedClock() });
    const real = new CheckpointService({ vault, gitFs: new NodeGitFs(repo), clock: fixedClock() });
    expect(await real.listCheckpoints('run-1')).toEqual(await standIn.listCheckpoints('run-1'));
    expect(await real.diff('run-1', 2)).toEqual(await standIn.diff('run-1', 2));
    await real.revert('run-1');
    expect(await snapshot(vault)).toEqual(await snapshot(new MemoryVault(START)));
    expect(deflates).toHaveBeenCalled();
    expect(inflates).toHaveBeenCalled();
    deflates.mockRestore();
    inflates.mockRestore();
  });

  it('should let the stand-in read and revert a run real pako wrote', async () => {
    const repo = join(folder, 'written-by-pako');
    const vault = await runOnce(CheckpointService, NodeGitFs, repo);
    const real = new CheckpointService({ vault, gitFs: new NodeGitFs(repo), clock: fixedClock() });
    const standIn = new bundled.CheckpointService({ vault, gitFs: new bundled.NodeGitFs(repo), clock: fixedClock() });
    expect(await standIn.listCheckpoints('run-1')).toEqual(await real.listCheckpoints('run-1'));
    expect(await standIn.diff('run-1', 2)).toEqual(await real.diff('run-1', 2));
    await standIn.revert('run-1');
    expect(await snapshot(vault)).toEqual(await snapshot(new MemoryVault(START)));
  });

  it('should write the objects pako writes for the same run, compressed as CompressionStream compresses them', async () => {
    await runOnce(bundled.CheckpointService, bundled.NodeGitFs, join(folder, 'same-run-stand-in'));
    await runOnce(CheckpointService, NodeGitFs, join(folder, 'same-run-pako'));
    const written = await objects(join(folder, 'same-run-stand-in'));
    const theirs = await objects(join(folder, 'same-run-pako'));
    expect(written.size).toBeGreaterThan(5);
    expect([...written.keys()]).toEqual([...theirs.keys()]);
    for (const [path, bytes] of written) {
      const content = pako.inflate(bytes);
      expect(Buffer.from(content).equals(Buffer.from(pako.inflate(theirs.get(path)!))), path).toBe(true);
      expect(bytes.equals(await compress(content)), path).toBe(true);
    }
  });
});
