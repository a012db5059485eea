// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryMessage } from '../../../src/core/ports/llm';
import { call, callsReply, ScriptedModel, textReply } from '../../builders/scriptedModel';
import { getByRole, type } from '../support/a11y';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });
// Made-up keys in the providers' forms; none is live.
const OTHER_PLUGIN_KEY = 'sk-proj-Q8r2L0xVb7Nn3Ks9Tz1Hc4Wf6Yd5Jm2Pa8Ue0Gi3Oq7Rl';
const NOTE_KEY = 'ghp_Ab3Cd4Ef5Gh6Ij7Kl8Mn9Op0Qr1St2Uv3Wx4';

/** The content of the tool result the model received last in `request`. */
function lastResult(messages: readonly HistoryMessage[]): string {
  const last = messages[messages.length - 1];
  return last?.role === 'tool-results' ? (last.results[0]?.content ?? '') : '';
}

async function send(root: HTMLElement, text: string): Promise<void> {
  type(getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message') as unknown as HTMLInputElement, text);
  getByRole(root, 'button', 'Send').click();
}

describe('the chat panel: secrets the model asks for', () => {
  it("should refuse to read another plugin's settings, saying why, in the config folder the vault names", async () => {
    const model = new ScriptedModel([
      callsReply([call('vault.readFile', { path: '.config/plugins/copilot/data.json' })]),
      textReply('I may not read it.'),
    ]);
    panel = await openChatPanel({
      model,
      before: async (app) => {
        // A vault whose config folder is not ".obsidian" (Obsidian lets the user rename it).
        Object.defineProperty(app.vault, 'configDir', { value: '.config' });
        await app.vault.adapter.mkdir('.config');
        await app.vault.adapter.mkdir('.config/plugins');
        await app.vault.adapter.mkdir('.config/plugins/copilot');
        await app.vault.adapter.write(
          '.config/plugins/copilot/data.json',
          JSON.stringify({ openAIApiKey: OTHER_PLUGIN_KEY }),
        );
      },
    });
    await send(panel.root, 'What key does Copilot use?');
    await until(() => expect(panel!.root.textContent).toContain('I may not read it.'));
    expect(lastResult(model.requests[1]?.messages ?? [])).toContain(
      'Refused path: ".config/plugins/copilot/data.json" is in .config/plugins/, where each plugin keeps its settings, API keys among them, so the agent neither reads nor writes it',
    );
    expect(JSON.stringify(model.requests)).not.toContain(OTHER_PLUGIN_KEY);
  });

  it('should give the model a note that holds a key with the key redacted, and show it so in the panel', async () => {
    const model = new ScriptedModel([
      callsReply([call('vault.readFile', { path: 'Keys.md' })]),
      textReply('The note holds a redacted token.'),
    ]);
    panel = await openChatPanel({
      model,
      files: { 'Keys.md': `# Keys\n\nGitHub token for the sync script: ${NOTE_KEY}\n` },
    });
    await send(panel.root, 'What is in Keys.md?');
    await until(() => expect(panel!.root.textContent).toContain('The note holds a redacted token.'));
    expect(lastResult(model.requests[1]?.messages ?? [])).toContain('GitHub token for the sync script: [redacted]');
    expect(JSON.stringify(model.requests)).not.toContain(NOTE_KEY.slice(0, 12));
    expect(panel.root.textContent).not.toContain(NOTE_KEY.slice(0, 12));
    expect(await panel.app.vault.adapter.read('Keys.md')).toContain(NOTE_KEY);
  });

  it('should refuse to write a redacted read back over the key it hides, before any card, and keep the note', async () => {
    const original = `# Keys\n\nGitHub token for the sync script: ${NOTE_KEY}\n`;
    const rewritten = '# Keys\n\nGitHub token for the sync script: [redacted]\n\nRotated yearly.\n';
    const model = new ScriptedModel([
      callsReply([call('vault.readFile', { path: 'Keys.md' })]),
      callsReply([call('vault.writeFile', { path: 'Keys.md', content: rewritten })]),
      textReply('I could not rewrite it.'),
    ]);
    panel = await openChatPanel({ model, files: { 'Keys.md': original } });
    await send(panel.root, 'Add "Rotated yearly." to Keys.md');
    await until(() => expect(panel!.root.textContent).toContain('I could not rewrite it.'));
    expect(lastResult(model.requests[2]?.messages ?? [])).toContain(
      'The new text of "Keys.md" holds [redacted] where the note keeps a key or token that was never shown',
    );
    expect(panel.root.querySelector('[aria-label="Approve"]')).toBeNull();
    expect(await panel.app.vault.adapter.read('Keys.md')).toBe(original);
  });
});
