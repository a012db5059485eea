/**
 * The Changes view's side of its benchmark, bundled by bench/cases/changesView.ts with `obsidian` aliased to the
 * test double and run under happy-dom's globals: the plugin over a generated vault, its checkpoint repository
 * filled with runs as the pipeline records them, and the view opened by its command as a person would.
 */
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { App } from 'obsidian';
import type { CheckpointService } from '../../src/core/checkpoints/CheckpointService';
import type { RunAuthor } from '../../src/core/checkpoints/types';
import { ScriptedModel } from '../../test/builders/scriptedModel';
import { ChangesPanel, RUNS_PER_PAGE } from '../../src/ui/changes/ChangesPanel';
import { ChangesPortDouble } from '../../test/ui/support/changesPortDouble';
import { commandsOf } from '../../test/obsidian-double/harness';
import { openPanel, until } from './panelDriver';

export interface ChangesViewRun {
  /** "Review changes" → the first page of runs drawn, the first time (the list's code and the core load). */
  firstOpenMs: number;
  /** The same, with the view closed in between, once everything is loaded. */
  openMs: number[];
  runsShown: number;
  /** Open on the run of `bigFiles` files → its first file's hunk drawn, and → every file's hunk drawn. */
  firstFileMs: number;
  allFilesMs: number;
  /** Elements in the view before the big run opened, while open, and after it closed again (rounds of open/close). */
  nodesBefore: number;
  nodesOpen: number;
  nodesAfter: number[];
  /** Filling the repository: setup, not measured against a target. */
  setupMs: number;
  /** The core alone: its first page of runs (51), and the big run's first file and all of them. */
  listRunsMs: number[];
  coreFirstFileMs: number;
  coreAllFilesMs: number;
  /** The list alone: its first page drawn over an in-memory double of the port. */
  drawMs: number;
}

const CHAT: RunAuthor = { kind: 'chat', label: 'Chat' };
const PLAN: RunAuthor = { kind: 'plan', label: 'Plan' };

/** One run as the pipeline records it: a checkpoint of `paths`, each note appended to, the run ended. */
async function recordRun(
  app: App,
  checkpoints: CheckpointService,
  runId: string,
  author: RunAuthor,
  paths: readonly string[],
): Promise<void> {
  checkpoints.beginRun(runId, { author });
  const { seq } = await checkpoints.checkpoint(runId, { tool: 'vault.writeFile', paths: [...paths] });
  for (const path of paths) {
    const file = app.vault.getFileByPath(path);
    if (!file) throw new Error(`${path} is not in the vault`);
    await app.vault.modify(file, `${await app.vault.read(file)}\n- changed by ${runId}\n`);
  }
  await checkpoints.recordAfter(runId, seq, [...paths]);
  await checkpoints.endRun(runId);
}

function viewRoot(app: App): HTMLElement | null {
  const view = app.workspace.getLeavesOfType('embedded-agent-changes')[0]?.view;
  if (!view) return null;
  if (!view.containerEl.isConnected) document.body.appendChild(view.containerEl);
  return view.containerEl;
}

/** "Review changes" from the palette, timed until `shown` runs are drawn. */
async function openView(app: App, shown: number): Promise<number> {
  const start = performance.now();
  commandsOf(app).executeCommandById('embedded-agent:review-changes');
  // Counting the list's children, not searching the view: the wait must cost next to nothing beside what it times.
  const list = await until(() => viewRoot(app)?.querySelector('ul') ?? null, 'the view');
  await until(() => list.childElementCount >= shown || null, 'the list of runs', { timeoutMs: 120_000 });
  return performance.now() - start;
}

async function slowUntil(check: () => boolean, what: string, timeoutMs = 600_000): Promise<void> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The list's own share: a first page drawn over the port's in-memory double (test/ui/support) holding `runs` runs,
 * so no repository is read. Median of 11.
 */
async function drawOnly(runs: number): Promise<number> {
  const port = new ChangesPortDouble(
    Array.from({ length: runs }, (_, i) => ({
      runId: `run-${i}`,
      author: CHAT,
      startedAt: i,
      files: [{ path: `Note ${i}.md`, hunks: [{ before: ['a'], after: ['b'] }] }],
    })),
  );
  const times: number[] = [];
  for (let i = 0; i < 11; i++) {
    const div = document.body.createDiv();
    const start = performance.now();
    const panel = new ChangesPanel(div, port);
    await panel.refresh();
    times.push(performance.now() - start);
    panel.close();
    div.remove();
  }
  return times.sort((a, b) => a - b)[5] as number;
}

function closeView(app: App): void {
  for (const leaf of app.workspace.getLeavesOfType('embedded-agent-changes')) leaf.detach();
}

/**
 * `runs` runs of one note each in a vault of `files`, and one run of `bigFiles` notes; then the view opened and
 * closed 11 times, and the big run opened and closed 5 times.
 */
export async function changesView(
  files: Record<string, string>,
  runs: number,
  bigFiles: number,
): Promise<ChangesViewRun> {
  const setupStart = performance.now();
  const { app, plugin, base } = await openPanel(files, new ScriptedModel([]), 'ea-bench-changes-');
  try {
    const { checkpoints } = await plugin.agentServices();
    if (!checkpoints) throw new Error('the bench needs checkpoints');
    const paths = Object.keys(files).filter((path) => path.endsWith('.md'));
    await recordRun(app, checkpoints, 'plan-bench-big', PLAN, paths.slice(0, bigFiles));
    for (let i = 1; i < runs; i++)
      await recordRun(app, checkpoints, `chat-bench-${i}`, CHAT, [paths[(i * 37) % paths.length] as string]);
    // Each run is summarized as it ends, one after another: wait for the last, as a person would not open the view
    // within the second 1,000 runs ended in.
    const changes = (await plugin.agentServices()).changes;
    if (!changes) throw new Error('the bench needs the review core');
    await changes.listRuns({ limit: 1 });
    const setupMs = performance.now() - setupStart;
    const listRunsMs: number[] = [];
    for (let i = 0; i < 11; i++) {
      const start = performance.now();
      await changes.listRuns({ limit: RUNS_PER_PAGE + 1 });
      listRunsMs.push(performance.now() - start);
    }
    const drawMs = await drawOnly(runs);
    const filesStart = performance.now();
    let coreFirstFileMs = 0;
    let coreFiles = 0;
    for await (const file of changes.files('plan-bench-big')) {
      if (coreFiles++ === 0) coreFirstFileMs = performance.now() - filesStart;
      if (file.hunks !== 1) throw new Error(`${file.path} has ${file.hunks} changes, not the one line added`);
    }
    if (coreFiles !== bigFiles) throw new Error(`the big run lists ${coreFiles} files, not ${bigFiles}`);
    const coreAllFilesMs = performance.now() - filesStart;

    const firstOpenMs = await openView(app, RUNS_PER_PAGE);
    const runsShown = viewRoot(app)?.querySelectorAll('li').length ?? 0;
    closeView(app);
    const openMs: number[] = [];
    for (let i = 0; i < 11; i++) {
      openMs.push(await openView(app, RUNS_PER_PAGE));
      closeView(app);
    }

    await openView(app, RUNS_PER_PAGE);
    const root = viewRoot(app) as HTMLElement;
    // The big run is the oldest: page down to it.
    await until(
      () => {
        const item = [...root.querySelectorAll('li')].find((li) => li.getAttribute('aria-label')?.startsWith('Plan:'));
        if (item) return item;
        [...root.querySelectorAll('button')].find((button) => button.textContent === 'Show older runs')?.click();
        return null;
      },
      'the big run',
      { timeoutMs: 120_000 },
    );
    const nodesBefore = root.querySelectorAll('*').length;
    let firstFileMs = 0;
    let allFilesMs = 0;
    let nodesOpen = 0;
    const nodesAfter: number[] = [];
    for (let round = 0; round < 5; round++) {
      const item = [...root.querySelectorAll('li')].find((li) => li.getAttribute('aria-label')?.startsWith('Plan:'));
      const open = [...(item?.querySelectorAll('button') ?? [])].find((button) => button.textContent === 'Open');
      if (!item || !open) throw new Error('the big run has no Open button');
      const start = performance.now();
      open.click();
      const filesEl = await until(
        () => item.querySelector<HTMLElement>('.embedded-agent-review-files')?.firstElementChild?.parentElement,
        'the first file of the big run',
        { timeoutMs: 120_000 },
      );
      const first = performance.now() - start;
      // The last file's change drawn: a wait of seconds, polled every 10 ms so that polling takes no time from it.
      await slowUntil(
        () =>
          filesEl.childElementCount >= bigFiles &&
          filesEl.lastElementChild?.querySelector('.embedded-agent-review-hunks')?.firstElementChild != null,
        'every file of the big run',
      );
      const all = performance.now() - start;
      if (round === 0) {
        firstFileMs = first;
        allFilesMs = all;
        nodesOpen = root.querySelectorAll('*').length;
      }
      [...item.querySelectorAll('button')].find((button) => button.textContent === 'Close')?.click();
      nodesAfter.push(root.querySelectorAll('*').length);
    }
    closeView(app);
    return {
      firstOpenMs,
      openMs,
      runsShown,
      firstFileMs,
      allFilesMs,
      nodesBefore,
      nodesOpen,
      nodesAfter,
      setupMs,
      listRunsMs,
      coreFirstFileMs,
      coreAllFilesMs,
      drawMs,
    };
  } finally {
    plugin.unload();
    await rm(base, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }
}
