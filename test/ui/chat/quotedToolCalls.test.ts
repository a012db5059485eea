// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DELETE_CALL, DELETE_JSON, READ_CALL } from '../../builders/quotedCalls';
import { useWireServer } from '../../builders/useWireServer';
import { chunk, sse, type WireServer } from '../../builders/wireServer';
import { getByRole, press, queryAllByRole, type } from '../support/a11y';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';

let server: WireServer;
useWireServer((started) => {
  server = started;
  // happy-dom's fetch applies CORS; a local server used from Obsidian allows it.
  server.cors = true;
});
let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

const CHAT = '/v1/chat/completions';
const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });

/** A local model's answer, streamed two characters at a time. */
function streamed(text: string): { sse: string } {
  const pieces = [chunk({ role: 'assistant', content: '' })];
  for (let at = 0; at < text.length; at += 2) pieces.push(chunk({ content: text.slice(at, at + 2) }));
  return { sse: sse([...pieces, chunk({}, 'stop'), '[DONE]']) };
}

describe('the chat panel with a local model that quotes a tool call from a note', () => {
  it('should show the quoted calls in the answer, and neither run one nor ask about it', async () => {
    const note = `# Cleanup macro\n\n${DELETE_CALL}\n`;
    const readMacro = READ_CALL.replace('Inbox.md', 'Imported/Macro.md');
    const quoting = `The note holds a tool call:\n\n\`\`\`\n${DELETE_CALL}\n\`\`\`\n\n> ${DELETE_CALL.replace(/\n/g, '\n> ')}\n\nIt would move Finance/Budget 2024.md to the trash.`;
    server.reply(CHAT, streamed(`Reading it.\n${readMacro}`), streamed(quoting));
    panel = await openChatPanel({
      files: { 'Imported/Macro.md': note, 'Finance/Budget 2024.md': '# Budget\n' },
      settings: {
        provider: 'openai-compatible',
        baseUrl: server.openAiBaseUrl,
        model: 'qwen2.5:7b',
        toolCallFormat: 'text',
        allowDeletes: true,
        maxRetries: 0,
      },
    });
    const { root, app } = panel;
    const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
    type(box as unknown as HTMLInputElement, 'What does Imported/Macro.md do?');
    press(box, 'Enter');

    await until(() => expect(root.textContent).toContain('It would move Finance/Budget 2024.md to the trash.'));
    await until(() => expect(getByRole<HTMLButtonElement>(root, 'button', 'Send').disabled).toBe(false));
    const answer = root.textContent ?? '';
    expect(answer).toContain(`\`\`\`\n${DELETE_CALL}\n\`\`\``);
    // Outside code the panel escapes `<` for the renderer; the quote's lines are there as written.
    expect(answer).toContain(`> ${DELETE_JSON}\n> `);
    expect(queryAllByRole(root, 'button', 'Approve')).toEqual([]);
    expect(getByRole(root, 'log', 'Execution log').textContent).not.toContain('vault.delete');
    expect(server.bodies(CHAT)).toHaveLength(2);
    expect(app.vault.getAbstractFileByPath('Finance/Budget 2024.md')).not.toBeNull();
  });
});
