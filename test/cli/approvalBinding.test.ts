import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useWireServer } from '../builders/useWireServer';
import { WireServer } from '../builders/wireServer';
import { anthropicCalls, anthropicText } from '../builders/wireScripts';
import { exampleVaultCopy, removeTemporaryFolders, startSession, waitFor } from './harness';

let server: WireServer;
useWireServer((started) => (server = started));
afterEach(() => removeTemporaryFolders());

const MESSAGES = '/v1/messages';
const PROMPT = 'Approve? [y] yes  [n] no  [a] all for this run: ';
const count = (text: string, part: string): number => text.split(part).length - 1;

/** A session over a copy of examples/vault whose answers the test types once the card is up. */
async function session(input: unknown) {
  server.reply(MESSAGES, anthropicCalls([{ id: 'toolu_1', name: 'vault.writeFile', input }]), anthropicText('Done.'));
  const paths = await exampleVaultCopy();
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
  const run = startSession({
    argv,
    env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
    lines: ['Write it'],
    keepOpen: true,
    modesFile: paths.modesFile,
  });
  const cards = async (n: number): Promise<void> => waitFor(() => count(run.stdout(), PROMPT) === n, `card ${n}`);
  return { vault: paths.vault, run, cards };
}

describe('terminal runner: what the card showed is what is written', () => {
  it('should not overwrite a line another editor added to the note while the card was open, and show it on a new card', async () => {
    const { vault, run, cards } = await session({ path: 'Home.md', content: '# Home\n\nRewritten.\n' });
    await cards(1);
    await appendFile(join(vault, 'Home.md'), '- added in another editor\n');
    run.type('y');
    await cards(2);
    run.type('n');
    run.type('/quit');
    expect(await run.code).toBe(0);
    expect(await readFile(join(vault, 'Home.md'), 'utf8')).toMatch(/- added in another editor\n$/);
    const second = run.stdout().slice(run.stdout().indexOf('Approved.'));
    expect(second).toContain(
      'note: "Home.md" changed after the card you answered was made, by another program (an editor, a sync): this card shows it as it is now. Nothing has been written yet.',
    );
    expect(second).toContain('-- added in another editor');
  });

  it('should not replace a note that appeared while its "Create" card was open', async () => {
    const { vault, run, cards } = await session({ path: 'fresh.md', content: 'from the agent\n' });
    await cards(1);
    expect(run.stdout()).toContain('Approval needed: Create fresh.md');
    await writeFile(join(vault, 'fresh.md'), 'mine\n');
    run.type('y');
    await cards(2);
    expect(run.stdout()).toContain('Approval needed: Change fresh.md');
    run.type('n');
    run.type('/quit');
    expect(await run.code).toBe(0);
    expect(await readFile(join(vault, 'fresh.md'), 'utf8')).toBe('mine\n');
  });
});
