import { afterEach, describe, expect, it } from 'vitest';
import { tryFastPath } from '../../../src/core/recipes/FastPath';
import { BULLETS_PLAN, bulletsFastPathSetup } from '../../builders/fastPath';
import { ScriptedModel, textReply } from '../../builders/scriptedModel';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('tryFastPath: a selection in an ignored note', () => {
  it('should send the planner neither the selection nor the note’s name, and bind nothing from it', async () => {
    const fixture = await bulletsFastPathSetup(3, { files: { '.agentignore': 'Inbox.md\n' } });
    cleanups.push(fixture.cleanup);
    const model = new ScriptedModel([textReply(JSON.stringify(BULLETS_PLAN)), textReply('Done.')]);
    await tryFastPath({
      llm: model,
      recipes: fixture.recipes,
      host: fixture.host,
      message: 'Create a note for every bullet of the selection in folder Travel',
      runId: 'fast-1',
      signal: new AbortController().signal,
      maxTokens: 2000,
    }).catch(() => undefined);
    const sent = JSON.stringify(model.requests);
    for (const hidden of ['Lisbon', 'Porto', 'Inbox']) expect(sent).not.toContain(hidden);
    expect(Object.keys(fixture.vault.dump()).filter((path) => path.startsWith('Travel/'))).toEqual([]);
  });
});
