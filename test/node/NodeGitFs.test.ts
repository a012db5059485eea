import * as fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import git from 'isomorphic-git';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodeGitFs } from '../../src/node/NodeGitFs';

describe('NodeGitFs', () => {
  let folder: string;
  let gitFs: NodeGitFs;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ea-gitfs-'));
    gitFs = new NodeGitFs(join(folder, 'repo'));
  });

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("should pass Node's ENOENT through, which is how isomorphic-git detects a missing file", async () => {
    await expect(gitFs.promises.readFile(join(gitFs.root, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(gitFs.promises.stat(join(gitFs.root, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('should pass EEXIST and ENOTEMPTY through', async () => {
    await gitFs.promises.mkdir(gitFs.root);
    await expect(gitFs.promises.mkdir(gitFs.root)).rejects.toMatchObject({ code: 'EEXIST' });
    await gitFs.promises.writeFile(join(gitFs.root, 'f'), 'x');
    await expect(gitFs.promises.rmdir(gitFs.root)).rejects.toMatchObject({ code: 'ENOTEMPTY' });
  });

  it('should write, read, stat and list files in the folder', async () => {
    await gitFs.promises.mkdir(join(gitFs.root, 'a', 'b'), { recursive: true });
    await gitFs.promises.writeFile(join(gitFs.root, 'a', 'b', 'f.txt'), new Uint8Array([1, 2, 3]));
    expect([...((await gitFs.promises.readFile(join(gitFs.root, 'a', 'b', 'f.txt'))) as Uint8Array)]).toEqual([
      1, 2, 3,
    ]);
    await gitFs.promises.writeFile(join(gitFs.root, 'a', 't.txt'), 'text', 'utf8');
    expect(await gitFs.promises.readFile(join(gitFs.root, 'a', 't.txt'), 'utf8')).toBe('text');
    const stat = await gitFs.promises.stat(join(gitFs.root, 'a'));
    expect({ type: stat.type, dir: stat.isDirectory(), file: stat.isFile() }).toEqual({
      type: 'dir',
      dir: true,
      file: false,
    });
    expect((await gitFs.promises.readdir(join(gitFs.root, 'a'))).sort()).toEqual(['b', 't.txt']);
    await gitFs.promises.rmdir(join(gitFs.root, 'a'), { recursive: true });
    expect(fs.existsSync(join(gitFs.root, 'a'))).toBe(false);
  });

  it('should refuse to create a symlink, naming the path and the target', async () => {
    await expect(gitFs.promises.symlink('/etc/passwd', join(gitFs.root, 'link'))).rejects.toMatchObject({
      code: 'EPERM',
      message: `EPERM: the checkpoint repository does not create symlinks ("${join(gitFs.root, 'link')}" → "/etc/passwd")`,
    });
    expect(fs.existsSync(join(gitFs.root, 'link'))).toBe(false);
  });

  it('should refuse any path outside its folder', async () => {
    const outside = join(folder, 'outside.txt');
    await expect(gitFs.promises.writeFile(outside, 'x')).rejects.toMatchObject({
      code: 'EPERM',
      message: `EPERM: "${outside}" is outside the checkpoint folder "${gitFs.root}"`,
    });
    await expect(gitFs.promises.readFile(join(gitFs.root, '..', 'outside.txt'))).rejects.toMatchObject({
      code: 'EPERM',
    });
    expect(fs.existsSync(outside)).toBe(false);
  });

  it('should append text at the end of a file, creating it when missing, and refuse a path outside its folder', async () => {
    await gitFs.promises.mkdir(gitFs.root);
    const file = join(gitFs.root, 'log.jsonl');
    await gitFs.promises.appendFile(file, 'one\n');
    await gitFs.promises.appendFile(file, 'twö\n');
    expect(await gitFs.promises.readFile(file, 'utf8')).toBe('one\ntwö\n');
    await expect(gitFs.promises.appendFile(join(folder, 'outside.txt'), 'x')).rejects.toMatchObject({ code: 'EPERM' });
    expect(fs.existsSync(join(folder, 'outside.txt'))).toBe(false);
  });

  it('should count the bytes of every file under the folder, and zero before it exists', async () => {
    expect(await gitFs.sizeBytes()).toBe(0);
    await gitFs.promises.mkdir(join(gitFs.root, 'a'), { recursive: true });
    await gitFs.promises.writeFile(join(gitFs.root, 'one'), new Uint8Array(10));
    await gitFs.promises.writeFile(join(gitFs.root, 'a', 'two'), new Uint8Array(5));
    expect(await gitFs.sizeBytes()).toBe(15);
  });

  it('should carry a bare repository that isomorphic-git can write to and read back', async () => {
    const options = { fs: { promises: gitFs.promises }, gitdir: gitFs.root };
    await git.init({ ...options, bare: true });
    const oid = await git.writeBlob({ ...options, blob: new Uint8Array([0, 255, 10]) });
    const tree = await git.writeTree({ ...options, tree: [{ mode: '100644', path: 'f', oid, type: 'blob' }] });
    const author = { name: 'a', email: 'a@b.c', timestamp: 0, timezoneOffset: 0 };
    const commit = await git.writeCommit({
      ...options,
      commit: { message: 'm', tree, parent: [], author, committer: author },
    });
    await git.writeRef({ ...options, ref: 'refs/heads/runs/x', value: commit });
    expect(await git.resolveRef({ ...options, ref: 'refs/heads/runs/x' })).toBe(commit);
    expect([...(await git.readBlob({ ...options, oid: commit, filepath: 'f' })).blob]).toEqual([0, 255, 10]);
    expect(await git.listRefs({ ...options, filepath: 'refs/heads/runs' })).toEqual(['x']);
  });
});
