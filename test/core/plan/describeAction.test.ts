import { describe, expect, it } from 'vitest';
import { describeSavedAction } from '../../../src/core/plan/describeAction';
import { createPromptAction, createSavedAction, type PlanSavedAction } from '../../../src/core/plan/savedActions';
import { bulletsTemplate } from './plans';

const NOW = Date.UTC(2026, 0, 15, 12);

describe('describeSavedAction', () => {
  it('should put a kept folder into the steps as it is and need only the selection', () => {
    expect(describeSavedAction(createSavedAction({ name: 'Bullets', plan: bulletsTemplate(), now: NOW }, []))).toEqual({
      does: ['Make the folder Inbox', 'Create Inbox/‹bullet›.md, for each bullet of the selection'],
      needs: ['a selection'],
    });
  });

  it('should name a parameter asked each time in the steps and among the needs', () => {
    const saved = createSavedAction({ name: 'Bullets', plan: bulletsTemplate(), now: NOW }, []);
    const asked: PlanSavedAction = { ...saved, parameters: [{ name: 'folderName', default: 'Inbox', ask: true }] };
    expect(describeSavedAction(asked)).toEqual({
      does: ['Make the folder ‹folderName›', 'Create ‹folderName›/‹bullet›.md, for each bullet of the selection'],
      needs: ['a selection', 'folderName (asked)'],
    });
  });

  it('should say a move names both paths and needs the open note', () => {
    const plan = {
      version: '1.0',
      goal: 'Archive',
      assumptions: [],
      riskLevel: 'writes' as const,
      steps: [{ id: 'move', tool: 'vault.rename', args: { fromPath: '${activeFile}', toPath: 'Archive/${date}.md' } }],
    };
    expect(describeSavedAction(createSavedAction({ name: 'Archive', plan, now: NOW }, []))).toEqual({
      does: ['Move ‹open note› to Archive/‹date›.md'],
      needs: ['an open note'],
    });
  });

  it("should name a step's output by the step it comes from", () => {
    const plan = {
      version: '1.0',
      goal: 'Open today',
      assumptions: [],
      riskLevel: 'writes' as const,
      steps: [
        { id: 'make', tool: 'vault.createFile', args: { path: 'Daily/${date}.md', content: '' } },
        { id: 'show', tool: 'workspace.openFile', args: { path: '${steps.make.output.path}' }, dependsOn: ['make'] },
      ],
    };
    expect(describeSavedAction(createSavedAction({ name: 'Today', plan, now: NOW }, [])).does).toEqual([
      'Create Daily/‹date›.md',
      'Open ‹output of make›',
    ]);
  });

  it('should show a prompt action as the message it sends, with what it asks for', () => {
    const action = createPromptAction(
      { name: 'Summarize', prompt: 'Summarize ${selection} for ${audience}', now: NOW },
      [],
    );
    expect(describeSavedAction(action)).toEqual({
      does: ['Send to the agent: Summarize ‹selection› for ‹audience›'],
      needs: ['a selection', 'audience (asked)'],
    });
  });
});
