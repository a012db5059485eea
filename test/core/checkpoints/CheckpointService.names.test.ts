import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expandFolder, touchedByRename } from '../../../src/core/checkpoints/touchedPaths';
import { makeHarness, snapshot, write, type Harness } from './harness';

/** Names that are also properties every plain object has, or its prototype. */
const FILES: [string, string][] = [
  ['constructor', 'a file without an extension'],
  ['__proto__', 'another'],
  ['toString/hasOwnProperty', 'inside a folder named like a method'],
  ['valueOf/note.md', 'note'],
];

describe('CheckpointService: paths named like object properties', () => {
  let h: Harness;

  beforeEach(async () => {
    h = await makeHarness();
    for (const [path, text] of FILES) await h.vault.create(path, text);
    h.service.beginRun('run-1');
  });

  afterEach(async () => {
    await h.cleanup();
  });

  it('should record and restore them like any other path', async () => {
    const before = await snapshot(h.vault);
    expect(Object.keys(before.files).sort()).toEqual([
      '__proto__',
      'constructor',
      'toString/hasOwnProperty',
      'valueOf/note.md',
    ]);
    await write(h.service, 'run-1', { tool: 'vault.delete', paths: ['constructor'] }, () =>
      h.vault.delete('constructor'),
    );
    await write(h.service, 'run-1', { tool: 'vault.delete', paths: ['__proto__'] }, () => h.vault.delete('__proto__'));
    const folder = await expandFolder(h.vault, 'toString');
    await write(h.service, 'run-1', { tool: 'vault.delete', ...folder }, () => h.vault.delete('toString'));
    const moved = await touchedByRename(h.vault, 'valueOf', 'isPrototypeOf');
    await write(h.service, 'run-1', { tool: 'vault.rename', ...moved }, () =>
      h.vault.rename('valueOf', 'isPrototypeOf'),
    );
    await h.service.endRun('run-1');

    expect((await h.service.listCheckpoints('run-1')).map((info) => info.files)).toEqual([
      ['constructor'],
      ['__proto__'],
      ['toString/hasOwnProperty'],
      ['isPrototypeOf/note.md', 'valueOf/note.md'],
    ]);
    // After a restart too, where checkpoints and post-states come back from JSON.
    const restarted = h.restart();
    await h.vault.create('constructor', 'the user made a new one after the run');
    const plan = await restarted.planRevert('run-1');
    expect(plan.conflicts.map((conflict) => conflict.path)).toEqual(['constructor']);
    await h.vault.delete('constructor');
    expect((await restarted.revert('run-1')).skipped).toEqual([]);
    expect(await snapshot(h.vault)).toEqual(before);
  });
});
