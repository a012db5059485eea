/**
 * Approval requests and previews as the pipeline builds them (real diffs and content warnings from the core), for
 * the UI tests and the screenshot page.
 */
import type { ApprovalRequest } from '../../../src/core/ports/approval';
import { contentWarnings } from '../../../src/core/tool-execution/changePreview/contentWarnings';
import { textDiff } from '../../../src/core/tool-execution/changePreview/textDiff';
import type { ChangePreview, FileChange } from '../../../src/core/ports/changePreview';

const OLD_NOTE = [
  '# Weekly review',
  '',
  'This week I finished the draft of the garden plan and sent it to Sam.',
  'Next week: order seeds, fix the fence, and call the plumber about the leak.',
  '',
  '## Reading',
  '- The Overstory',
  '- A Pattern Language',
  '',
].join('\n');

const NEW_NOTE = [
  '# Weekly review',
  '',
  'This week I finished the final version of the garden plan and shared it with Sam and Priya.',
  'Next week: order seeds, fix the fence, and call the plumber about the leak.',
  '',
  '## Reading',
  '- The Overstory',
  '- A Pattern Language',
  '- Braiding Sweetgrass \u202E(gift from Priya)',
  '',
  'Source: https://example.com/reading-list',
  '',
].join('\n');

export function modifiedChange(path = 'Journal/2026-W34.md'): FileChange {
  const diff = textDiff(OLD_NOTE, NEW_NOTE);
  return {
    kind: 'modified',
    path,
    oldSize: OLD_NOTE.length,
    newSize: NEW_NOTE.length,
    hunks: diff.hunks,
    warnings: contentWarnings(NEW_NOTE),
    added: diff.added,
    removed: diff.removed,
  };
}

export function createdChange(path: string, content: string): FileChange {
  return {
    kind: 'created',
    path,
    newSize: content.length,
    hunks: textDiff('', content).hunks,
    warnings: contentWarnings(content),
  };
}

export function modifyRequest(overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    runId: 'run-1',
    tool: 'vault.writeFile',
    input: { path: 'Journal/2026-W34.md', content: NEW_NOTE },
    risk: 'writes',
    preview: { files: [modifiedChange()], commands: [], notes: [] },
    summary: 'Change Journal/2026-W34.md',
    ...overrides,
  };
}

export const BULLETS = [
  'Soil test',
  'Compost bins',
  'Rain barrel',
  'Seed list',
  'Fence repair',
  'Tool shed',
  'Herb spiral',
  'Pond',
  'Bee hotel',
  'Cold frame',
];

/** The typical plan: notes from ten bullets in a new folder, a link list changed, one move, one delete, a command. */
export function planPreview(): ChangePreview {
  return {
    files: [
      { kind: 'folder-created', path: 'Garden/Projects' },
      ...BULLETS.map((title) =>
        createdChange(`Garden/Projects/${title}.md`, `# ${title}\n\nCreated from the garden plan.\n`),
      ),
      modifiedChange('Garden/Garden plan.md'),
      { kind: 'moved', path: 'Inbox/Pond ideas.md', toPath: 'Garden/Projects/Pond ideas.md', isFolder: false },
      { kind: 'deleted', path: 'Inbox/Untitled 3.md', oldSize: 0, isFolder: false, toTrash: true },
    ],
    commands: [{ id: 'editor:save-file', name: 'Save current file' }],
    notes: [],
  };
}

export function planRequest(): ApprovalRequest {
  return {
    runId: 'run-2',
    tool: 'plan',
    input: {
      goal: 'Create a note per bullet',
      steps: Array.from({ length: 14 }, (_, index) => ({ id: `s${index + 1}` })),
    },
    risk: 'commands',
    preview: planPreview(),
    summary: 'Create 10 notes under Garden/Projects and 4 more changes',
  };
}

/** A plan as a model would write it: a folder, then two notes in it. */
export const TWO_PROJECT_NOTES = {
  version: '1.0',
  goal: 'Two project notes',
  assumptions: [],
  riskLevel: 'writes',
  steps: [
    { id: 'folder', tool: 'vault.ensureFolder', args: { path: 'Projects' } },
    {
      id: 'alpha',
      tool: 'vault.createFile',
      args: { path: 'Projects/Alpha.md', content: '# Alpha\n' },
      dependsOn: ['folder'],
    },
    {
      id: 'beta',
      tool: 'vault.createFile',
      args: { path: 'Projects/Beta.md', content: '# Beta\n' },
      dependsOn: ['folder'],
    },
  ],
};
