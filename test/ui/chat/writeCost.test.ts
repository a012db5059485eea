// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countVaultAccess } from '../../obsidian-double/accessCounter';
import { call, callsReply, ScriptedModel, textReply } from '../../builders/scriptedModel';
import { click, getByRole, press, queryAllByRole, type } from '../support/a11y';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 5 });

/** 200 notes in one deep folder and 200 beside it: what a write must not read. */
function projectVault(): Record<string, string> {
  const files: Record<string, string> = { 'Projects/Beacon/Research/Plan.md': '# Plan\n\n- first\n' };
  for (let i = 0; i < 200; i++) {
    files[`Projects/Beacon/Research/Note ${i}.md`] = `# Note ${i}\n\nSome research text.\n`;
    files[`Projects/Other ${i}.md`] = `# Other ${i}\n`;
  }
  return files;
}

async function send(root: HTMLElement, message: string): Promise<void> {
  const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
  type(box as unknown as HTMLInputElement, message);
  press(box, 'Enter');
}

describe('what an approved write costs, through the chat panel over the Obsidian double', () => {
  it('should read no more than the note it creates in an existing deep folder, and the note it edits', async () => {
    const model = new ScriptedModel([
      callsReply([call('vault.createFile', { path: 'Projects/Beacon/Research/Idea.md', content: '# Idea\n' })]),
      callsReply([
        call('vault.writeFile', { path: 'Projects/Beacon/Research/Plan.md', content: '# Plan\n\n- first\n- second\n' }),
      ]),
      textReply('Done.'),
    ]);
    panel = await openChatPanel({ model, files: projectVault() });
    const { root, app } = panel;
    const access = countVaultAccess(app);
    await send(root, 'Add an idea note and a second bullet to the plan');

    click(await until(() => getByRole(root, 'button', 'Approve')));
    // The second card comes once the create has finished, its result recorded.
    const second = await until(() => {
      const button = queryAllByRole(root, 'button', 'Approve')[1];
      if (!button) throw new Error('the second card is not there yet');
      return button;
    });
    const afterCreate = { reads: access.reads, lists: access.lists, paths: [...access.readPaths] };

    click(second);
    await until(() => expect(root.textContent).toContain('Done.'));
    access.restore();

    // The create reads nothing (what it wrote is what the checkpoint records as its result); the second card reads
    // the note it will change, once, for the tool's description and the diff.
    expect(afterCreate.paths, afterCreate.paths.join(', ')).toEqual(['Projects/Beacon/Research/Plan.md']);
    expect(afterCreate.lists, access.listCalls.join(', ')).toBe(0);
    // The edit reads the note it changes, and nothing else in its folder.
    const edited = access.readPaths.slice(afterCreate.paths.length);
    expect(new Set(edited), edited.join(', ')).toEqual(new Set(['Projects/Beacon/Research/Plan.md']));
    // One read before the card (the tool's description and the diff share it). After the answer: the call worked
    // out again (its bytes shared with the tool's write, which keeps the note's encoding and line ending), and the
    // checkpoint; what was written is the recorded result, not read back. Three reads in all.
    expect(edited).toHaveLength(2);
    expect(access.lists, access.listCalls.join(', ')).toBe(0);
  });
});
