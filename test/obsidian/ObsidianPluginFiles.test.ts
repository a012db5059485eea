// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { App } from 'obsidian';
import { ObsidianPluginFiles } from '../../src/obsidian/ObsidianPluginFiles';
import { createTestApp } from '../obsidian-double/harness';

function setup(): { app: App; files: ObsidianPluginFiles } {
  const app = createTestApp({ files: { 'Note.md': 'note' } });
  return { app, files: new ObsidianPluginFiles(app.vault.adapter, app.vault.configDir, 'embedded-agent') };
}

describe('ObsidianPluginFiles', () => {
  it('should write under <configDir>/plugins/<plugin id>/, creating the folders, and read it back', async () => {
    const { app, files } = setup();
    await files.write('cache/plugins.json', '{"ok":true}');
    expect(await files.read('cache/plugins.json')).toBe('{"ok":true}');
    expect(await app.vault.adapter.read('.obsidian/plugins/embedded-agent/cache/plugins.json')).toBe('{"ok":true}');
  });

  it('should keep plugin files out of the vault the agent sees', async () => {
    const { app, files } = setup();
    await files.write('state.json', '{}');
    expect(app.vault.getFiles().map((file) => file.path)).toEqual(['Note.md']);
  });

  it('should read a missing file as null', async () => {
    expect(await setup().files.read('missing.json')).toBeNull();
  });

  it('should append, creating the file and its folders', async () => {
    const { files } = setup();
    await files.append('audit/2026-01-15.jsonl', '{"a":1}\n');
    await files.append('audit/2026-01-15.jsonl', '{"a":2}\n');
    expect(await files.read('audit/2026-01-15.jsonl')).toBe('{"a":1}\n{"a":2}\n');
  });

  it('should give the modification time, and null when missing', async () => {
    const { files } = setup();
    await files.write('tmp/result.json', '{}');
    expect(await files.mtime('tmp/result.json')).toBeGreaterThan(0);
    expect(await files.mtime('tmp/other.json')).toBeNull();
  });

  it('should list the names in a folder, sorted, and nothing for a missing folder', async () => {
    const { files } = setup();
    await files.write('tmp/b/x.json', '{}');
    await files.write('tmp/a.json', '{}');
    expect(await files.list('tmp')).toEqual(['a.json', 'b']);
    expect(await files.list('nothing-here')).toEqual([]);
  });

  it('should remove a folder with its contents and ignore a missing path', async () => {
    const { files } = setup();
    await files.write('tmp/run-1/a.json', '{}');
    await files.remove('tmp/run-1');
    expect(await files.list('tmp')).toEqual([]);
    await expect(files.remove('tmp/run-1')).resolves.toBeUndefined();
  });

  it('should refuse paths that leave the plugin folder, since the adapter accepts them', async () => {
    const { app, files } = setup();
    await expect(files.write('../escape.json', 'x')).rejects.toMatchObject({
      code: 'FORBIDDEN_PATH',
      message: '"../escape.json" leaves the plugin folder',
    });
    await expect(files.read('cache/../../../../Note.md')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
    expect(await app.vault.adapter.exists('.obsidian/plugins/escape.json')).toBe(false);
  });

  it('should refuse absolute paths', async () => {
    const { files } = setup();
    await expect(files.read('/etc/hostname')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
    await expect(files.list('C:/Windows')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
  });

  it('should refuse to remove or overwrite the plugin folder itself', async () => {
    const { files } = setup();
    await expect(files.remove('.')).rejects.toMatchObject({ code: 'INVALID_PATH' });
    await expect(files.write('', 'x')).rejects.toMatchObject({ code: 'INVALID_PATH' });
  });
});
