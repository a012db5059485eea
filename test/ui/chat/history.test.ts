// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScriptedModel, textReply } from '../../builders/scriptedModel';
import { click, getByRole, press, type } from '../support/a11y';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });

describe('conversation history in the chat panel', () => {
  it('should keep a finished conversation, start a new one, and bring the old one back from History', async () => {
    const model = new ScriptedModel([textReply('Tomatoes need six hours of sun.'), textReply('A second answer.')]);
    panel = await openChatPanel({ model });
    const { root } = panel;
    const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
    type(box as unknown as HTMLInputElement, 'How much sun do tomatoes need?');
    press(box, 'Enter');
    await until(() => expect(root.textContent).toContain('Tomatoes need six hours of sun.'));
    await until(() => expect(getByRole<HTMLButtonElement>(root, 'button', 'Send').disabled).toBe(false));

    click(getByRole(root, 'button', 'New conversation'));
    expect(root.querySelector('.embedded-agent-transcript')?.textContent).not.toContain('Tomatoes');

    click(getByRole(root, 'button', 'Conversation history'));
    const entry = await until(() => {
      const found = Array.from(root.querySelectorAll<HTMLButtonElement>('.embedded-agent-history-item')).find((item) =>
        item.textContent?.includes('How much sun'),
      );
      if (!found) throw new Error('the conversation is not listed yet');
      return found;
    });
    click(entry);
    await until(() =>
      expect(root.querySelector('.embedded-agent-transcript')?.textContent).toContain(
        'Tomatoes need six hours of sun.',
      ),
    );

    // The restored conversation goes on: the model sees the earlier turn.
    type(box as unknown as HTMLInputElement, 'And peppers?');
    press(box, 'Enter');
    await until(() => expect(root.textContent).toContain('A second answer.'));
    expect(model.requests[1]?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
  });
});
