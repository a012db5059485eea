// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUMMARY_PREFIX } from '../../../src/core/agent/condensing';
import { DRAWN_TURNS } from '../../../src/ui/chat/Transcript';
import { commandsOf } from '../../obsidian-double/harness';
import { ConversationModel } from '../../builders/conversationModel';
import { click, getByRole, press, queryAllByRole, type } from '../support/a11y';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 5 });
const WORDS = [
  'pond',
  'fence',
  'herbs',
  'roses',
  'compost',
  'shed',
  'bees',
  'apples',
  'plums',
  'pears',
  'kale',
  'leeks',
  'beans',
  'mint',
  'sage',
  'thyme',
];
// No word in common, so no message looks like a repeat to the recipes' fast path.
const question = (turn: number): string => `My ${WORDS[turn - 1] ?? 'weather'} notes`;
const transcriptOf = (root: HTMLElement): HTMLElement => root.querySelector<HTMLElement>('.embedded-agent-transcript')!;
const userTexts = (root: HTMLElement): string[] =>
  Array.from(transcriptOf(root).querySelectorAll('.embedded-agent-message.is-user')).map((el) => el.textContent ?? '');

async function send(root: HTMLElement, text: string, answer: string): Promise<void> {
  const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
  type(box as unknown as HTMLInputElement, text);
  press(box, 'Enter');
  await until(() => expect(transcriptOf(root).textContent).toContain(answer));
  await until(() => expect(getByRole<HTMLButtonElement>(root, 'button', 'Send').disabled).toBe(false));
}

const searchingModel = (contextWindow?: number, repeat = 3): ConversationModel =>
  new ConversationModel(
    {
      search: (turn) => ({ name: 'vault.searchText', input: { query: WORDS[turn - 1] ?? 'weather' } }),
      answer: (turn) => `Answer ${turn}. ${'The notes say more. '.repeat(repeat)}`,
    },
    contextWindow,
  );

describe('a long conversation in the chat panel', () => {
  it('should draw only the last turns, fold older ones into "Show earlier", and draw them again on demand', async () => {
    panel = await openChatPanel({ model: searchingModel(), files: { 'Garden.md': 'The pond and the fence.\n' } });
    const { root } = panel;
    for (let turn = 1; turn <= DRAWN_TURNS + 4; turn++) await send(root, question(turn), `Answer ${turn}.`);

    expect(userTexts(root)).toEqual(Array.from({ length: DRAWN_TURNS }, (_, index) => question(index + 5)));
    expect(transcriptOf(root).querySelectorAll('.embedded-agent-tool-call')).toHaveLength(DRAWN_TURNS);
    // Under the transcript too, only the last run's offer stays ("Save as prompt").
    expect(root.querySelectorAll('button.embedded-agent-save-as')).toHaveLength(1);
    const earlier = getByRole<HTMLButtonElement>(root, 'button', 'Show 4 earlier turns (4 hidden)');
    click(earlier);
    expect(userTexts(root)).toEqual(Array.from({ length: DRAWN_TURNS + 4 }, (_, index) => question(index + 1)));
    // Drawn again as they were: the answer, and the search with its result.
    await until(() => expect(transcriptOf(root).textContent).toContain('Answer 1. The notes say more.'));
    const firstCall = transcriptOf(root).querySelector('.embedded-agent-tool-call');
    expect(firstCall?.classList.contains('is-ok')).toBe(true);
    expect(firstCall?.textContent).toContain('vault.searchText');
    expect(earlier.hidden).toBe(true);
    // Nothing left to show: focus goes to the first turn, not to the page.
    expect(document.activeElement?.textContent).toBe(question(1));

    // The next message folds back to the last turns.
    await send(root, question(15), 'Answer 15.');
    expect(userTexts(root)).toHaveLength(DRAWN_TURNS);
    expect(queryAllByRole(root, 'button', 'Show 5 earlier turns (5 hidden)')).toHaveLength(1);
  });

  it('should show the conversation again when the panel is closed and opened again, and go on with it', async () => {
    const model = searchingModel();
    panel = await openChatPanel({ model, files: { 'Garden.md': 'The pond.\n' } });
    const { app } = panel;
    await send(panel.root, question(1), 'Answer 1.');
    await send(panel.root, question(2), 'Answer 2.');
    for (const leaf of app.workspace.getLeavesOfType('embedded-agent-chat')) leaf.detach();

    commandsOf(app).executeCommandById('embedded-agent:open-chat');
    const root = await until(() => {
      const el = app.workspace
        .getLeavesOfType('embedded-agent-chat')[0]
        ?.view.containerEl.querySelector<HTMLElement>('.embedded-agent-chat');
      if (!el) throw new Error('the chat panel did not open again');
      return el;
    });
    if (!root.isConnected) document.body.appendChild(root);
    expect(userTexts(root)).toEqual([question(1), question(2)]);
    await until(() => expect(transcriptOf(root).textContent).toContain('Answer 2. The notes say more.'));
    expect(transcriptOf(root).querySelector('.embedded-agent-empty-hint')).toBeNull();

    await send(root, question(3), 'Answer 3.');
    expect(userTexts(root)).toEqual([question(1), question(2), question(3)]);
  });

  it('should come back with the conversation it showed after Obsidian restarts, and start empty after New', async () => {
    panel = await openChatPanel({ model: searchingModel(), files: { 'Garden.md': 'The pond.\n' } });
    await send(panel.root, question(1), 'Answer 1.');
    await send(panel.root, question(2), 'Answer 2.');

    let root = await panel.restart();
    await until(() => expect(userTexts(root)).toEqual([question(1), question(2)]));
    expect(transcriptOf(root).textContent).toContain('Answer 2. The notes say more.');
    await send(root, question(3), 'Answer 3.');
    expect(userTexts(root)).toEqual([question(1), question(2), question(3)]);

    click(getByRole(root, 'button', 'New conversation'));
    root = await panel.restart();
    // Nothing to wait for: give a restore that should not happen the time it would take.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(userTexts(root)).toEqual([]);
  });

  it('should restore a condensed conversation from its first message, with the summary shown as a summary', async () => {
    panel = await openChatPanel({ model: searchingModel(16_000, 600), files: { 'Garden.md': 'The pond.\n' } });
    const { root } = panel;
    for (let turn = 1; turn <= 8; turn++) await send(root, question(turn), `Answer ${turn}.`);
    click(getByRole(root, 'button', 'New conversation'));
    expect(userTexts(root)).toEqual([]);

    click(getByRole(root, 'button', 'Conversation history'));
    const entry = await until(() => {
      const found = Array.from(root.querySelectorAll<HTMLButtonElement>('.embedded-agent-history-item')).find((item) =>
        item.textContent?.includes(question(1)),
      );
      if (!found) throw new Error('the conversation is not listed yet');
      return found;
    });
    click(entry);
    await until(() => expect(userTexts(root)).toEqual(Array.from({ length: 8 }, (_, index) => question(index + 1))));
    await until(() => expect(transcriptOf(root).textContent).toContain('Answer 1. The notes say more.'));
    const summary = transcriptOf(root).querySelector('.embedded-agent-summary');
    expect(summary?.querySelector('summary')?.textContent).toBe(
      'Summary of the earlier conversation (what the agent remembers of it)',
    );
    expect(userTexts(root).some((text) => text.includes(SUMMARY_PREFIX) || text.includes('The person asked'))).toBe(
      false,
    );
  });

  it('should show a conversation saved in the old format with its condensed summary as a summary, not as a message', async () => {
    panel = await openChatPanel({ model: searchingModel() });
    const { root, plugin } = panel;
    await plugin.pluginFiles().write(
      'conversations/20260101T000000-abcd.json',
      JSON.stringify({
        id: '20260101T000000-abcd',
        title: 'Garden',
        createdAt: 1,
        updatedAt: 2,
        history: [
          { role: 'user', text: `${SUMMARY_PREFIX}\nThe person planned a garden.` },
          { role: 'assistant', text: 'The pond goes east.', toolCalls: [] },
        ],
      }),
    );
    click(getByRole(root, 'button', 'Conversation history'));
    const entry = await until(() => {
      const found = root.querySelector<HTMLButtonElement>('.embedded-agent-history-item');
      if (!found) throw new Error('the conversation is not listed yet');
      return found;
    });
    click(entry);
    await until(() => expect(transcriptOf(root).textContent).toContain('The pond goes east.'));
    expect(userTexts(root)).toEqual([]);
    expect(transcriptOf(root).querySelector('.embedded-agent-summary-text')?.textContent).toBe(
      'The person planned a garden.',
    );
  });
});
