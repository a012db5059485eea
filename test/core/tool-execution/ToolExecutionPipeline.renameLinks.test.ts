// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { App } from 'obsidian';
import { ObsidianVault } from '../../../src/obsidian/ObsidianVault';
import { buildPipeline, ScriptedApproval } from '../../builders/pipeline';
import { createTestApp } from '../../obsidian-double/harness';

const rename = (fromPath: string, toPath: string) => ({ id: 'r', name: 'vault.rename', input: { fromPath, toPath } });

/** A pipeline over the Obsidian double, whose renames rewrite links in every note that links to what moves. */
function setup(files: Record<string, string>, approval = new ScriptedApproval()) {
  const app = createTestApp({ files });
  const vault = new ObsidianVault(app.vault, app.fileManager, app.metadataCache);
  return { app, vault, ...buildPipeline({ context: { vault }, approval }) };
}

async function contents(app: App): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const file of app.vault.getFiles()) out[file.path] = await app.vault.read(file);
  return out;
}

/** Runs a rename that must be refused before anything is asked, checkpointed or changed; returns its outcome. */
async function refusedRename(files: Record<string, string>, fromPath: string, toPath: string) {
  const { app, pipeline, run, approval, checkpoints } = setup(files);
  const before = await contents(app);
  const outcome = await pipeline.execute(rename(fromPath, toPath), run);
  expect(approval.requests).toEqual([]);
  expect(checkpoints.events).toEqual([]);
  expect(await contents(app)).toEqual(before);
  return outcome;
}

describe('vault.rename through the pipeline: notes whose links it rewrites', () => {
  it('should list each note whose links a rename rewrites on the card, and checkpoint it', async () => {
    const { pipeline, run, approval, checkpoints, vault } = setup({
      'Target.md': 'T',
      'Index.md': 'see [[Target]]',
      'Other.md': 'no links',
    });
    const outcome = await pipeline.execute(rename('Target.md', 'Renamed.md'), run);
    expect(outcome.error).toBeUndefined();
    expect(approval.requests[0]?.preview.files).toEqual([
      { kind: 'moved', path: 'Target.md', toPath: 'Renamed.md', isFolder: false },
      { kind: 'links-updated', path: 'Index.md', target: 'Target.md' },
    ]);
    expect(approval.requests[0]?.summary).toBe('Move Target.md → Renamed.md and 1 more change');
    expect(checkpoints.events[0]).toBe(
      'checkpoint run-1#1 vault.rename [Index.md, Renamed.md, Target.md] folders [] existence []',
    );
    expect(await vault.read('Index.md')).toBe('see [[Renamed]]');
  });

  it('should refuse a rename that would rewrite links in a protected note, naming that note, and change nothing', async () => {
    const files = {
      '.agentprotected': 'Locked.md\n',
      'Target.md': 'T',
      'Locked.md': 'see [[Target]]',
      'Index.md': '[[Target]]',
    };
    expect((await refusedRename(files, 'Target.md', 'Renamed.md')).error).toEqual({
      code: 'FORBIDDEN_PATH',
      message:
        'Refused: moving "Target.md" rewrites the links to it in "Locked.md", and "Locked.md" is listed in .agentprotected, so it is read-only for the agent. Obsidian rewrites the links in every note that links to what moves and cannot leave one out, so nothing was moved; ask the user to move it, or to remove that link first',
    });
  });

  it('should refuse a rename that would rewrite links in an ignored note without naming that note', async () => {
    const outcome = await refusedRename(
      { '.agentignore': 'Private/\n', 'Target.md': 'T', 'Private/diary.md': 'met [[Target]] today' },
      'Target.md',
      'Archive/Target.md',
    );
    expect(outcome.error).toEqual({
      code: 'FORBIDDEN_PATH',
      message:
        'Refused: moving "Target.md" rewrites the links to it in other notes, and a note the ignore rules hide links to it. Obsidian rewrites the links in every note that links to what moves and cannot leave one out, so nothing was moved; ask the user to move it',
    });
    expect(outcome.content).not.toContain('Private');
  });

  it('should refuse moving a folder when a protected note links to a note inside it', async () => {
    const files = { '.agentprotected': 'Locked.md\n', 'Projects/Plan.md': 'P', 'Locked.md': '[[Projects/Plan]]' };
    const { app, pipeline, run } = setup(files);
    const outcome = await pipeline.execute(rename('Projects', 'Archive/Projects'), run);
    expect(outcome.error?.code).toBe('FORBIDDEN_PATH');
    expect(outcome.error?.message).toContain('rewrites the links to it in "Locked.md"');
    expect(await app.vault.read(app.vault.getFileByPath('Locked.md')!)).toBe('[[Projects/Plan]]');
  });

  it('should not list a note inside the moved folder a second time when it links to another note there', async () => {
    const { pipeline, run, approval } = setup({
      'Projects/Plan.md': '[[Notes]]',
      'Projects/Notes.md': 'N',
      'Index.md': '[[Plan]]',
    });
    expect((await pipeline.execute(rename('Projects', 'Archive/Projects'), run)).error).toBeUndefined();
    expect(approval.requests[0]?.preview.files).toEqual([
      { kind: 'moved', path: 'Projects', toPath: 'Archive/Projects', isFolder: true },
      { kind: 'links-updated', path: 'Index.md', target: 'Projects' },
    ]);
  });

  it('should refuse the rename when a note starts linking to it while the card waits, without naming an ignored one', async () => {
    const files = { '.agentignore': 'Private/\n', 'Target.md': 'T', 'Private/diary.md': 'nothing yet' };
    let app: App | undefined;
    const approval = new ScriptedApproval(async () => {
      const diary = app!.vault.getFileByPath('Private/diary.md')!;
      await app!.vault.modify(diary, 'met [[Target]] today');
      return { approved: true, scope: 'once' };
    });
    const fixture = setup(files, approval);
    app = fixture.app;
    const outcome = await fixture.pipeline.execute(rename('Target.md', 'Renamed.md'), fixture.run);
    expect(outcome.error).toEqual({
      code: 'DENIED',
      message:
        'vault.rename was not approved for a note the ignore rules hide: while it waited for approval it came to change that instead of what was shown. Nothing was changed.',
    });
    expect(outcome.content).not.toContain('Private');
    expect(fixture.app.vault.getFileByPath('Target.md')).not.toBeNull();
    expect(await fixture.app.vault.read(fixture.app.vault.getFileByPath('Private/diary.md')!)).toBe(
      'met [[Target]] today',
    );
  });
});
