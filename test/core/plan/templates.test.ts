import { describe, expect, it } from 'vitest';
import { bindPlan, isoDate } from '../../../src/core/plan/bindings';
import { resolveArgs, type Scope } from '../../../src/core/plan/resolve';
import { parseString } from '../../../src/core/plan/templates';
import type { ActionPlan } from '../../../src/core/plan/types';
import { bulletsTemplate } from './plans';

const NOON = Date.UTC(2026, 0, 15, 12, 0, 0);
const SELECTION = 'Ideas:\n- Alpha\n- Beta\n  - nested\n- Gamma';

const scope = (overrides: Partial<Scope> = {}): Scope => ({
  bindings: bindPlan(
    bulletsTemplate(),
    { selection: SELECTION, activeFile: 'Daily/today.md', now: NOON },
    { folderName: 'Projects' },
  ).bindings,
  steps: new Map<string, unknown>([['parse', { items: [{ text: 'Alpha' }, { text: 'Beta' }], count: 2 }]]),
  ...overrides,
});
const resolve = (args: Record<string, unknown>, overrides: Partial<Scope> = {}) =>
  resolveArgs(args, scope(overrides), 'steps[1] (create)');

describe('templates', () => {
  describe('parseString', () => {
    it('should read "$steps.<id>.<field…>" as the whole value, with its fields', () => {
      expect(parseString('$steps.parse.items.0.text')).toEqual({
        kind: 'whole',
        ref: { source: 'step', stepId: 'parse', fields: ['items', '0', 'text'], raw: '$steps.parse.items.0.text' },
      });
    });

    it('should read a lone placeholder as the whole value, and text around placeholders as a template', () => {
      expect(parseString('${selectionBullets}')).toMatchObject({
        kind: 'whole',
        ref: { source: 'name', name: 'selectionBullets', fields: [] },
      });
      expect(parseString('Notes/${item.text}.md')).toMatchObject({
        kind: 'template',
        parts: [
          { kind: 'text', text: 'Notes/' },
          { kind: 'ref', ref: { name: 'item', fields: ['text'] } },
          { kind: 'text', text: '.md' },
        ],
      });
    });

    it('should read "${steps.<id>.<field>}" as a step reference inside text', () => {
      expect(parseString('Found ${steps.search.matches.0.path}')).toMatchObject({
        kind: 'template',
        parts: [
          { kind: 'text' },
          { kind: 'ref', ref: { source: 'step', stepId: 'search', fields: ['matches', '0', 'path'] } },
        ],
      });
    });

    it('should read "$${" as a literal "${"', () => {
      expect(parseString('costs $${5}')).toEqual({ kind: 'literal', text: 'costs ${5}' });
    });
  });

  describe('resolveArgs', () => {
    it('should keep the type of a whole-value reference', () => {
      expect(resolve({ items: '$steps.parse.items', count: '$steps.parse.count' })).toEqual({
        items: [{ text: 'Alpha' }, { text: 'Beta' }],
        count: 2,
      });
    });

    it('should give ${selectionBullets} as the list of bullets, nested ones too, when it is the whole value, and as their lines inside text', () => {
      const resolved = resolve({ list: '${selectionBullets}', text: 'Topics:\n${selectionBullets}' });
      expect(resolved.list).toEqual([
        { text: 'Alpha', raw: '- Alpha', depth: 0 },
        { text: 'Beta', raw: '- Beta', depth: 0 },
        { text: 'nested', raw: '  - nested', depth: 1 },
        { text: 'Gamma', raw: '- Gamma', depth: 0 },
      ]);
      expect(resolved.text).toBe('Topics:\n- Alpha\n- Beta\n  - nested\n- Gamma');
    });

    it('should fill in the selection, the active file, today from the clock and a parameter', () => {
      expect(resolve({ path: '${folderName}/${date}.md', from: '${activeFile}', text: '${selection}' })).toEqual({
        path: 'Projects/2026-01-15.md',
        from: 'Daily/today.md',
        text: SELECTION,
      });
    });

    it('should fill in the foreach item and its fields', () => {
      expect(
        resolve(
          { path: 'Notes/${item.text}.md' },
          { item: { name: 'item', value: { text: 'Beta' }, index: 1, count: 2 } },
        ),
      ).toEqual({ path: 'Notes/Beta.md' });
    });

    it('should name the placeholder when the context has no value for it', () => {
      const noSelection = {
        bindings: bindPlan(bulletsTemplate(), { selection: null, activeFile: null, now: NOON }).bindings,
      };
      expect(() => resolve({ text: '# ${selection}' }, noSelection)).toThrow(
        'steps[1] (create).args.text: ${selection} has no value: nothing is selected',
      );
      expect(() => resolve({ path: '${topic}/a.md' })).toThrow(
        'steps[1] (create).args.path: ${topic} has no value: give a value for "topic"',
      );
    });

    it('should name the item and the missing field, never writing "undefined"', () => {
      const item = { name: 'item', value: { text: 'Beta', depth: 0 }, index: 2, count: 10 };
      expect(() => resolve({ path: 'Notes/${item.title}.md' }, { item })).toThrow(
        'steps[1] (create).args.path: ${item.title} has no value: item 3 of 10 has no field "title" (fields: text, depth)',
      );
    });

    it('should say which step has not produced output', () => {
      expect(() => resolve({ text: '$steps.search.matches' })).toThrow(
        'steps[1] (create).args.text: $steps.search.matches has no value: step "search" has not produced output (it failed, was skipped or has not run)',
      );
    });

    it('should refuse to put an object into text, naming its fields', () => {
      const item = { name: 'file', value: { path: 'Inbox/a.md', kind: 'file' }, index: 0, count: 1 };
      expect(() => resolve({ toPath: 'Archive/${file}' }, { item })).toThrow(
        'steps[1] (create).args.toPath: ${file} is an object and cannot be put into text; use one of its fields: ${file.path}, ${file.kind}',
      );
    });

    it('should refuse an element number past the end of a list', () => {
      expect(() => resolve({ text: '$steps.parse.items.5.text' })).toThrow(
        'steps[1] (create).args.text: $steps.parse.items.5.text has no value: the output of step "parse" has 2 element(s), so there is no element 5',
      );
    });
  });

  describe('bindPlan', () => {
    it('should report no selection as one missing input, so the UI asks for it', () => {
      const { missing } = bindPlan(bulletsTemplate(), { selection: '  ', activeFile: null, now: NOON });
      expect(missing).toEqual([
        {
          name: 'selection',
          kind: 'selection',
          description: 'The text to work on (nothing is selected in the editor)',
        },
      ]);
    });

    it('should take a typed-in selection and parameter values in place of the context', () => {
      const { bindings, missing } = bindPlan(
        bulletsTemplate(),
        { selection: null, activeFile: null, now: NOON },
        { selection: '- One', folderName: 'Typed' },
      );
      expect(missing).toEqual([]);
      expect(bindings.folderName).toEqual({ value: 'Typed' });
      expect(bindings.selectionBullets?.value).toEqual([{ text: 'One', raw: '- One', depth: 0 }]);
    });

    it('should ask for a parameter that has no default and no value', () => {
      const plan = {
        ...bulletsTemplate(),
        parameters: [{ name: 'folderName', description: 'Folder for the new notes' }],
      } as ActionPlan;
      expect(bindPlan(plan, { selection: '- a', activeFile: null, now: NOON }).missing).toEqual([
        { name: 'folderName', kind: 'parameter', description: 'Folder for the new notes' },
      ]);
    });

    it('should not ask for what the plan does not use', () => {
      const plan = {
        ...bulletsTemplate(),
        steps: [{ id: 'x', tool: 'vault.readFile', args: { path: 'a.md' } }],
      } as ActionPlan;
      expect(bindPlan(plan, { selection: null, activeFile: null, now: NOON }).missing).toEqual([]);
    });

    it('should write today as YYYY-MM-DD in the local time zone', () => {
      const date = new Date(NOON);
      expect(isoDate(NOON)).toBe(
        `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`,
      );
    });
  });
});
