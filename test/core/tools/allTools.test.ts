import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CommunityPluginIndex } from '../../../src/core/plugins/CommunityPluginIndex';
import type { HttpPort } from '../../../src/core/ports/http';
import type { VaultPort } from '../../../src/core/ports/vault';
import { builtinTools } from '../../../src/core/tools/builtinTools';
import { ToolRegistry } from '../../../src/core/tools/ToolRegistry';
import type { ToolContext } from '../../../src/core/tools/types';
import { MemoryCommands } from '../../../src/node/MemoryCommands';
import { MemoryEditor } from '../../../src/node/MemoryEditor';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { MemoryWorkspace } from '../../../src/node/MemoryWorkspace';
import { NodePluginFiles } from '../../../src/node/NodePluginFiles';
import { NodeVault } from '../../../src/node/NodeVault';
import { fixedClock } from '../../builders/toolContext';

/** A slice of the official plugin list (test/fixtures/README.md). */
const PLUGIN_LIST = fileURLToPath(
  new URL('../../fixtures/community-plugins/community-plugins.slice.json', import.meta.url),
);
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const adapters: [string, () => Promise<VaultPort>][] = [
  ['the in-memory vault', () => Promise.resolve(new MemoryVault())],
  [
    'the on-disk vault',
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'ea-all-tools-'));
      cleanups.push(() => rm(root, { recursive: true, force: true }));
      return new NodeVault(root);
    },
  ],
];

async function contextFor(vault: VaultPort): Promise<ToolContext> {
  const folder = await mkdtemp(join(tmpdir(), 'ea-plugin-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  const list = await readFile(PLUGIN_LIST, 'utf8');
  const http: HttpPort = { request: () => Promise.resolve({ status: 200, headers: {}, text: list }) };
  const editor = new MemoryEditor({ vault });
  const commands = new MemoryCommands(
    [{ id: 'editor:toggle-bold', name: 'Toggle bold', callback: () => true }],
    ['dataview'],
  );
  const clock = fixedClock();
  return {
    vault,
    editor,
    workspace: new MemoryWorkspace({ vault, editor }),
    commands,
    plugins: new CommunityPluginIndex({ http, files: new NodePluginFiles(folder), clock }),
    clock,
    signal: new AbortController().signal,
    runId: 'all-tools',
  };
}

describe.each(adapters)('all 19 tools through the registry on %s', (_name, makeVault) => {
  it("should carry out the spec's bullets-to-notes flow and every other tool", async () => {
    const context = await contextFor(await makeVault());
    const registry = new ToolRegistry(builtinTools());
    const run = async (tool: string, input: unknown): Promise<Record<string, unknown>> => {
      const result = await registry.execute(tool, input, context);
      if (!result.ok) throw new Error(`${tool}: ${result.error.code} ${result.error.message}`);
      return result.output as Record<string, unknown>;
    };

    await run('vault.createFile', {
      path: 'Inbox/List.md',
      content: '# Ideas\n- Alpha project\n- Beta: café ☕\n  - detail\n- [ ] Gamma\n',
    });
    await run('workspace.openFile', { path: 'Inbox/List.md' });
    (context.editor as MemoryEditor).select({ line: 1, ch: 0 }, { line: 4, ch: 11 });

    const selection = await run('editor.getSelection', {});
    expect(selection).toMatchObject({ isEmpty: false, filePath: 'Inbox/List.md' });
    // One note per top-level bullet: allowNested puts "detail" under "Beta" instead of making it an item.
    const bullets = await run('util.parseMarkdownBullets', { text: selection.text, allowNested: true });
    expect((bullets.items as { text: string }[]).map((item) => item.text)).toEqual([
      'Alpha project',
      'Beta: café ☕',
      'Gamma',
    ]);
    expect(await run('vault.ensureFolder', { path: 'Projects/XYZ' })).toEqual({ path: 'Projects/XYZ', created: true });
    for (const item of bullets.items as { text: string }[]) {
      const { slug } = (await run('util.slugifyTitle', { title: item.text })) as { slug: string };
      await run('vault.createFile', {
        path: `Projects/XYZ/${slug}.md`,
        content: `# ${item.text}\n`,
        frontmatter: { source: 'Inbox/List.md' },
      });
    }
    const listed = await run('vault.listFiles', { prefix: 'Projects/XYZ', extensions: ['md'] });
    expect((listed.items as { path: string }[]).map((item) => item.path)).toEqual([
      'Projects/XYZ/alpha-project.md',
      'Projects/XYZ/beta-cafe.md',
      'Projects/XYZ/gamma.md',
    ]);

    const read = await run('vault.readFile', { path: 'Projects/XYZ/gamma.md' });
    expect(read.content).toBe('---\nsource: Inbox/List.md\n---\n# Gamma\n');
    await expect(
      registry.execute(
        'vault.writeFile',
        { path: 'Projects/XYZ/gamma.md', content: 'x', expectedEtag: 'e0-stale' },
        context,
      ),
    ).resolves.toMatchObject({ ok: false, error: { code: 'ETAG_MISMATCH' } });
    await run('vault.writeFile', {
      path: 'Projects/XYZ/gamma.md',
      content: 'TODO: write\n',
      mode: 'append',
      expectedEtag: read.etag,
    });
    const found = await run('vault.searchText', { query: 'todo:' });
    expect(found.matches).toEqual([{ path: 'Projects/XYZ/gamma.md', line: 5, snippet: 'TODO: write' }]);

    expect(await run('vault.rename', { fromPath: 'Projects/XYZ/gamma.md', toPath: 'Archive/gamma.md' })).toEqual({
      fromPath: 'Projects/XYZ/gamma.md',
      toPath: 'Archive/gamma.md',
    });
    expect(await run('vault.delete', { path: 'Projects/XYZ/alpha-project.md' })).toEqual({
      path: 'Projects/XYZ/alpha-project.md',
      deleted: true,
      trashed: true,
    });

    await run('editor.replaceSelection', { text: '[[alpha-project]]\n[[beta-cafe]]\n[[gamma]]' });
    await run('editor.insertAtCursor', { text: '\n' });
    expect(await context.vault.read('Inbox/List.md')).toBe('# Ideas\n[[alpha-project]]\n[[beta-cafe]]\n[[gamma]]\n\n');
    expect(await run('editor.getActiveFilePath', {})).toEqual({ path: 'Inbox/List.md', exists: true });
    expect(await run('workspace.getContext', {})).toMatchObject({ activeFilePath: 'Inbox/List.md', isMarkdown: true });

    expect(await run('commands.list', { query: 'bold' })).toMatchObject({
      commands: [{ id: 'editor:toggle-bold', name: 'Toggle bold', ownerType: 'core' }],
    });
    expect(await run('commands.run', { id: 'editor:toggle-bold' })).toEqual({
      id: 'editor:toggle-bold',
      executed: true,
    });
    const plugins = await run('plugins.search', { query: 'dataview', limit: 3 });
    expect((plugins.results as { id: string }[])[0]?.id).toBe('dataview');
  });
});
