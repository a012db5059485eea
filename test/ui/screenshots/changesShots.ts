/** Screenshot views of the Changes view: a run open, and a hunk changed since with its question, over the port's double. */
import { ChangesPanel } from '../../../src/ui/changes/ChangesPanel';
import { click, getByRole } from '../support/a11y';
import { ChangesPortDouble, type DoubleRun } from '../support/changesPortDouble';

const T0 = Date.UTC(2026, 7, 21, 9, 30);
const HOUR = 3_600_000;

const RUNS: DoubleRun[] = [
  {
    runId: 'chat-1',
    author: { kind: 'chat', label: 'Chat' },
    startedAt: T0,
    files: [
      {
        path: 'Projects/Q3.md',
        hunks: [
          {
            beforeStart: 1,
            afterStart: 1,
            before: ['---', 'status: draft', 'owner: Sam', '---'],
            after: ['---', 'status: in review', 'owner: Sam', 'due: 2026-09-30', '---'],
          },
          {
            beforeStart: 8,
            afterStart: 9,
            before: ['Ship the garden plan in July, then order seeds.'],
            after: [
              'Ship the garden plan in [[August]], then order seeds\u200B from [the co-op](https://example.com/seeds).',
            ],
          },
          {
            beforeStart: 14,
            afterStart: 15,
            before: ['| Task | Owner |', '| --- | --- |', '| Fence | Sam |'],
            after: ['| Task | Owner |', '| --- | --- |', '| Fence | Sam |', '| Rain barrel | Priya |'],
          },
        ],
      },
      {
        path: 'Garden/Rain barrel.md',
        change: 'created',
        hunks: [{ before: [], after: ['# Rain barrel', '', '- [ ] order'] }],
      },
    ],
  },
  {
    runId: 'mcp-1',
    author: { kind: 'mcp', label: 'Claude Code' },
    startedAt: T0 + HOUR,
    files: [
      {
        path: 'Journal/2026-W34.md',
        hunks: [
          {
            beforeStart: 3,
            afterStart: 3,
            before: ['This week I finished the draft of the garden plan.'],
            after: ['This week I finished the final version of the garden plan and sent it to Sam.'],
            now: ['This week I finished the final version of the garden plan and sent it to Sam and Priya.'],
          },
        ],
      },
    ],
  },
  {
    runId: 'plan-1',
    author: { kind: 'saved-action', label: 'Saved action', detail: 'Bullets to notes' },
    startedAt: T0 - 2 * HOUR,
    files: [
      { path: 'Garden/Projects/Soil test.md', change: 'created', hunks: [{ before: [], after: ['# Soil test'] }] },
    ],
  },
];

export async function mountChangesShot(view: 'changes-run' | 'changes-conflict', root: HTMLElement): Promise<void> {
  const region = root.createDiv({ cls: 'embedded-agent-review', attr: { role: 'region', 'aria-label': 'Changes' } });
  const port = new ChangesPortDouble(RUNS);
  await port.keep({ runId: 'plan-1' });
  const panel = new ChangesPanel(region, port);
  await panel.refresh();
  const run = getByRole(region, 'listitem', view === 'changes-run' ? /^Chat:/ : /^Claude Code:/);
  click(getByRole(run, 'button', 'Open'));
  const first =
    view === 'changes-run'
      ? 'Change 1 of 1 in Garden/Rain barrel.md'
      : 'Change 1 of 1 in Journal/2026-W34.md (changed since)';
  const hunk = await waitFor(() => getByRole(run, 'group', first));
  if (view === 'changes-conflict') click(getByRole(hunk, 'button', 'Undo'));
}

async function waitFor<T>(find: () => T): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return find();
    } catch (error) {
      if (i > 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
