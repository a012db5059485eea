import { describe, expect, it } from 'vitest';
import { formDecision, UNREAD_WITHIN_MS } from '../../src/mcp/formAnswer';

const CODEX = { shown: 'An MCP client (reports itself as “Codex”)', name: 'codex-mcp-client', title: 'Codex' };

describe('formDecision', () => {
  it('should take an accept as a yes given in the client form, for the rest of the session when ticked', () => {
    expect(formDecision('accept', false, 20, CODEX)).toEqual({ approved: true, scope: 'once', by: 'client-form' });
    expect(formDecision('accept', true, 5000, CODEX)).toEqual({ approved: true, scope: 'run', by: 'client-form' });
  });

  it('should say that Codex declined by itself below the threshold, and what works for Codex', () => {
    const decision = formDecision('decline', false, UNREAD_WITHIN_MS - 1, CODEX);
    expect(decision).toEqual({
      approved: false,
      reason:
        `An MCP client (reports itself as “Codex”) answered decline ${UNREAD_WITHIN_MS - 1} ms after the form was sent, too fast for a person to have read it (a client run without a person, such as claude -p or codex exec, answers forms itself). ` +
        'To approve writes from this client, run it interactively (codex, not codex exec), where the form is shown to you, start this server with --approval client to let ' +
        'the client\'s own permission prompt decide (with default_tools_approval_mode = "prompt" for this server), or use the MCP server inside Obsidian (Settings → Embedded Agent → MCP server), which asks in Obsidian\'s chat panel',
    });
  });

  it('should take a decline from the threshold on as given in the form, with how long it took', () => {
    expect(formDecision('decline', false, UNREAD_WITHIN_MS, CODEX)).toEqual({
      approved: false,
      reason: 'declined in the approval form of An MCP client (reports itself as “Codex”) (answered after 1.0 s)',
    });
  });
});
