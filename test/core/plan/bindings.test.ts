import { describe, expect, it } from 'vitest';
import { bindPlan } from '../../../src/core/plan/bindings';
import { bulletsTemplate } from './plans';

const CONTEXT = { selection: '- Alpha\n- Beta', activeFile: 'Inbox/List.md', now: Date.UTC(2026, 0, 15, 12) };

describe('bindPlan', () => {
  it('should bind a parameter the run kept from its default and ask for nothing', () => {
    const { bindings, missing } = bindPlan(bulletsTemplate(), CONTEXT);
    expect(missing).toEqual([]);
    expect(bindings.folderName).toEqual({ value: 'Inbox' });
  });

  it('should ask for an "ask each time" parameter with its default as the prefill', () => {
    const plan = {
      ...bulletsTemplate(),
      parameters: [{ name: 'folderName', description: 'Folder for the new notes', default: 'Inbox', ask: true }],
    };
    expect(bindPlan(plan, CONTEXT).missing).toEqual([
      { name: 'folderName', kind: 'parameter', description: 'Folder for the new notes', default: 'Inbox' },
    ]);
  });

  it('should bind an "ask each time" parameter to the value typed for it', () => {
    const plan = { ...bulletsTemplate(), parameters: [{ name: 'folderName', default: 'Inbox', ask: true }] };
    const { bindings, missing } = bindPlan(plan, CONTEXT, { folderName: 'Someday' });
    expect(missing).toEqual([]);
    expect(bindings.folderName).toEqual({ value: 'Someday' });
  });

  it('should ask for the selection when none is given, and not for a kept parameter', () => {
    const { missing } = bindPlan(bulletsTemplate(), { ...CONTEXT, selection: null });
    expect(missing.map((input) => input.name)).toEqual(['selection']);
  });
});
