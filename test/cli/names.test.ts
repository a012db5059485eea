import { afterEach, describe, expect, it } from 'vitest';
import { useWireServer } from '../builders/useWireServer';
import { WireServer } from '../builders/wireServer';
import { anthropicCalls, anthropicText, type WireCall } from '../builders/wireScripts';
import { NAMES, writeNamedFiles } from '../fixtures/names/names';
import { exampleVaultCopy, readTree, removeTemporaryFolders, startSession } from './harness';

let server: WireServer;
useWireServer((started) => (server = started));
afterEach(() => removeTemporaryFolders());

const MESSAGES = '/v1/messages';
const call = (id: string, name: string, input: unknown): WireCall => ({ id, name, input });
const STORED = `Recipes/${NAMES.decomposed}.md`;
const TYPED = `Recipes/${NAMES.composed}.md`;

describe('terminal runner: notes whose names differ from what the model types only by normalization or case', () => {
  it('should read and append to a note stored decomposed, make no twin of it or of Note.md, and revert to the same names and bytes', async () => {
    const paths = await exampleVaultCopy();
    await writeNamedFiles(paths.vault, { [STORED]: '# Café\n\nFlat white.\n', 'Recipes/Note.md': 'capital' });
    const original = await readTree(paths.vault);
    server.reply(
      MESSAGES,
      anthropicCalls([call('toolu_1', 'vault.readFile', { path: TYPED })]),
      anthropicCalls([
        call('toolu_2', 'vault.writeFile', { path: TYPED, content: 'Espresso.\n', mode: 'append' }),
        call('toolu_3', 'vault.createFile', { path: 'Recipes/note.md', content: 'lower' }),
        call('toolu_4', 'vault.writeFile', { path: 'Recipes/NOTE.md', content: 'upper', mode: 'overwrite' }),
      ]),
      anthropicText('Done.'),
    );
    const argv = [
      '--vault',
      paths.vault,
      '--checkpoints',
      paths.checkpoints,
      '--mode',
      'agent',
      '--base-url',
      server.origin,
    ];
    const env = { ANTHROPIC_API_KEY: 'sk-ant-test' };
    const first = startSession({
      argv,
      env,
      lines: ['Add espresso to my café note', 'y', 'y', '/quit'],
      modesFile: paths.modesFile,
    });
    expect(await first.code).toBe(0);
    expect(first.stdout()).toContain('✓ vault.readFile');
    expect(first.stdout()).toContain('+ created  Recipes/note (2).md');

    const after = await readTree(paths.vault);
    expect(after[STORED]).toBe('# Café\n\nFlat white.\nEspresso.\n');
    expect(Object.keys(after).filter((path) => path.startsWith('Recipes/'))).toEqual([
      STORED,
      'Recipes/Note.md',
      'Recipes/note (2).md',
    ]);
    const toolResults = JSON.stringify(server.bodies(MESSAGES).at(-1));
    expect(toolResults).toContain('differs only by case from the existing file \\"Recipes/Note.md\\"');

    const second = startSession({ argv, env, lines: ['/revert', 'y', '/quit'], modesFile: paths.modesFile });
    expect(await second.code).toBe(0);
    expect(await readTree(paths.vault)).toEqual(original);
  });
});
