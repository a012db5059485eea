// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../builders/scriptedModel';
import { click, getByRole, nameOf, queryAllByRole } from '../ui/support/a11y';
import { openChatPanel, type ChatPanel } from '../ui/support/chatPanel';
import { closeChangesViews, reviewChanges, until } from './support/changesView';
import { connectWorkerClient, type WorkerClient } from './support/mcpClient';

let panel: ChatPanel | null = null;
let client: WorkerClient | null = null;
afterEach(async () => {
  await client?.close().catch(() => undefined);
  client = null;
  closeChangesViews(panel?.app);
  await panel?.cleanup();
  panel = null;
});

describe('an MCP client under mcpApproval review', () => {
  it('should write without a card, and its run be listed by its name and undone after it disconnected', async () => {
    panel = await openChatPanel({ model: new ScriptedModel([]), files: { 'Inbox.md': '- one idea\n' } });
    Object.assign(panel.plugin.settings, { mcpServer: true, mcpPort: 0, mcpApproval: 'review' });
    await panel.plugin.saveSettings();
    const state = panel.plugin.mcpServer.state();
    if (state.status !== 'listening') throw new Error(`the server is not listening: ${JSON.stringify(state)}`);
    const token = panel.plugin.mcpServer.takeUnseenToken();
    if (token === null) throw new Error('switching the server on made no token');
    client = await connectWorkerClient(new URL(state.url), token);

    const result = await client.callTool('vault_writeFile', {
      path: 'Inbox.md',
      content: '- one idea\n- from Claude\n',
    });
    expect(result.isError ?? false).toBe(false);
    // No card was asked: the write is left to be reviewed.
    expect(queryAllByRole(panel.root, 'button', 'Approve')).toEqual([]);
    expect(await panel.app.vault.adapter.read('Inbox.md')).toBe('- one idea\n- from Claude\n');
    await client.disconnect();

    const { app } = panel;
    const run = await reviewChanges(app, (region) =>
      getByRole(region, 'listitem', /^Claude Code: an MCP client, by the name it reports, /),
    );
    expect(nameOf(run)).toMatch(/, 1 file, 1 line added, 0 removed, to review$/);
    click(getByRole(run, 'button', 'Undo run'));
    await until(async () => expect(await app.vault.adapter.read('Inbox.md')).toBe('- one idea\n'));
    await until(() =>
      expect(
        nameOf(getByRole(document.body, 'listitem', /^Claude Code: an MCP client, by the name it reports, /)),
      ).toMatch(/, undone$/),
    );
  });
});
