import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPromptAction, createSavedAction } from '../../src/core/plan/savedActions';
import { ScriptedModel, textReply } from '../builders/scriptedModel';
import { PlanModel, twoIdeasPlan } from '../builders/planModel';
import { exampleVaultCopy, readTree, removeTemporaryFolders, startSession, waitFor } from './harness';

const PLUGIN = '.obsidian/plugins/embedded-agent';

const plan = twoIdeasPlan;

async function terminal(lines: string[], answers: string[] = [], files: Record<string, string> = {}) {
  const paths = await exampleVaultCopy();
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(paths.vault, path, '..'), { recursive: true });
    await writeFile(join(paths.vault, path), text);
  }
  const model = new PlanModel(answers);
  const session = startSession({
    argv: ['--vault', paths.vault, '--checkpoints', paths.checkpoints, '--provider', 'anthropic'],
    env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
    lines: [...lines, '/quit'],
    modesFile: paths.modesFile,
    createLlm: () => model,
  });
  expect(await session.code).toBe(0);
  return { out: session.stdout(), vault: paths.vault, model };
}

afterEach(removeTemporaryFolders);

describe("the terminal's plan commands", () => {
  it('should preview a dry run with its diff, write nothing before the answer, and run exactly the preview on y', async () => {
    const { out, vault, model } = await terminal(['/dry-run Make two ideas', 'y'], [JSON.stringify(plan())]);
    expect(model.requests).toHaveLength(1);
    expect(out).toContain('Approval needed: Run plan "Two ideas": 2 created');
    expect(out).toContain('+ created  Ideas/Alpha.md');
    expect(out).toContain('Run it? [y/n] y');
    expect(out).toContain('Done: 2 of 2 steps ran.');
    expect(await readFile(join(vault, 'Ideas/Alpha.md'), 'utf8')).toBe('# Alpha\n');
    expect(await readFile(join(vault, 'Ideas/Beta.md'), 'utf8')).toBe('# Beta\n');
  });

  it('should change nothing when the dry run is answered n', async () => {
    const paths = await exampleVaultCopy();
    const before = await readTree(paths.vault);
    const { out, vault } = await terminal(['/dry-run Make two ideas', 'n'], [JSON.stringify(plan())]);
    expect(out).toContain('Not run: nothing was changed.');
    const after = await readTree(vault);
    expect(after).toEqual(before);
  });

  it('should run the rest with /rest on the first confirmation, asking only for the write its preview did not show', async () => {
    const paths = await exampleVaultCopy();
    await mkdir(join(paths.vault, 'Ideas'), { recursive: true });
    await writeFile(join(paths.vault, 'Ideas/Beta.md'), 'taken\n');
    const session = startSession({
      argv: ['--vault', paths.vault, '--checkpoints', paths.checkpoints, '--provider', 'anthropic'],
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
      lines: ['/dry-run Make two ideas', 'y'],
      keepOpen: true,
      modesFile: paths.modesFile,
      createLlm: () => new PlanModel([JSON.stringify(plan('error'))]),
    });
    await waitFor(() => session.stdout().includes('/rest runs what is left'), 'the first run to stop part-way');
    expect(await readFile(join(paths.vault, 'Ideas/Alpha.md'), 'utf8')).toBe('# Alpha\n');
    await rm(join(paths.vault, 'Ideas/Beta.md'));
    session.type('/rest');
    session.type('y');
    session.type('/quit');
    expect(await session.code).toBe(0);
    const out = session.stdout();
    // The plan's confirmation once; then only Beta.md's write, whose text the preview could not show.
    expect(out.match(/Approval needed: .*/g)).toEqual([
      'Approval needed: Run plan "Two ideas": 1 created',
      'Approval needed: Create Ideas/Beta.md',
    ]);
    expect(await readFile(join(paths.vault, 'Ideas/Beta.md'), 'utf8')).toBe('# Beta\n');
  });

  it("should ask a prompt action's input by line and send the bound message to the agent as if typed", async () => {
    const paths = await exampleVaultCopy();
    await mkdir(join(paths.vault, PLUGIN), { recursive: true });
    const action = createPromptAction(
      { name: 'Outline', prompt: 'Outline ${topic} in three bullets', now: Date.UTC(2026, 0, 15) },
      [],
    );
    await writeFile(join(paths.vault, PLUGIN, 'data.json'), JSON.stringify({ savedActions: [action] }));
    const model = new ScriptedModel([textReply('- soil\n- light\n- water')]);
    const session = startSession({
      argv: ['--vault', paths.vault, '--checkpoints', paths.checkpoints, '--provider', 'anthropic'],
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
      lines: ['/run outline', 'gardens', '/quit'],
      modesFile: paths.modesFile,
      createLlm: () => model,
    });
    expect(await session.code).toBe(0);
    expect(session.stdout()).toContain('topic: gardens');
    expect(model.requests[0]?.messages.map((message) => ('text' in message ? message.text : ''))).toEqual([
      'Outline gardens in three bullets',
    ]);
  });

  it('should say when the vault has no saved actions, and name the action that /run cannot find', async () => {
    const { out } = await terminal(['/actions', '/run Nothing']);
    expect(out).toContain(
      'No saved actions in this vault. Save one in Obsidian ("Save as button" after a run), then /run it here.',
    );
    expect(out).toContain(
      '/run failed: No saved action has the id or name "Nothing"; it may have been deleted or could not be loaded.',
    );
  });

  it('should list the saved actions it can load and report the one it cannot', async () => {
    const good = createSavedAction({ name: 'Two ideas', plan: plan(), now: Date.UTC(2026, 0, 15) }, []);
    const { out } = await terminal(['/actions'], [], {
      [`${PLUGIN}/data.json`]: JSON.stringify({ savedActions: [good, { id: 'broken', name: 'Broken' }] }),
    });
    expect(out).toContain('two-ideas  Two ideas');
    expect(out).toContain('! actions[1] ("Broken").plan: is required (this saved action was not loaded)');
  });
});
