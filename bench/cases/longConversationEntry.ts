/**
 * The chat panel's side of the long-conversation benchmark, bundled by bench/cases/longConversation.ts with
 * `obsidian` aliased to the test double and run under happy-dom's globals: the plugin loads over a generated
 * vault, and one conversation goes on for hundreds of turns, each a search and a ~490-word answer streamed in
 * chunks, typed and sent as a person would; then it is restored from the history.
 */
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { MarkdownRenderer } from 'obsidian';
import { ConversationModel } from '../../test/builders/conversationModel';
import { openPanel, until as poll } from './panelDriver';

export interface TurnSample {
  turn: number;
  /** Enter in the message box → the run's usage line shown (search, streamed answer, save): ms. */
  turnaroundMs: number;
  /** Elements in the panel after the turn. */
  elements: number;
}

export interface LongRun {
  samples: TurnSample[];
  answerWords: number;
  condensed: number;
  /** After "New conversation" and History, and "Show earlier" until nothing is folded: the messages shown. */
  restoredTurns: number;
  /** Turn 1's message was shown after "Show earlier" was pressed until nothing was folded. */
  restoredShowsTurnOne: boolean;
  /** Click on the history entry → the restored conversation drawn: ms. */
  restoreMs: number;
  restoredElements: number;
}

/**
 * Roughly what Obsidian's renderer makes of an answer: a div per block (it wraps each), a heading, paragraphs with
 * their bold and code spans, and a list item per line. The double draws nothing by itself.
 */
function renderLikeObsidian(): void {
  MarkdownRenderer.render = (_app, markdown, el) => {
    for (const block of markdown.split(/\n{2,}/)) {
      if (block.trim() === '') continue;
      const wrapper = el.createDiv({ cls: 'el-p' });
      if (block.startsWith('## ')) wrapper.createEl('h2', { text: block.slice(3) });
      else if (block.startsWith('- ')) {
        const list = wrapper.createEl('ul');
        for (const line of block.split('\n')) list.createEl('li', { text: line.slice(2) });
      } else {
        const paragraph = wrapper.createEl('p');
        for (const part of block.split(/(\*\*[^*]+\*\*|`[^`]+`)/)) {
          if (part.startsWith('**')) paragraph.createEl('strong', { text: part.slice(2, -2) });
          else if (part.startsWith('`')) paragraph.createEl('code', { text: part.slice(1, -1) });
          else paragraph.appendText(part);
        }
      }
    }
    return Promise.resolve();
  };
}

const SENTENCE =
  'The garden plan lists a **fence** along the east side, a small pond, and a herb spiral near `Kitchen.md`. ';

/** About 490 words: a heading, four paragraphs and a list, as a research answer reads. */
function answer(turn: number): string {
  const paragraph = SENTENCE.repeat(5);
  const list = Array.from(
    { length: 6 },
    (_, i) => `- Point ${i + 1} of answer ${turn}: the note says what to do next and when.`,
  ).join('\n');
  return `## Answer ${turn}\n\n${paragraph}\n\n${paragraph}\n\n${list}\n\n${paragraph}\n\n${paragraph}\n\nThat is all for answer ${turn}.`;
}

/** A word of its own per turn, so no message looks like a repeat to the recipes' fast path. */
function uniqueWord(turn: number): string {
  let word = '';
  for (let n = turn + 700; n > 0; n = Math.floor(n / 26)) word = String.fromCharCode(97 + (n % 26)) + word;
  return `q${word}`;
}

const until = <T>(find: () => T | null | undefined, what: string): Promise<T> =>
  poll(find, what, { timeoutMs: 120_000 });

/** Resolves when an element matching `selector` is added under `root` (no polling: that would scan the panel). */
function added(root: HTMLElement, selector: string): Promise<void> {
  const window = root.ownerDocument.defaultView as unknown as typeof globalThis;
  return new Promise((resolve) => {
    const observer = new window.MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (
            node.nodeType === 1 &&
            ((node as Element).matches(selector) || (node as Element).querySelector(selector))
          ) {
            observer.disconnect();
            resolve();
            return;
          }
        }
      }
    });
    observer.observe(root, { childList: true, subtree: true });
  });
}

const button = (root: HTMLElement, text: string | RegExp): HTMLButtonElement | undefined =>
  Array.from(root.querySelectorAll('button')).find(
    (el) => (typeof text === 'string' ? el.textContent === text : text.test(el.textContent ?? '')) && !el.hidden,
  );

export async function longConversation(
  files: Record<string, string>,
  queries: readonly string[],
  turns: number,
  measureAt: ReadonlySet<number>,
): Promise<LongRun> {
  renderLikeObsidian();
  const model = new ConversationModel({
    search: (turn) => ({ name: 'vault.searchText', input: { query: queries[turn % queries.length] } }),
    answer,
    chunk: 48,
  });
  const { app, plugin, root, box, base } = await openPanel(files, model, 'ea-bench-long-');
  const window = box.ownerDocument.defaultView as unknown as typeof globalThis;
  const send = await until(() => button(root, 'Send'), 'Send');

  const samples: TurnSample[] = [];
  for (let turn = 1; turn <= turns; turn++) {
    box.value = `My ${uniqueWord(turn)} notes`;
    box.dispatchEvent(new window.Event('input', { bubbles: true }));
    const done = added(root, '.embedded-agent-note.is-usage');
    const started = performance.now();
    box.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await done;
    const turnaroundMs = performance.now() - started;
    await until(() => !send.disabled, `turn ${turn} to end`);
    if (measureAt.has(turn)) samples.push({ turn, turnaroundMs, elements: root.querySelectorAll('*').length });
    if (process.env.BENCH_DEBUG && measureAt.has(turn)) {
      const counts = new Map<string, number>();
      for (const child of Array.from(root.children)) counts.set(child.className, child.querySelectorAll('*').length);
      const transcript = root.querySelector('.embedded-agent-transcript');
      const kids = new Map<string, number>();
      for (const child of Array.from(transcript?.children ?? []))
        kids.set(child.className, (kids.get(child.className) ?? 0) + 1 + child.querySelectorAll('*').length);
      console.log(turn, JSON.stringify([...counts]), JSON.stringify([...kids]));
    }
  }

  (await until(() => button(root, 'New'), 'New')).click();
  (await until(() => button(root, 'History'), 'History')).click();
  const entry = await until(
    () => root.querySelector<HTMLButtonElement>('.embedded-agent-history-item'),
    'the history entry',
  );
  const drawn = added(root, '.embedded-agent-message.is-user');
  const clicked = performance.now();
  entry.click();
  await drawn;
  const restoreMs = performance.now() - clicked;
  const restoredElements = root.querySelectorAll('*').length;
  for (let earlier = button(root, /^Show \d+ earlier/); earlier; earlier = button(root, /^Show \d+ earlier/))
    earlier.click();
  const messages = root.querySelectorAll('.embedded-agent-message.is-user');
  const restoredTurns = messages.length;
  const restoredShowsTurnOne = messages[0]?.textContent === `My ${uniqueWord(1)} notes`;

  for (const leaf of app.workspace.getLeavesOfType('embedded-agent-chat')) leaf.detach();
  plugin.unload();
  document.body.empty();
  await rm(base, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  return {
    samples,
    answerWords: answer(1).split(/\s+/).length,
    condensed: model.condensed,
    restoredTurns,
    restoredShowsTurnOne,
    restoreMs,
    restoredElements,
  };
}
