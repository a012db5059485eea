import fc from 'fast-check';
import { mkdtemp, rm, writeFile, mkdir, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { SearchTextTool, type SearchTextOutput } from '../../../../src/core/tools/vault/searchText';
import type { VaultPort } from '../../../../src/core/ports/vault';
import { MemoryVault } from '../../../../src/node/MemoryVault';
import { NodeVault } from '../../../../src/node/NodeVault';
import { buildToolContext } from '../../../builders/toolContext';

// The disk vault skips decoding notes whose raw bytes cannot match (BytePrefilter); these tests hold it to
// giving exactly what the in-memory vault, which always matches decoded text, gives.
const registry = new ToolRegistry([new SearchTextTool()]);
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function onDisk(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'ea-search-'));
  folders.push(root);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

async function search(vault: VaultPort, input: Record<string, unknown>): Promise<SearchTextOutput> {
  const result = await registry.execute('vault.searchText', input, buildToolContext({ vault }));
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.output as SearchTextOutput;
}

const NOTES = {
  'Daily/2026-01-15.md': 'Réunion — TODO: call Zoë\r\nnext: todo\n',
  'Ideas/Café ☕.md': 'Grüße 🚀 rocket\nbeſt ideas, 5 \u212Ailo\n',
  'plain.md': 'only ascii here, todo later',
  'Zoë.md': 'ZOË and zoë',
};

describe('vault.searchText over a disk vault', () => {
  it('should find the same matches as over decoded text, cold and then warm', async () => {
    const node = new NodeVault(await onDisk(NOTES));
    const memory = new MemoryVault(NOTES);
    for (const input of [
      { query: 'todo' },
      { query: 'best' },
      { query: 'KILO' },
      { query: 'zoë' },
      { query: 'ZOË', caseSensitive: true },
      { query: '🚀' },
      { query: 'r.unión', mode: 'regex' },
      { query: 'absent' },
    ]) {
      const expected = await search(memory, input);
      expect(await search(node, input), JSON.stringify(input)).toEqual(expected);
      expect(await search(node, input), `warm ${JSON.stringify(input)}`).toEqual(expected);
    }
  });

  it('should give the full text of a note a search skipped undecoded', async () => {
    const node = new NodeVault(await onDisk(NOTES));
    expect((await search(node, { query: 'absent' })).matches).toEqual([]);
    expect(await node.cachedRead('Ideas/Café ☕.md')).toBe(NOTES['Ideas/Café ☕.md']);
  });

  it('should see a note changed on disk after a search skipped it', async () => {
    const root = await onDisk(NOTES);
    const node = new NodeVault(root);
    expect((await search(node, { query: 'Zürich' })).matches).toEqual([]);
    await writeFile(join(root, 'Ideas/Café ☕.md'), 'Grüße aus Zürich');
    await utimes(join(root, 'Ideas/Café ☕.md'), new Date(), new Date(Date.now() + 5000));
    await node.rescan();
    expect((await search(node, { query: 'zürich' })).matches).toEqual([
      { path: 'Ideas/Café ☕.md', line: 1, snippet: 'Grüße aus Zürich' },
    ]);
  });

  it('should agree with the in-memory vault on random notes and queries', async () => {
    const alphabet = fc.constantFrom('a', 'b', 'S', 's', 'k', 'é', 'É', '\u017f', '\u212a', 'ß', ' ', '\n', '🚀');
    const text = fc.array(alphabet, { maxLength: 30 }).map((chars) => chars.join(''));
    const query = fc
      .array(alphabet, { minLength: 1, maxLength: 3 })
      .map((chars) => chars.join(''))
      .filter((q) => q.trim() !== '');
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 1, maxLength: 4 }),
        query,
        fc.boolean(),
        async (texts, q, caseSensitive) => {
          const files = Object.fromEntries(texts.map((t, i) => [`n${i}.md`, t]));
          const node = new NodeVault(await onDisk(files));
          const input = { query: q, caseSensitive };
          expect(await search(node, input)).toEqual(await search(new MemoryVault(files), input));
        },
      ),
      { numRuns: 60 },
    );
  });
});
