import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useWireServer } from '../builders/useWireServer';
import { WireServer } from '../builders/wireServer';
import { anthropicCalls, anthropicText } from '../builders/wireScripts';
import { LINK_FIXTURE, LINKING, RENAMED } from '../builders/linkFixture';
import { readTree, removeTemporaryFolders, startSession } from './harness';

let server: WireServer;
useWireServer((started) => (server = started));
const folders: string[] = [];
afterEach(async () => {
  await removeTemporaryFolders();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function fixtureVault(): Promise<{ vault: string; argv: string[]; modesFile: string }> {
  const base = await mkdtemp(join(tmpdir(), 'ea-links-'));
  folders.push(base);
  const vault = join(base, 'vault');
  for (const [path, text] of Object.entries(LINK_FIXTURE)) {
    await mkdir(dirname(join(vault, path)), { recursive: true });
    await writeFile(join(vault, path), text);
  }
  const argv = [
    '--vault',
    vault,
    '--checkpoints',
    join(base, 'checkpoints'),
    '--mode',
    'agent',
    '--allow-deletes',
    '--base-url',
    server.origin,
  ];
  return { vault, argv, modesFile: join(base, 'modes.json') };
}

describe('terminal runner: a rename keeps the links to what moves', () => {
  it('should list every note whose links change on the card, rewrite them, and put every byte back on /revert', async () => {
    server.reply(
      '/v1/messages',
      anthropicCalls([
        {
          id: 'toolu_1',
          name: 'vault.rename',
          input: { fromPath: 'Guides/Setup.md', toPath: 'Guides/Getting started.md' },
        },
      ]),
      anthropicText('Renamed.'),
    );
    const { vault, argv, modesFile } = await fixtureVault();
    const before = await readTree(vault);
    const run = startSession({
      argv,
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
      lines: ['Rename Setup to Getting started', 'y', '/quit'],
      modesFile,
    });
    expect(await run.code).toBe(0);
    const out = run.stdout();
    expect(out).toContain('Approval needed: Move Guides/Setup.md → Guides/Getting started.md and 5 more changes');
    for (const note of LINKING)
      expect(out).toContain(`~ links    ${note} (its links to Guides/Setup.md are rewritten)`);
    expect(out).not.toContain('Archive/Old/Notes.md');

    const after = await readTree(vault);
    const expected: Record<string, string> = {
      ...before,
      ...RENAMED,
      'Guides/Getting started.md': before['Guides/Setup.md']!,
    };
    delete expected['Guides/Setup.md'];
    expect(after).toEqual(expected);

    const revert = startSession({
      argv,
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
      lines: ['/revert', 'y', '/quit'],
      modesFile,
    });
    expect(await revert.code).toBe(0);
    expect(revert.stdout()).toContain('Reverted');
    expect(await readTree(vault)).toEqual(before);
  });

  it("should re-point a moved note's own relative links, and put the note back byte for byte on /revert", async () => {
    server.reply(
      '/v1/messages',
      anthropicCalls([
        { id: 'toolu_1', name: 'vault.rename', input: { fromPath: 'Notes/Daily.md', toPath: 'Archive/Old/Daily.md' } },
      ]),
      anthropicText('Moved.'),
    );
    const { vault, argv, modesFile } = await fixtureVault();
    const before = await readTree(vault);
    const run = startSession({
      argv,
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
      lines: ['Archive my daily note', 'y', '/quit'],
      modesFile,
    });
    expect(await run.code).toBe(0);
    const moved = (await readTree(vault))['Archive/Old/Daily.md'];
    expect(moved).toContain(
      'Relative: [a](Guides/Setup.md) and [b](Guides/Setup.md#Step%20two)\nFrom the root: [c](/Guides/Setup.md) and [d](Guides/Setup.md)',
    );
    expect(moved).toContain('Without extension: [g](Guides/Setup) and embedded: ![h](Guides/Setup.md)');

    const revert = startSession({
      argv,
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
      lines: ['/revert', 'y', '/quit'],
      modesFile,
    });
    expect(await revert.code).toBe(0);
    expect(await readTree(vault)).toEqual(before);
  });
});
