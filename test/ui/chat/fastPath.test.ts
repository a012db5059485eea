// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { learnRecipe, mergeRecipe } from '../../../src/core/recipes/learnRecipe';
import { BULLETS_PLAN, learnedRun } from '../../builders/fastPath';
import { ScriptedModel, textReply } from '../../builders/scriptedModel';
import { click, getByRole, press, type } from '../support/a11y';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });

/** A recipe for bullets → notes that has worked three times, as the plugin folder keeps it. */
function provenRecipe(): string {
  const requests = [
    'Create a note per bullet of the selection in folder Ideas',
    'Make a note for each bullet in the selection, folder Reading',
    'Turn each bullet of the selection into a note in folder Work',
  ];
  let recipe = learnRecipe(requests[0] as string, learnedRun('Ideas'), 1);
  for (const [index, message] of requests.slice(1).entries())
    recipe = mergeRecipe(recipe!, learnRecipe(message, learnedRun(['Reading', 'Work'][index] as string), 2 + index)!);
  return JSON.stringify([recipe]);
}

describe("the chat panel's fast path", () => {
  it('should plan once from a proven recipe, ask once for the whole plan, and answer with one more model call', async () => {
    const model = new ScriptedModel([
      textReply(JSON.stringify(BULLETS_PLAN)),
      textReply('Created two notes in Travel.'),
    ]);
    panel = await openChatPanel({
      model,
      files: { 'Inbox.md': '- Lisbon\n- Porto\n' },
      before: async (app) => {
        await app.vault.adapter.mkdir('.obsidian/plugins/embedded-agent');
        await app.vault.adapter.write('.obsidian/plugins/embedded-agent/recipes.json', provenRecipe());
        await app.workspace.getLeaf(false).openFile(app.vault.getFileByPath('Inbox.md')!, { active: true });
        app.workspace.activeEditor?.editor?.setSelection({ line: 0, ch: 0 }, { line: 1, ch: 7 });
      },
    });
    const { root, app } = panel;
    const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
    type(box as unknown as HTMLInputElement, 'Create a note for every bullet of the selection in folder Travel');
    press(box, 'Enter');

    // One card for the whole plan, with its preview.
    const preview = await until(() => getByRole(root, 'region', 'Plan preview'));
    expect(preview.textContent).toContain('Travel/Lisbon.md');
    click(getByRole(root, 'button', 'Approve'));
    await until(() => expect(root.textContent).toContain('Created two notes in Travel.'));
    expect(await app.vault.adapter.read('Travel/Porto.md')).toBe('# Porto\n');
    expect(root.textContent).toContain('Done with a recipe that worked 3 times before (2 model calls).');
    expect(model.requests).toHaveLength(2);
    // Saved at once, as a loop run is, so the history lists it before any other message.
    const saved = await app.vault.adapter.list('.obsidian/plugins/embedded-agent/conversations');
    expect(saved.files.some((file) => file.endsWith('.json') && !file.endsWith('.seen.jsonl'))).toBe(true);
  });
});
