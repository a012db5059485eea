// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlanPreview, type PlanPreviewOptions } from '../../src/ui/PlanPreview';
import { click, getByRole, queryAllByRole, type } from './support/a11y';
import { planPreview } from './support/fixtures';

function show(options: Partial<PlanPreviewOptions> = {}): HTMLElement {
  const root = document.body.createDiv();
  new PlanPreview(root, { preview: planPreview(), risk: 'commands', counts: { steps: 14 }, ...options }).load();
  return getByRole(root, 'region', 'Plan preview');
}

const groupTitles = (region: HTMLElement): string[] =>
  Array.from(region.querySelectorAll('.embedded-agent-plan-group-title')).map((el) => el.textContent ?? '');

afterEach(() => document.body.empty());

describe('PlanPreview', () => {
  it('should group what the plan changes the way a person checks it', () => {
    const region = show();
    expect(groupTitles(region)).toEqual([
      'Will create 10 files under Garden/Projects',
      'Will change 1 file',
      'Will move or rename 1 item',
      'Will delete 1 item',
      'Will create 1 folder',
      'Will run 1 command',
    ]);
  });

  it('should list the notes whose links a rename rewrites in a group of their own', () => {
    const preview = planPreview();
    preview.files.push({ kind: 'links-updated', path: 'Home.md', target: 'Inbox/Pond ideas.md' });
    const region = show({ preview });
    expect(groupTitles(region)).toContain('Will update links in 1 note');
    expect(region.querySelector('.embedded-agent-plan-counts')?.textContent).toContain(
      '1 moved · 1 with links updated',
    );
  });

  it('should give the risk level and the counts', () => {
    const region = show();
    expect(region.querySelector('.embedded-agent-risk')?.textContent).toBe('Risk: runs commands');
    expect(region.querySelector('.embedded-agent-plan-counts')?.textContent).toBe(
      '14 steps · 10 created · 1 changed · 1 moved · 1 deleted · 1 new folder · 1 command',
    );
  });

  it('should highlight moves and deletes', () => {
    const region = show();
    const moved = region.querySelector('.embedded-agent-plan-group.is-warning') as HTMLElement;
    expect(moved.textContent).toContain('Inbox/Pond ideas.md → Garden/Projects/Pond ideas.md');
    const deleted = region.querySelector('.embedded-agent-plan-group.is-danger') as HTMLElement;
    expect(deleted.textContent).toContain('Inbox/Untitled 3.md (to the trash)');
  });

  it('should say when a plan changes nothing', () => {
    const region = show({ preview: { files: [], commands: [], notes: [] }, risk: 'read-only', counts: { steps: 2 } });
    expect(region.textContent).toContain('Changes nothing: the plan only reads.');
  });

  it('should not call a writing plan whose writes would all fail one that only reads', () => {
    const notes = ['Step create (vault.createFile) would fail: vault.createFile: `path` "Notes/A.md" already exists'];
    const region = show({ preview: { files: [], commands: [], notes }, risk: 'writes', counts: { steps: 1 } });
    expect(region.querySelector('.embedded-agent-plan-empty')?.textContent).toBe(
      'Shows no change, though the plan writes: see below what would fail or is known only when it runs.',
    );
  });

  it('should offer no "Edit plan" without editable arguments', () => {
    const region = show();
    expect(queryAllByRole(region, 'button', 'Edit plan')).toHaveLength(0);
  });

  it('should expose the literal arguments for editing and report only the changed ones', async () => {
    const onEdit = vi.fn();
    const region = show({
      editableArgs: [
        { stepId: 's1', path: 'path', value: 'Garden/Projects' },
        { stepId: 's2', path: 'title', value: 'Soil test' },
      ],
      onEdit,
    });
    const edit = getByRole(region, 'button', 'Edit plan');
    expect(edit.getAttribute('aria-expanded')).toBe('false');
    click(edit);
    expect(edit.getAttribute('aria-expanded')).toBe('true');
    type(getByRole<HTMLInputElement>(region, 'textbox', 'Step s1: path'), 'Garden/2026');
    click(getByRole(region, 'button', 'Apply changes'));
    await vi.waitFor(() => expect(onEdit).toHaveBeenCalledWith([{ stepId: 's1', path: 'path', value: 'Garden/2026' }]));
  });

  it('should show why an edit was refused', async () => {
    const region = show({
      editableArgs: [{ stepId: 's1', path: 'path', value: 'Garden' }],
      onEdit: () => Promise.reject(new Error('Refused "../x": the path leaves the vault')),
    });
    click(getByRole(region, 'button', 'Edit plan'));
    type(getByRole<HTMLInputElement>(region, 'textbox', 'Step s1: path'), '../x');
    click(getByRole(region, 'button', 'Apply changes'));
    await vi.waitFor(() =>
      expect(getByRole(region, 'alert').textContent).toBe('Refused "../x": the path leaves the vault'),
    );
  });
});
