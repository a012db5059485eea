import { mkdtemp, readdir, readFile, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodePluginFiles } from '../../src/node/NodePluginFiles';

describe('NodePluginFiles', () => {
  let parent: string;
  let folder: string;
  let files: NodePluginFiles;

  beforeEach(async () => {
    parent = await mkdtemp(nodePath.join(tmpdir(), 'plugin-files-'));
    folder = nodePath.join(parent, 'embedded-agent');
    files = new NodePluginFiles(folder);
  });

  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('should write a file, creating its folders, and read it back', async () => {
    await files.write('cache/plugins.json', '{"ok":true}');
    expect(await files.read('cache/plugins.json')).toBe('{"ok":true}');
    expect(await readFile(nodePath.join(folder, 'cache/plugins.json'), 'utf8')).toBe('{"ok":true}');
  });

  it('should replace a file without leaving a temporary file behind', async () => {
    await files.write('state.json', 'one');
    await files.write('state.json', 'two');
    expect(await files.read('state.json')).toBe('two');
    expect(await readdir(folder)).toEqual(['state.json']);
  });

  it('should read a missing file as null', async () => {
    expect(await files.read('missing.json')).toBeNull();
  });

  it('should append, creating the file and its folders', async () => {
    await files.append('audit/2026-01-15.jsonl', '{"a":1}\n');
    await files.append('audit/2026-01-15.jsonl', '{"a":2}\n');
    expect(await files.read('audit/2026-01-15.jsonl')).toBe('{"a":1}\n{"a":2}\n');
  });

  it('should give the modification time of files and folders, and null when missing', async () => {
    await files.write('tmp/run-1/result.json', '{}');
    await utimes(nodePath.join(folder, 'tmp/run-1'), new Date(Date.UTC(2026, 0, 1)), new Date(Date.UTC(2026, 0, 1)));
    expect(await files.mtime('tmp/run-1')).toBe(Date.UTC(2026, 0, 1));
    expect(await files.mtime('tmp/run-1/result.json')).toBeGreaterThan(0);
    expect(await files.mtime('tmp/run-2')).toBeNull();
  });

  it('should list the names in a folder, sorted, and nothing for a missing folder', async () => {
    await files.write('tmp/b/x.json', '{}');
    await files.write('tmp/a.json', '{}');
    expect(await files.list('tmp')).toEqual(['a.json', 'b']);
    expect(await files.list('nothing-here')).toEqual([]);
  });

  it('should remove a folder with its contents and ignore a missing path', async () => {
    await files.write('tmp/run-1/a.json', '{}');
    await files.remove('tmp/run-1');
    expect(await files.list('tmp')).toEqual([]);
    await expect(files.remove('tmp/run-1')).resolves.toBeUndefined();
  });

  it('should refuse paths that leave the plugin folder', async () => {
    await expect(files.write('../escape.json', 'x')).rejects.toMatchObject({
      code: 'FORBIDDEN_PATH',
      message: '"../escape.json" leaves the plugin folder',
    });
    await expect(files.read('cache/../../escape.json')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
    await expect(files.remove('..')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
    expect(await readdir(parent)).toEqual([]);
  });

  it('should refuse absolute paths', async () => {
    await expect(files.write(nodePath.join(parent, 'abs.json'), 'x')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
    await expect(files.read('/etc/hostname')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
    await expect(files.list('C:/Windows')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
  });

  it('should refuse to remove the plugin folder itself', async () => {
    await files.write('keep.json', '{}');
    await expect(files.remove('')).rejects.toMatchObject({ code: 'INVALID_PATH' });
    expect(await files.read('keep.json')).toBe('{}');
  });
});
