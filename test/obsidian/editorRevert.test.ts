// @vitest-environment happy-dom
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointService } from '../../src/core/checkpoints/CheckpointService';
import { NodeGitFs } from '../../src/node/NodeGitFs';
import { ObsidianEditorTracker } from '../../src/obsidian/ObsidianEditorTracker';
import { ObsidianVault } from '../../src/obsidian/ObsidianVault';
import { buildPipeline, ScriptedApproval } from '../builders/pipeline';
import { fixedClock } from '../builders/toolContext';
import { createTestApp } from '../obsidian-double/harness';
import { focusChat, openNote } from './fixtures';

describe('revert of an editor edit in Obsidian', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ea-editor-revert-'));
  });

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("should count the edit as the run's own, not as the user's, once Obsidian has saved the note", async () => {
    const app = createTestApp({ files: { 'Notes/Idea.md': 'first line\nsecond' } });
    const vault = new ObsidianVault(app.vault, app.fileManager, app.metadataCache);
    const editor = new ObsidianEditorTracker(app.workspace);
    const view = await openNote(app, 'Notes/Idea.md');
    view.editor.setSelection({ line: 0, ch: 0 }, { line: 0, ch: 5 });
    await focusChat(app);
    const service = new CheckpointService({ vault, gitFs: new NodeGitFs(join(folder, 'repo')), clock: fixedClock() });
    const { pipeline, run } = buildPipeline({
      approval: new ScriptedApproval(() => ({ approved: true, scope: 'run' })),
      context: { vault, editor },
      deps: { checkpoints: service },
    });

    const outcome = await pipeline.execute({ id: '1', name: 'editor.replaceSelection', input: { text: 'FIRST' } }, run);
    expect(outcome.error).toBeUndefined();
    await pipeline.endRun(run);
    // Obsidian saves an edited note a moment later.
    await view.save();
    expect(await vault.read('Notes/Idea.md')).toBe('FIRST line\nsecond');

    const plan = await service.planRevert('run-1');
    expect(plan.conflicts).toEqual([]);
    await service.revert('run-1');
    expect(await vault.read('Notes/Idea.md')).toBe('first line\nsecond');
    editor.dispose();
  });
});
