import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodeVault } from '../../../src/node/NodeVault';
import { buildPipeline } from '../../builders/pipeline';

const call = (name: string, input: unknown) => ({ id: name, name, input });

/** Links a user made inside the vault, to places the agent may not touch by their own names. */
describe('the pipeline over links inside a NodeVault', () => {
  let root: string;
  let vault: NodeVault;

  beforeEach(async () => {
    root = await mkdtemp(nodePath.join(tmpdir(), 'links-'));
    for (const [path, content] of Object.entries({
      '.agentignore': 'Private/\n',
      'Private/diary.md': 'hunter2',
      '.obsidian/app.json': '{}',
      '.git/HEAD': 'ref',
      'Notes/a.md': 'A',
    })) {
      await mkdir(nodePath.dirname(nodePath.join(root, path)), { recursive: true });
      await writeFile(nodePath.join(root, path), content);
    }
    for (const [link, target] of [
      ['Public', 'Private'],
      ['Settings', '.obsidian'],
      ['Repo', '.git'],
      ['Notes/Linked', 'Notes'],
    ]) {
      await symlink(nodePath.join(root, target as string), nodePath.join(root, link as string), 'dir');
    }
    await symlink(nodePath.join(root, 'Private/diary.md'), nodePath.join(root, 'Notes/alias.md'));
    vault = new NodeVault(root);
  });

  afterEach(() => rm(root, { recursive: true, force: true }));

  it('should apply the rules to where a path leads, not only to how it is spelled', async () => {
    const { pipeline, run } = buildPipeline({ context: { vault } });
    expect((await pipeline.execute(call('vault.readFile', { path: 'Public/diary.md' }), run)).error).toEqual({
      code: 'FORBIDDEN_PATH',
      message:
        'Refused path: "Public/diary.md" leads to "Private/diary.md": "Private/diary.md" is listed in .agentignore, so the agent may neither read nor write it',
    });
    expect(
      (await pipeline.execute(call('vault.writeFile', { path: 'Settings/app.json', content: '{"evil":true}' }), run))
        .error?.code,
    ).toBe('FORBIDDEN_PATH');
    expect(
      (await pipeline.execute(call('vault.createFile', { path: 'Repo/hooks/pre-commit', content: 'evil' }), run)).error
        ?.code,
    ).toBe('FORBIDDEN_PATH');
    expect(await readFile(nodePath.join(root, '.obsidian/app.json'), 'utf8')).toBe('{}');
    expect((await pipeline.execute(call('vault.readFile', { path: 'Notes/Linked/a.md' }), run)).output).toMatchObject({
      content: 'A',
    });
  });

  it('should not find a hidden note in a search under the name of a link to it', async () => {
    const { pipeline, run } = buildPipeline({ context: { vault } });
    expect((await pipeline.execute(call('vault.readFile', { path: 'Notes/alias.md' }), run)).error?.code).toBe(
      'FORBIDDEN_PATH',
    );
    expect((await pipeline.execute(call('vault.searchText', { query: 'hunter2' }), run)).output).toMatchObject({
      matches: [],
    });
    expect((await pipeline.execute(call('vault.searchText', { query: 'A' }), run)).output).toMatchObject({
      matches: [{ path: 'Notes/a.md' }],
    });
  });
});

describe('trashing over a NodeVault whose .trash/ holds leftover links', () => {
  let root: string;
  let vault: NodeVault;

  beforeEach(async () => {
    root = await mkdtemp(nodePath.join(tmpdir(), 'trash-links-'));
    await mkdir(nodePath.join(root, 'Notes'));
    await writeFile(nodePath.join(root, 'Notes/a.md'), 'A');
    vault = new NodeVault(root);
  });

  afterEach(() => rm(root, { recursive: true, force: true }));

  it('should trash a note whose name a dangling link in .trash/ takes', async () => {
    await mkdir(nodePath.join(root, '.trash'));
    await symlink(nodePath.join(root, 'gone.md'), nodePath.join(root, '.trash/a.md'));
    const { pipeline, run } = buildPipeline({ context: { vault } });
    expect((await pipeline.execute(call('vault.delete', { path: 'Notes/a.md' }), run)).ok).toBe(true);
    expect(await readFile(nodePath.join(root, '.trash/a 2.md'), 'utf8')).toBe('A');
  });

  it('should refuse before asking when the trash cannot take the note, not after the approval', async () => {
    await symlink(nodePath.join(root, 'gone'), nodePath.join(root, '.trash'));
    const { pipeline, run, approval } = buildPipeline({ context: { vault } });
    expect((await pipeline.execute(call('vault.delete', { path: 'Notes/a.md' }), run)).error).toEqual({
      code: 'FORBIDDEN_PATH',
      message:
        'vault.delete: "Notes/a.md" cannot go to the trash: ".trash/a.md" goes through a link whose target is missing; fix or remove what is at .trash/, or delete for good (trash: false)',
    });
    expect(approval.requests).toEqual([]);
    expect(await readFile(nodePath.join(root, 'Notes/a.md'), 'utf8')).toBe('A');
  });
});
