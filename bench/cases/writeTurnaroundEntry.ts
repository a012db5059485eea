/**
 * The chat panel's side of the write-turnaround benchmark, bundled by bench/cases/writeTurnaround.ts with
 * `obsidian` aliased to the test double and run under happy-dom's globals: the plugin loads over a generated vault,
 * a scripted model asks for two writes per turn, and each approval card is clicked as a person would.
 */
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { MarkdownRenderer } from 'obsidian';
import { countVaultAccess } from '../../test/obsidian-double/accessCounter';
import { call, callsReply, ScriptedModel, textReply } from '../../test/builders/scriptedModel';
import { openPanel, until as poll } from './panelDriver';

export interface WriteRun {
  /** Click on Approve → the next card's Approve button (or the final answer), per write, in ms. */
  perWriteMs: number[];
  readsPerWrite: number[];
  statsPerWrite: number[];
  listsPerWrite: number[];
  /** Click on "Revert changes" → "Reverted N changes." shown. */
  revertMs: number;
  revertReads: number;
  /** Building the app over the vault and loading the plugin: setup, not measured against a target. */
  setupMs: number;
}

let panelText = (): string => '';

/** The shared poll, saying what the panel showed when it times out. */
const until = <T>(find: () => T | null | undefined, what: string, timeoutMs = 60_000): Promise<T> =>
  poll(find, what, { timeoutMs, shows: () => panelText() });

/**
 * The first element added under `root` (or inside one added) that `match` accepts. Measured waits use this
 * rather than polling: scanning a long transcript on every turn would cost more than the work being timed.
 */
function nextAdded<T>(
  root: HTMLElement,
  match: (el: Element) => T | null,
  what: string,
  timeoutMs = 600_000,
): Promise<T> {
  const window = root.ownerDocument.defaultView as unknown as typeof globalThis;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`Timed out waiting for ${what}; the panel shows: ${panelText()}`));
    }, timeoutMs);
    const observer = new window.MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (node.nodeType !== 1) continue;
          const found = match(node as Element);
          if (found === null) continue;
          clearTimeout(timer);
          observer.disconnect();
          resolve(found);
          return;
        }
      }
    });
    observer.observe(root, { childList: true, subtree: true });
  });
}

const buttonIn =
  (text: string) =>
  (el: Element): HTMLButtonElement | null => {
    const candidates = el.tagName === 'BUTTON' ? [el] : Array.from(el.querySelectorAll('button'));
    return (candidates.find((button) => button.textContent === text) as HTMLButtonElement | undefined) ?? null;
  };
const textIn =
  (pattern: RegExp) =>
  (el: Element): true | null =>
    pattern.test(el.textContent ?? '') ? true : null;

const buttons = (root: HTMLElement, text: string): HTMLButtonElement[] =>
  Array.from(root.querySelectorAll('button')).filter((button) => button.textContent === text && !button.disabled);

/**
 * `creates` notes made in existing deep folders and `edits` notes changed, each its own model turn and approval,
 * then "Revert last run" of them all.
 */
export async function approvedWrites(
  files: Record<string, string>,
  creates: { path: string; content: string }[],
  edits: { path: string; content: string }[],
): Promise<WriteRun> {
  MarkdownRenderer.render = (_app, markdown, el) => {
    el.createEl('p', { text: markdown.trim() });
    return Promise.resolve();
  };
  const setupStart = performance.now();
  const writes = [...creates.map((c) => call('vault.createFile', c)), ...edits.map((e) => call('vault.writeFile', e))];
  // Two writes a turn, each with its own card: 40 one-write turns would pass the loop's iteration limit.
  const turns = Array.from({ length: Math.ceil(writes.length / 2) }, (_, turn) =>
    callsReply(writes.slice(turn * 2, turn * 2 + 2)),
  );
  const model = new ScriptedModel([...turns, textReply('All done.')]);
  const { app, plugin, root, box, base } = await openPanel(files, model, 'ea-bench-writes-');
  const setupMs = performance.now() - setupStart;
  panelText = () => (root.textContent ?? '').slice(-600);

  box.value = 'Make the notes and edit the others';
  // happy-dom's own event classes: Node has a global Event of its own that the DOM refuses.
  const window = box.ownerDocument.defaultView as unknown as typeof globalThis;
  box.dispatchEvent(new window.Event('input', { bubbles: true }));
  box.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));

  const access = countVaultAccess(app);
  const run: WriteRun = {
    perWriteMs: [],
    readsPerWrite: [],
    statsPerWrite: [],
    listsPerWrite: [],
    revertMs: 0,
    revertReads: 0,
    setupMs,
  };
  let approve = await until(() => buttons(root, 'Approve')[0], 'the first approval card');
  for (let index = 0; index < writes.length; index++) {
    const last = index === writes.length - 1;
    const next = last
      ? nextAdded(root, textIn(/All done\./), 'the final answer')
      : nextAdded(root, buttonIn('Approve'), `card ${index + 2}`);
    access.reset();
    const clicked = performance.now();
    approve.click();
    const found = await next;
    run.perWriteMs.push(performance.now() - clicked);
    run.readsPerWrite.push(access.reads);
    run.statsPerWrite.push(access.stats);
    run.listsPerWrite.push(access.lists);
    if (process.env.BENCH_DEBUG)
      console.log(index, (performance.now() - clicked).toFixed(1), access.readPaths.join(' | '));
    if (found !== true) approve = found;
  }

  (await until(() => buttons(root, 'Revert last run')[0], 'Revert last run')).click();
  const revert = await until(() => buttons(root, 'Revert changes')[0], 'the revert card');
  const reverted = nextAdded(root, textIn(/Reverted \d+ changes?\./), 'the revert to finish');
  access.reset();
  const clicked = performance.now();
  revert.click();
  await reverted;
  run.revertMs = performance.now() - clicked;
  run.revertReads = access.reads;
  access.restore();

  for (const leaf of app.workspace.getLeavesOfType('embedded-agent-chat')) leaf.detach();
  plugin.unload();
  document.body.empty();
  await rm(base, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  return run;
}
