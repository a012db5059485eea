import { describe, expect, it } from 'vitest';
import { PLAN_AUTHOR, savedActionAuthor, sessionAuthor } from '../../../src/core/session/runAuthors';
import { ScriptedApproval } from '../../builders/pipeline';
import { reviewWorlds } from '../review/harness';

const world = reviewWorlds();

describe('who made a run', () => {
  it('should name a session’s runs by its shell, an outside client by its own name', () => {
    expect(sessionAuthor('chat', undefined)()).toEqual({ kind: 'chat', label: 'Chat' });
    expect(sessionAuthor('cli', undefined)()).toEqual({ kind: 'terminal', label: 'Terminal' });
    expect(sessionAuthor('mcp', () => 'Claude Code')()).toEqual({ kind: 'mcp', label: 'Claude Code' });
    expect(sessionAuthor('mcp', () => '')()).toEqual({ kind: 'mcp', label: 'MCP client' });
  });

  it('should record an MCP client’s run under its name, and undo it after the client has gone', async () => {
    const w = await world({ 'a.md': 'one\n' });
    const approval = { port: () => new ScriptedApproval(), owner: () => 'Claude Code' };
    const runs = w.services.runs(approval, sessionAuthor('mcp', approval.owner));
    const run = runs.open('mcp-client-1', { signal: new AbortController().signal });
    await runs.call(run, 'vault.writeFile', { path: 'a.md', content: 'two\n' });
    // The client disconnects: its driver ends the run.
    await runs.end(run);
    const [listed] = await w.changes.listRuns();
    expect(listed).toMatchObject({ runId: 'mcp-client-1', author: { kind: 'mcp', label: 'Claude Code' } });
    await w.changes.undo({ runId: 'mcp-client-1' });
    expect(await w.text('a.md')).toBe('one\n');
  });

  it('should record a plan as a plan and a saved action by its name, but keep an outside client’s as the client’s', async () => {
    const w = await world({});
    const chat = w.services.runs({ port: () => new ScriptedApproval() }, sessionAuthor('chat', undefined));
    const client = w.services.runs(
      { port: () => new ScriptedApproval(), owner: () => 'Codex' },
      sessionAuthor('mcp', () => 'Codex'),
    );
    const opened = [
      ['plan-1', chat.authoredBy(PLAN_AUTHOR)],
      ['saved-1', chat.ownedBy(() => 'Saved action “Weekly”', savedActionAuthor('Weekly'))],
      ['client-saved-1', client.ownedBy(() => 'Saved action “Weekly”', savedActionAuthor('Weekly'))],
    ] as const;
    for (const [runId, runs] of opened) {
      const run = runs.open(runId, { signal: new AbortController().signal });
      await runs.call(run, 'vault.createFile', { path: `${runId}.md`, content: 'x\n' });
      await runs.end(run);
    }
    const authors = Object.fromEntries((await w.changes.listRuns()).map((run) => [run.runId, run.author]));
    expect(authors).toEqual({
      'plan-1': { kind: 'plan', label: 'Plan' },
      'saved-1': { kind: 'saved-action', label: 'Saved action', detail: 'Weekly' },
      'client-saved-1': { kind: 'mcp', label: 'Codex' },
    });
  });
});
