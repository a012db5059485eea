// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, callsReply, ScriptedModel, textReply } from '../../builders/scriptedModel';
import { click, getByRole, press, type } from '../support/a11y';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });

describe('the card of a note whose properties will not parse, in Obsidian', () => {
  it("should say so in the words of Obsidian's own parseYaml, which main.js does not carry a copy of", async () => {
    const model = new ScriptedModel([
      callsReply([
        call('vault.createFile', {
          path: 'Trip.md',
          content: '---\ntitle: Trip\nplaces:\n  a: 1\n  a: 2\n---\nBody\n',
        }),
      ]),
      textReply('Done.'),
    ]);
    panel = await openChatPanel({ model });
    const { root } = panel;
    const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
    type(box as unknown as HTMLInputElement, 'Make a note for the trip');
    press(box, 'Enter');
    const approve = await until(() => getByRole(root, 'button', 'Approve'));
    // A key written twice inside `places`: the line checks see only top-level keys, so this is the parser's finding.
    expect(root.textContent).toContain(
      'Trip.md: its properties (lines 1-6) do not parse as YAML: line 5: Map keys must be unique',
    );
    click(approve);
    await until(() => expect(root.textContent).toContain('Done.'));
  });
});
