// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPromptAction, createSavedAction } from '../../../src/core/plan/savedActions';
import { SavedActionRunner } from '../../../src/ui/savedActions/SavedActionRunner';
import { ScriptedApproval } from '../../builders/pipeline';
import { openNote } from '../../obsidian/fixtures';
import { click, getByRole } from '../support/a11y';
import { type ObsidianPlanFixture, obsidianPlanHost } from '../support/obsidianPlanHost';

/** Stops at its first step while Projects.md is taken; what is left writes Important.md from an output known only at run time. */
const logAction = () =>
  createSavedAction(
    {
      name: 'Log it',
      plan: {
        version: '1.0',
        goal: 'Log it',
        assumptions: [],
        riskLevel: 'writes',
        steps: [
          {
            id: 'taken',
            tool: 'vault.createFile',
            args: { path: 'Projects.md', content: 'mine', collisionStrategy: 'error' },
          },
          { id: 'note', tool: 'editor.insertAtCursor', args: { text: 'Logged.\n' } },
          {
            id: 'overwrite',
            tool: 'vault.writeFile',
            args: { path: 'Important.md', content: 'Replaced after ${steps.note.insertedChars} characters' },
          },
        ],
      },
      now: Date.UTC(2026, 0, 15),
    },
    [],
  );

let fixture: ObsidianPlanFixture;
let panel: HTMLElement;
let approval: ScriptedApproval;

beforeEach(async () => {
  fixture = await obsidianPlanHost({ 'Home.md': '# Home\n', 'Important.md': 'Keep me\n', 'Projects.md': 'taken' });
  panel = document.body.createDiv();
  approval = new ScriptedApproval((request) =>
    request.tool === 'plan' ? { approved: true, scope: 'once' } : { approved: false, reason: 'the user rejected it' },
  );
  fixture.approval.port = approval;
  await openNote(fixture.app, 'Home.md');
});

afterEach(async () => {
  await fixture.cleanup();
  document.body.empty();
});

describe('SavedActionRunner', () => {
  it('should run the rest on the first confirmation, asking only for a write its preview did not show, and keep the vault when refused', async () => {
    const runner = new SavedActionRunner({ app: fixture.app, session: fixture.session(), container: () => panel });
    const first = await runner.run(logAction());
    expect(first?.status === 'ran' && first.result.status).toBe('failed');
    await fixture.app.fileManager.trashFile(fixture.app.vault.getFileByPath('Projects.md')!);

    click(getByRole(panel, 'button', 'Run the rest'));
    await vi.waitFor(() =>
      expect(approval.requests.map((request) => request.tool)).toEqual(['plan', 'vault.createFile']),
    );
    await vi.waitFor(() =>
      expect(panel.querySelector('.embedded-agent-plan-run-summary')?.textContent).toMatch(
        /^Failed: vault.createFile was not approved/,
      ),
    );
    expect(await fixture.app.vault.adapter.read('Important.md')).toBe('Keep me\n');
    expect(await fixture.app.vault.adapter.exists('Projects.md')).toBe(false);
    expect(await fixture.app.vault.adapter.read('Home.md')).toBe('# Home\n');
  });

  it("should send a prompt action's message, bound to the open note, only after the missing parameter is given", async () => {
    const action = createPromptAction(
      { name: 'Outline', prompt: 'Outline ${activeFile} as ${style}', now: Date.UTC(2026, 0, 15) },
      [],
    );
    const sent: string[] = [];
    const asked: string[][] = [];
    let answer: Record<string, string> | null = null;
    const runner = new SavedActionRunner({
      app: fixture.app,
      session: fixture.session(),
      container: () => panel,
      askInputs: (_app, _name, inputs) => {
        asked.push(inputs.map((input) => input.name));
        return Promise.resolve(answer);
      },
      sendPrompt: (message) => Promise.resolve(void sent.push(message)),
    });
    expect(await runner.run(action)).toBeNull();
    expect(sent).toEqual([]);
    answer = { style: 'bullets' };
    await runner.run(action);
    expect(asked).toEqual([['style'], ['style']]);
    expect(sent).toEqual(['Outline Home.md as bullets']);
    expect(approval.requests).toEqual([]);
  });
});
