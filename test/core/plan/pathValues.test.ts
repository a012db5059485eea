import { describe, expect, it } from 'vitest';
import { resolveArgs, type Scope } from '../../../src/core/plan/resolve';
import { pathFieldsOf } from '../../../src/core/plan/pathValues';

const scope = (item: unknown, bindings: Scope['bindings'] = {}): Scope => ({
  bindings,
  steps: new Map([['make', { path: 'Projects/Q3 - plan.md' }]]),
  item: { name: 'item', value: item, index: 0, count: 1 },
});
const create = pathFieldsOf('vault.createFile');
const rename = pathFieldsOf('vault.rename');

describe('values put into a path argument of a plan step', () => {
  it('should make text one file name: no folder level, nothing Obsidian refuses or a link breaks on', () => {
    const args = { path: 'Notes/${item.text}.md', content: '# ${item.text}\n' };
    for (const [text, path] of [
      ['Q3: budget review', 'Notes/Q3 - budget review.md'],
      ['Why do we meet on Mondays?', 'Notes/Why do we meet on Mondays.md'],
      ['The "quiet" hours', "Notes/The 'quiet' hours.md"],
      ['Pros * cons of remote work', 'Notes/Pros - cons of remote work.md'],
      ['Read/Write notes', 'Notes/Read-Write notes.md'],
      ['[[Link]] #tag ^id', 'Notes/Link tag id.md'],
    ] as const) {
      expect(resolveArgs(args, scope({ text }), 'steps[1] (create)', create)).toEqual({ path, content: `# ${text}\n` });
    }
  });

  it('should keep the folders of a value that is a vault path', () => {
    const args = { fromPath: '${file.path}', toPath: 'Archive/${file.path}' };
    const fileScope: Scope = {
      bindings: {},
      steps: new Map(),
      item: { name: 'file', value: { path: 'Inbox/Sub/a.md' }, index: 0, count: 1 },
    };
    expect(resolveArgs(args, fileScope, 'steps[1] (move)', rename)).toEqual({
      fromPath: 'Inbox/Sub/a.md',
      toPath: 'Archive/Inbox/Sub/a.md',
    });
    expect(
      resolveArgs(
        { path: '${folderName}/${item.text}.md' },
        scope({ text: 'a/b' }, { folderName: { value: 'Projects/Active' } }),
        's',
        create,
      ),
    ).toEqual({ path: 'Projects/Active/a-b.md' });
    expect(resolveArgs({ path: '${steps.make.path}' }, scope(null), 's', create)).toEqual({
      path: 'Projects/Q3 - plan.md',
    });
    const numbered = { folder2: { value: 'A/B' }, folderName3: { value: 'C/D' }, title2: { value: 'E/F' } };
    expect(resolveArgs({ path: '${folder2}/${folderName3}/${title2}.md' }, scope(null, numbered), 's', create)).toEqual(
      { path: 'A/B/C/D/E-F.md' },
    );
  });

  it('should clean a whole-value text reference and a selection too', () => {
    const bindings = { selection: { value: 'Big idea: one\nline two' } };
    expect(
      resolveArgs({ path: '${item.text}', content: '${item.text}' }, scope({ text: 'a: b' }), 's', create),
    ).toEqual({ path: 'a - b', content: 'a: b' });
    expect(resolveArgs({ path: 'Inbox/${selection}.md' }, scope(null, bindings), 's', create)).toEqual({
      path: 'Inbox/Big idea - one line two.md',
    });
  });

  it('should leave arguments that are not paths exactly as the text was', () => {
    expect(
      resolveArgs({ query: '${item.text}' }, scope({ text: 'a/b: c?' }), 's', pathFieldsOf('vault.searchText')),
    ).toEqual({ query: 'a/b: c?' });
  });
});
