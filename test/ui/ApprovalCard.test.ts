// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApprovalCard } from '../../src/ui/ApprovalCard';
import type { ApprovalDecision } from '../../src/core/ports/approval';
import { click, getByRole, press, queryAllByRole } from './support/a11y';
import { createdChange, modifyRequest, planRequest } from './support/fixtures';
import { textDiff } from '../../src/core/tool-execution/changePreview/textDiff';
import type { FileChange } from '../../src/core/ports/changePreview';

function show(request = modifyRequest()): { card: ApprovalCard; decisions: ApprovalDecision[]; root: HTMLElement } {
  const root = document.body.createDiv();
  const decisions: ApprovalDecision[] = [];
  const card = new ApprovalCard(root, request, (decision) => decisions.push(decision));
  card.load();
  return { card, decisions, root };
}

afterEach(() => document.body.empty());

describe('ApprovalCard', () => {
  it('should be a group named by the request summary, with the risk and the tool', () => {
    const { root } = show();
    const card = getByRole(root, 'group', 'Change Journal/2026-W34.md');
    expect(card.textContent).toContain('Writes to the vault');
    expect(card.querySelector('.embedded-agent-tool')?.textContent).toBe('vault.writeFile');
  });

  it('should show a modified file with its line counts and a line diff with line numbers', () => {
    const { root } = show();
    const section = root.querySelector('.embedded-agent-change.is-modified') as HTMLElement;
    expect(section.querySelector('.embedded-agent-change-verb')?.textContent).toBe('Change');
    expect(section.querySelector('.embedded-agent-path')?.textContent).toBe('Journal/2026-W34.md');
    expect(section.textContent).toContain('4 lines added, 1 line removed');
    const diff = getByRole(root, 'group', 'Diff of Journal/2026-W34.md');
    const removed = diff.querySelector('.embedded-agent-diff-line.is-removed') as HTMLElement;
    expect(Array.from(removed.querySelectorAll('.embedded-agent-diff-num')).map((el) => el.textContent)).toEqual([
      '3',
      '',
    ]);
    const added = diff.querySelectorAll('.embedded-agent-diff-line.is-added');
    expect(added[0]?.querySelectorAll('.embedded-agent-diff-num')[1]?.textContent).toBe('3');
  });

  it('should highlight the words that changed inside a changed line of prose', () => {
    const { root } = show();
    const addedWords = Array.from(root.querySelectorAll('.is-added .embedded-agent-diff-word.is-added')).map(
      (el) => el.textContent,
    );
    const removedWords = Array.from(root.querySelectorAll('.is-removed .embedded-agent-diff-word.is-removed')).map(
      (el) => el.textContent,
    );
    expect(addedWords.join('|')).toContain('final');
    expect(addedWords.join('|')).toContain('Priya');
    expect(removedWords.join('|')).toContain('draft');
    expect(root.querySelector('.is-added .embedded-agent-diff-text')?.textContent).toContain(
      'This week I finished the final version of the garden plan',
    );
  });

  it('should make a bidi control visible instead of letting it reorder the text', () => {
    const { root } = show();
    expect(root.textContent).not.toContain('\u202E');
    const marker = root.querySelector('.embedded-agent-diff .embedded-agent-invisible');
    expect(marker?.textContent).toBe('⟦U+202E⟧');
    expect(root.querySelector('.embedded-agent-warnings')?.textContent).toContain(
      'Line 9: hidden text-direction character RIGHT-TO-LEFT OVERRIDE (U+202E)',
    );
  });

  it('should list an external URL as text, not as a link', () => {
    const { root } = show();
    const warnings = root.querySelector('.embedded-agent-warnings') as HTMLElement;
    expect(warnings.querySelector('.embedded-agent-url')?.textContent).toBe('https://example.com/reading-list');
    expect(root.querySelectorAll('a')).toHaveLength(0);
  });

  it('should highlight moves and deletes, and name commands with their ids', () => {
    const { root } = show(planRequest());
    expect(root.querySelector('.embedded-agent-change.is-moved')?.classList.contains('is-warning')).toBe(true);
    const deleted = root.querySelector('.embedded-agent-change.is-deleted') as HTMLElement;
    expect(deleted.classList.contains('is-danger')).toBe(true);
    expect(deleted.textContent).toContain('Move to trash');
    const command = root.querySelector('.embedded-agent-commands li') as HTMLElement;
    expect(command.querySelector('.embedded-agent-command-name')?.textContent).toBe('Save current file');
    expect(command.querySelector('code')?.textContent).toBe('editor:save-file');
  });

  it('should list a note whose links a rename rewrites, with the note that moves', () => {
    const { root } = show(
      modifyRequest({
        tool: 'vault.rename',
        summary: 'Move Target.md → Renamed.md and 1 more change',
        preview: {
          files: [
            { kind: 'moved', path: 'Target.md', toPath: 'Renamed.md', isFolder: false },
            { kind: 'links-updated', path: 'Index.md', target: 'Target.md' },
          ],
          commands: [],
          notes: [],
        },
      }),
    );
    const section = root.querySelector('.embedded-agent-change.is-links-updated') as HTMLElement;
    expect(section.querySelector('.embedded-agent-change-verb')?.textContent).toBe('Update links in');
    expect(section.querySelector('.embedded-agent-change-header .embedded-agent-path')?.textContent).toBe('Index.md');
    expect(section.querySelector('.embedded-agent-change-detail')?.textContent).toBe(
      'Its links to Target.md are rewritten to the new place',
    );
  });

  it("should put the plan preview at the top of a plan's card, counting its steps", () => {
    const { root } = show(planRequest());
    const region = getByRole(root, 'region', 'Plan preview');
    expect(region.textContent).toContain('14 steps');
  });

  it('should show a "first lines only" note under the file it is about', () => {
    const content = Array.from({ length: 500 }, (_, index) => `Line ${index + 1}`).join('\n');
    const request = modifyRequest({
      preview: {
        files: [createdChange('Long.md', content)],
        commands: [],
        notes: ['The preview of Long.md shows the first lines only.', "The editor's file is not known."],
      },
    });
    const { root } = show(request);
    const section = root.querySelector('.embedded-agent-change.is-created') as HTMLElement;
    expect(section.querySelector('.embedded-agent-notes')?.textContent).toBe(
      'The preview of Long.md shows the first lines only.',
    );
    expect(root.querySelector(':scope > .embedded-agent-card > .embedded-agent-notes')?.textContent).toBe(
      "The editor's file is not known.",
    );
  });

  it('should say how many lines a change too large to diff removes and adds, and where', () => {
    const before = ['# Tasks', 'a', 'b', 'c', 'd', 'e', ''].join('\n');
    const after = ['# Tasks', 'A', 'B', 'C', ''].join('\n');
    const diff = textDiff(before, after, { maxEditLines: 2 });
    const change: FileChange = {
      kind: 'modified',
      path: 'Tasks.md',
      oldSize: before.length,
      newSize: after.length,
      hunks: diff.hunks,
      warnings: [],
      added: diff.added,
      removed: diff.removed,
    };
    const { root } = show(modifyRequest({ preview: { files: [change], commands: [], notes: [] } }));
    const group = getByRole(root, 'group', 'Diff of Tasks.md');
    expect(group.querySelector('.embedded-agent-diff-hunk')?.textContent).toBe('Lines 2–4');
    expect(group.querySelector('.embedded-agent-diff-too-large')?.textContent).toBe(
      'Too large to diff line by line: 5 lines removed, 3 lines added',
    );
    expect(group.querySelectorAll('.embedded-agent-diff-line')).toHaveLength(0);
  });

  it("should fold new notes' content in a card with many files, but keep changes to existing notes open", () => {
    const { root } = show(planRequest());
    const created = root.querySelector('.embedded-agent-change.is-created details') as HTMLDetailsElement;
    const modified = root.querySelector('.embedded-agent-change.is-modified details') as HTMLDetailsElement;
    expect(created.open).toBe(false);
    expect(modified.open).toBe(true);
  });

  it('should offer Approve, Reject and Approve all for this run as keyboard-reachable buttons', () => {
    const { root, card } = show();
    const names = queryAllByRole(root, 'button').map((button) => button.textContent);
    expect(names).toEqual(['Approve', 'Reject', 'Approve all for this run']);
    for (const button of queryAllByRole(root, 'button')) expect(button.getAttribute('tabindex')).toBeNull();
    card.focus();
    expect(document.activeElement).toBe(card.el);
  });

  it("should report each button's decision once and then disable the buttons", () => {
    const { root, decisions } = show();
    click(getByRole(root, 'button', 'Approve all for this run'));
    expect(() => click(getByRole(root, 'button', 'Approve'))).toThrow(
      'Cannot click the button "Approve": it is disabled',
    );
    expect(decisions).toEqual([{ approved: true, scope: 'run' }]);
    expect(getByRole(root, 'status').textContent).toBe('Approved, with every later change of this run');
  });

  it('should reject on Escape', () => {
    const { root, decisions } = show();
    press(getByRole(root, 'group', 'Change Journal/2026-W34.md'), 'Escape');
    expect(decisions).toEqual([{ approved: false, reason: 'the user rejected it' }]);
  });

  it('should stop listening once unloaded', () => {
    const onDecision = vi.fn();
    const root = document.body.createDiv();
    const card = new ApprovalCard(root, modifyRequest(), onDecision);
    card.load();
    card.unload();
    click(getByRole(root, 'button', 'Approve'));
    expect(onDecision).not.toHaveBeenCalled();
  });
});
