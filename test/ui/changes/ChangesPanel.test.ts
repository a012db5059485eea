// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import 'obsidian';
import { ChangesPanel, RUNS_PER_PAGE } from '../../../src/ui/changes/ChangesPanel';
import { click, getByRole, nameOf, press, queryAllByRole } from '../support/a11y';
import { ChangesPortDouble, type DoubleRun } from '../support/changesPortDouble';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 28, 9);

const chatRun = (): DoubleRun => ({
  runId: 'run-chat',
  author: { kind: 'chat', label: 'Chat' },
  startedAt: T0,
  files: [
    {
      path: 'Projects/Q3.md',
      hunks: [
        { before: ['Goal: ship in July.'], after: ['Goal: ship in [[August]].'], beforeStart: 3, afterStart: 3 },
        { before: [], after: ['| Owner | Sam |'], beforeStart: 9, afterStart: 9 },
      ],
    },
    { path: 'Inbox.md', change: 'created', hunks: [{ before: [], after: ['- call Sam'] }] },
  ],
});

const clientRun = (): DoubleRun => ({
  runId: 'run-mcp',
  author: { kind: 'mcp', label: 'Claude Code' },
  startedAt: T0 + HOUR,
  files: [
    {
      path: 'Projects/Q3.md',
      hunks: [
        {
          before: ['status: draft'],
          after: ['status: done'],
          beforeStart: 2,
          afterStart: 2,
          now: ['status: shipped'],
        },
      ],
    },
  ],
});

let root: HTMLElement;
let panel: ChangesPanel | null = null;
afterEach(() => {
  panel?.close();
  panel = null;
  document.body.empty();
});

const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 5000, interval: 5 });

async function mount(runs: DoubleRun[]): Promise<ChangesPortDouble> {
  const port = new ChangesPortDouble(runs);
  root = document.body.createDiv({ attr: { role: 'region', 'aria-label': 'Changes' } });
  panel = new ChangesPanel(root, port);
  await panel.refresh();
  return port;
}

const runItem = (start: string): HTMLElement => getByRole(root, 'listitem', new RegExp(`^${start}`));
const status = (): string => getByRole(root, 'status').textContent ?? '';

async function openRun(start: string): Promise<HTMLElement> {
  const item = runItem(start);
  click(getByRole(item, 'button', 'Open'));
  await until(() => expect(queryAllByRole(item, 'group', /^Change /).length).toBeGreaterThan(0));
  return item;
}

describe('the Changes view', () => {
  it('should list every run newest first, each named for who made it, what it changed and where it stands', async () => {
    await mount([chatRun(), clientRun()]);
    const names = queryAllByRole(root, 'listitem').map(nameOf);
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^Claude Code: .+, 1 file, 1 line added, 1 removed, to review$/);
    expect(names[1]).toMatch(/^Chat: .+, 2 files, 3 lines added, 1 removed, to review$/);
  });

  it('should open a run into its files and each file into its hunks, named where they are', async () => {
    await mount([chatRun()]);
    const item = await openRun('Chat:');
    const file = getByRole(item, 'group', 'File Projects/Q3.md');
    getByRole(file, 'button', 'Keep file');
    getByRole(file, 'button', 'Undo file');
    await until(() => getByRole(file, 'group', 'Change 2 of 2 in Projects/Q3.md'));
    const first = getByRole(file, 'group', 'Change 1 of 2 in Projects/Q3.md');
    // A word-level diff: the link the run wrote is marked as added inside the changed line.
    expect([...first.querySelectorAll('ins')].map((el) => el.textContent)).toEqual(['[[August]]']);
    expect(getByRole(item, 'button', 'Close').getAttribute('aria-expanded')).toBe('true');
    await until(() => getByRole(getByRole(item, 'group', 'File Inbox.md'), 'group', 'Change 1 of 1 in Inbox.md'));
  });

  it('should keep a hunk through the core, writing nothing, and show and announce it kept', async () => {
    const port = await mount([chatRun()]);
    const item = await openRun('Chat:');
    const hunk = getByRole(item, 'group', 'Change 1 of 2 in Projects/Q3.md');
    click(getByRole(hunk, 'button', 'Keep'));
    await until(() => expect(status()).toBe('Change 1 of 2 in Projects/Q3.md kept'));
    expect(port.calls.filter((call) => /^(keep|undo|redo)/.test(call))).toEqual(['keep run-chat Projects/Q3.md 0']);
    const redrawn = getByRole(item, 'group', 'Change 1 of 2 in Projects/Q3.md');
    expect(queryAllByRole(redrawn, 'button', 'Keep')).toEqual([]);
    expect(document.activeElement).toBe(getByRole(redrawn, 'button', 'Undo'));
  });

  it('should undo a hunk, then offer and carry out its redo, announcing each', async () => {
    const port = await mount([chatRun()]);
    const item = await openRun('Chat:');
    click(getByRole(getByRole(item, 'group', 'Change 2 of 2 in Projects/Q3.md'), 'button', 'Undo'));
    await until(() => expect(status()).toBe('Change 2 of 2 in Projects/Q3.md undone'));
    const undone = getByRole(item, 'group', 'Change 2 of 2 in Projects/Q3.md');
    // An undone hunk has no Undo or Keep: only Redo, which has the focus.
    expect(queryAllByRole(undone, 'button').map(nameOf)).toEqual(['Redo']);
    expect(document.activeElement).toBe(getByRole(undone, 'button', 'Redo'));
    await until(() => expect(nameOf(runItem('Chat:'))).toMatch(/partly undone$/));
    // The undo is a run of its own, listed first.
    expect(nameOf(queryAllByRole(root, 'listitem')[0] as HTMLElement)).toMatch(/^Undo: /);

    click(getByRole(undone, 'button', 'Redo'));
    await until(() => expect(status()).toBe('Change 2 of 2 in Projects/Q3.md redone'));
    expect(port.calls.filter((call) => /^(keep|undo|redo)/.test(call))).toEqual([
      'undo run-chat Projects/Q3.md 1',
      'redo run-chat Projects/Q3.md 1',
    ]);
    getByRole(getByRole(item, 'group', 'Change 2 of 2 in Projects/Q3.md'), 'button', 'Undo');
  });

  it('should ask before undoing a hunk changed since, showing both versions, and write nothing on Cancel', async () => {
    const port = await mount([clientRun()]);
    const item = await openRun('Claude Code:');
    const hunk = getByRole(item, 'group', 'Change 1 of 1 in Projects/Q3.md (changed since)');
    click(getByRole(hunk, 'button', 'Undo'));
    const question = getByRole(hunk, 'group', 'Undo Change 1 of 1 in Projects/Q3.md (changed since)?');
    // What is there now, and what Undo anyway puts back in its place.
    expect(question.textContent).toContain('status: shipped');
    expect(question.textContent).toContain('status: draft');
    expect(document.activeElement).toBe(getByRole(question, 'button', 'Cancel'));
    click(getByRole(question, 'button', 'Cancel'));
    expect(queryAllByRole(hunk, 'button', 'Undo anyway')).toEqual([]);
    expect(port.calls.filter((call) => /^(keep|undo|redo)/.test(call))).toEqual([]);

    click(getByRole(hunk, 'button', 'Undo'));
    click(getByRole(hunk, 'button', 'Undo anyway'));
    await until(() => expect(status()).toBe('Change 1 of 1 in Projects/Q3.md (changed since) undone'));
    expect(port.calls.filter((call) => /^(keep|undo|redo)/.test(call))).toEqual([
      'undo run-mcp Projects/Q3.md 0 anyway',
    ]);
  });

  it('should leave the hunks changed since when a whole run is undone, and open it on them', async () => {
    const port = await mount([clientRun()]);
    click(getByRole(runItem('Claude Code:'), 'button', 'Undo run'));
    await until(() =>
      expect(status()).toBe('Run not undone: its 1 change changed since the run; open them to decide each'),
    );
    expect(port.calls.filter((call) => /^(keep|undo|redo)/.test(call))).toEqual(['undo run-mcp']);
    await until(() => getByRole(runItem('Claude Code:'), 'group', 'Change 1 of 1 in Projects/Q3.md (changed since)'));
  });

  it('should keep a whole run, and then no longer offer to keep it', async () => {
    await mount([chatRun()]);
    click(getByRole(runItem('Chat:'), 'button', 'Keep run'));
    await until(() => expect(nameOf(runItem('Chat:'))).toMatch(/, kept$/));
    await until(() => expect(status()).toBe('Run kept'));
    expect(queryAllByRole(runItem('Chat:'), 'button', 'Keep run')).toEqual([]);
    getByRole(runItem('Chat:'), 'button', 'Undo run');
  });

  it('should show the first file of a long run before the rest have been worked out', async () => {
    const files = Array.from({ length: 200 }, (_, i) => ({
      path: `Notes/${String(i).padStart(3, '0')}.md`,
      hunks: [{ before: ['a'], after: ['b'] }],
    }));
    const port = await mount([{ runId: 'big', author: { kind: 'plan', label: 'Plan' }, startedAt: T0, files }]);
    let release = (): void => undefined;
    port.gate = new Promise((resolve) => (release = resolve));
    click(getByRole(runItem('Plan:'), 'button', 'Open'));
    await until(() => getByRole(root, 'group', 'File Notes/000.md'));
    expect(queryAllByRole(root, 'group', /^File /)).toHaveLength(1);
    port.gate = null;
    release();
    await until(() => expect(queryAllByRole(root, 'group', /^File /)).toHaveLength(200));
    await until(() => getByRole(root, 'group', 'Change 1 of 1 in Notes/199.md'));
  });

  it('should keep no file or hunk of a run once it is closed', async () => {
    await mount([chatRun()]);
    const item = await openRun('Chat:');
    const close = getByRole(item, 'button', 'Close');
    close.focus();
    click(close);
    expect(item.querySelectorAll('[role="group"]')).toHaveLength(0);
    expect(panel?.runs[0]?.fileGroups).toEqual([]);
    expect(document.activeElement).toBe(getByRole(item, 'button', 'Open'));
  });

  it('should reach and decide every hunk by keyboard: arrows between runs and between hunks', async () => {
    await mount([chatRun(), clientRun()]);
    const [first, second] = queryAllByRole(root, 'listitem');
    expect(first?.tabIndex).toBe(0);
    expect(second?.tabIndex).toBe(-1);
    first?.focus();
    press(first as HTMLElement, 'ArrowDown');
    expect(document.activeElement).toBe(second);
    expect(second?.tabIndex).toBe(0);

    const item = await openRun('Chat:');
    await until(() => getByRole(item, 'group', 'Change 1 of 1 in Inbox.md'));
    const keep = getByRole(getByRole(item, 'group', 'Change 1 of 2 in Projects/Q3.md'), 'button', 'Keep');
    keep.focus();
    press(keep, 'ArrowDown');
    const next = getByRole(getByRole(item, 'group', 'Change 2 of 2 in Projects/Q3.md'), 'button', 'Keep');
    expect(document.activeElement).toBe(next);
    press(next, 'ArrowDown');
    expect(document.activeElement).toBe(
      getByRole(getByRole(item, 'group', 'Change 1 of 1 in Inbox.md'), 'button', 'Keep'),
    );
  });

  it('should page older runs in with a button that is hidden while there are none', async () => {
    const runs = Array.from({ length: 40 }, (_, i) => ({ ...chatRun(), runId: `run-${i}`, startedAt: T0 + i }));
    await mount(runs);
    expect(queryAllByRole(root, 'listitem')).toHaveLength(RUNS_PER_PAGE);
    click(getByRole(root, 'button', 'Show older runs'));
    await until(() => expect(queryAllByRole(root, 'listitem')).toHaveLength(40));
    expect(queryAllByRole(root, 'button', 'Show older runs')).toEqual([]);
  });

  it('should stop following the core once closed', async () => {
    const port = await mount([chatRun()]);
    expect(port.listening).toBe(1);
    panel?.close();
    expect(port.listening).toBe(0);
  });
});
