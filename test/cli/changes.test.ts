import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useWireServer } from '../builders/useWireServer';
import type { WireServer } from '../builders/wireServer';
import { anthropicCalls, anthropicText } from '../builders/wireScripts';
import { LINK_FIXTURE, LINKING } from '../builders/linkFixture';
import { readTree, removeTemporaryFolders, startSession } from './harness';

let server: WireServer;
useWireServer((started) => (server = started));
const folders: string[] = [];
afterEach(async () => {
  await removeTemporaryFolders();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function vaultWith(files: Record<string, string>) {
  const base = await mkdtemp(join(tmpdir(), 'ea-changes-'));
  folders.push(base);
  const vault = join(base, 'vault');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(vault, path)), { recursive: true });
    await writeFile(join(vault, path), text);
  }
  const argv = ['--vault', vault, '--checkpoints', join(base, 'checkpoints'), '--mode', 'agent'];
  argv.push('--allow-deletes', '--base-url', server.origin);
  const run = (lines: string[]) =>
    startSession({ argv, env: { ANTHROPIC_API_KEY: 'sk-ant-test' }, lines, modesFile: join(base, 'modes.json') });
  return { vault, run, read: (path: string) => readFile(join(vault, path), 'utf8') };
}

const write = (id: string, path: string, content: string) =>
  anthropicCalls([{ id, name: 'vault.writeFile', input: { path, content } }]);

describe('terminal runner: /changes, /keep, /undo, /redo', () => {
  it('should undo an older run change by change while a newer run’s change stays, asking before lines changed since', async () => {
    server.reply(
      '/v1/messages',
      write('toolu_1', 'Q3.md', 'A\nb\nc\nD\ne\nf\ng\n'),
      anthropicText('First.'),
      write('toolu_2', 'Q3.md', 'A\nb\nc\nD\ne\nf\nG\n'),
      anthropicText('Second.'),
    );
    const w = await vaultWith({ 'Q3.md': 'a\nb\nc\nd\ne\nf\ng\n' });
    const first = w.run([
      'Shout the first and fourth lines',
      'y',
      'Shout the last line',
      'y',
      '/changes',
      '/keep 1',
      '/undo 2 Q3.md 2',
      // The undo is a run too, listed first now: the older run is the third.
      '/changes 3',
      '/quit',
    ]);
    expect(await first.code).toBe(0);
    const out = first.stdout();
    expect(out).toMatch(
      /Changes, newest first \(2 to review\):\n {2}1\. Terminal: \S+ \S+, 1 file \(\+1 -1\), to review {2}cli-/,
    );
    expect(out).toMatch(/\n {2}2\. Terminal: \S+ \S+, 1 file \(\+2 -2\), to review {2}cli-/);
    expect(out).toContain('Undid 1 change.\n  Q3.md');
    expect(out).toContain(
      ['    Change 1 of 2 in Q3.md: to review', '      -a', '      +A', '    Change 2 of 2 in Q3.md: undone'].join(
        '\n',
      ),
    );
    expect(await w.read('Q3.md')).toBe('A\nb\nc\nd\ne\nf\nG\n');

    // The person edits the first line; undoing the older run's first change now asks first.
    await writeFile(join(w.vault, 'Q3.md'), 'A, mine\nb\nc\nd\ne\nf\nG\n');
    const second = w.run(['/undo 3 Q3.md 1', 'n', '/undo 3 Q3.md 1', 'y', '/quit']);
    expect(await second.code).toBe(0);
    const asked = second.stdout();
    expect(asked).toContain(
      [
        'Changed since the run, left alone (1 change):',
        '  Change 1 of 2 in Q3.md:',
        '    now  A, mine',
        '    undo a',
        'Undo anyway, replacing what is there now? [y/n] n',
        'Left as they are.',
      ].join('\n'),
    );
    expect(asked).toContain('Undo anyway, replacing what is there now? [y/n] y\nUndid 1 change.');
    expect(await w.read('Q3.md')).toBe('a\nb\nc\nd\ne\nf\nG\n');
  });

  it('should undo a rename with its link rewrites, and redo it byte for byte', async () => {
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
    const w = await vaultWith(LINK_FIXTURE);
    const before = await readTree(w.vault);
    const renamed = w.run(['Rename Setup to Getting started', 'y', '/quit']);
    expect(await renamed.code).toBe(0);
    const after = await readTree(w.vault);

    const undo = w.run(['/changes 1', '/undo 1 Guides/Getting started.md', '/quit']);
    expect(await undo.code).toBe(0);
    expect(undo.stdout()).toContain('File Guides/Getting started.md (moved from Guides/Setup.md): moved, to review');
    for (const note of LINKING) expect(undo.stdout()).toContain(`File ${note}: modified, to review`);
    expect(await readTree(w.vault)).toEqual(before);

    // The undo is the newest run now: the renamed run is the second.
    const redo = w.run(['/redo 2', '/quit']);
    expect(await redo.code).toBe(0);
    expect(redo.stdout()).toContain('Redid');
    expect(await readTree(w.vault)).toEqual(after);
  });
});
