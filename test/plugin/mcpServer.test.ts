// @vitest-environment happy-dom
import { createServer } from 'node:net';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyModules } from '../../src/plugin/lazyModules';
import { MCP_TOKEN_SECRET } from '../../src/plugin/McpServerHost';
import { createSavedAction } from '../../src/core/plan';
import { ScriptedModel } from '../builders/scriptedModel';
import { commandsOf } from '../obsidian-double/harness';
import { click, getByRole, queryAllByRole } from '../ui/support/a11y';
import { openChatPanel, type ChatPanel } from '../ui/support/chatPanel';
import { connectWorkerClient, type WorkerClient } from './support/mcpClient';

let panel: ChatPanel | null = null;
const clients: WorkerClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  await panel?.cleanup();
  panel = null;
});

const until = <T>(check: () => T | Promise<T>): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });
const NOTE = { path: 'Ideas/From Claude.md', content: '# From Claude\n' };
/** How every text names the test's client, which introduces itself with the title "Claude Code". */
const CLIENT = 'An MCP client (reports itself as “Claude Code”)';

/** The plugin with its panel open and the MCP server switched on, on a free port. */
async function serving(
  files: Record<string, string> = { 'Inbox.md': '- one idea\n' },
): Promise<{ panel: ChatPanel; url: URL; token: string }> {
  panel = await openChatPanel({ model: new ScriptedModel([]), files });
  Object.assign(panel.plugin.settings, { mcpServer: true, mcpPort: 0 });
  await panel.plugin.saveSettings();
  const state = panel.plugin.mcpServer.state();
  if (state.status !== 'listening') throw new Error(`the server is not listening: ${JSON.stringify(state)}`);
  const token = panel.plugin.mcpServer.takeUnseenToken();
  if (token === null) throw new Error('switching the server on made no token');
  return { panel, url: new URL(state.url), token };
}

async function connect(url: URL, token: string, introduced?: { name: string; title?: string }): Promise<WorkerClient> {
  const client = await connectWorkerClient(url, token, introduced);
  clients.push(client);
  return client;
}

/** Closes the chat panel and opens it again with its command, as a person does; its content, in the document. */
async function reopenPanel(panel: ChatPanel): Promise<HTMLElement> {
  for (const leaf of panel.app.workspace.getLeavesOfType('embedded-agent-chat')) leaf.detach();
  commandsOf(panel.app).executeCommandById('embedded-agent:open-chat');
  return until(() => {
    const view = panel.app.workspace.getLeavesOfType('embedded-agent-chat')[0]?.view;
    const el = view?.containerEl.querySelector<HTMLElement>('.embedded-agent-chat');
    if (!view || !el) throw new Error('the panel did not open');
    if (!view.containerEl.isConnected) document.body.appendChild(view.containerEl);
    return el;
  });
}

/** What the panel's live region says now. */
const announced = (root: HTMLElement): string | null | undefined =>
  root.querySelector('.embedded-agent-announcer')?.textContent;

/** The audit lines of the vault's day files (the contract's audit folder), oldest first. */
async function auditLines(
  panel: ChatPanel,
): Promise<{ tool: string; ok: boolean; error?: { message?: string } | string | null }[]> {
  const { adapter } = panel.app.vault;
  const files = (await adapter.list(`${panel.app.vault.configDir}/plugins/embedded-agent/audit`)).files.filter((file) =>
    /\d{4}-\d{2}-\d{2}\.jsonl$/.test(file),
  );
  const text = (await Promise.all(files.map((file) => adapter.read(file)))).join('\n');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { tool: string; ok: boolean });
}

const textOf = (result: unknown): string => ((result as CallToolResult).content[0] as { text: string }).text;
/** The notices that ask about a change (switching the server on also says a token was made). */
const notices = (): HTMLElement[] =>
  Array.from(document.querySelectorAll<HTMLElement>('.notice')).filter((el) => el.textContent?.includes('wants to'));

describe('the MCP server inside Obsidian', () => {
  it('should load none of its code and listen nowhere while the setting is off', async () => {
    const loaded = vi.spyOn(lazyModules, 'mcp');
    panel = await openChatPanel({ model: new ScriptedModel([]) });
    await panel.plugin.saveSettings();
    expect(panel.plugin.settings.mcpServer).toBe(false);
    expect(panel.plugin.mcpServer.state()).toEqual({ status: 'off' });
    expect(loaded).not.toHaveBeenCalled();
  });

  it('should listen on 127.0.0.1 once switched on, with a new token kept in secret storage and shown once, and serve the vault', async () => {
    const { panel, url, token } = await serving();
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/mcp');
    expect(panel.app.secretStorage.getSecret(MCP_TOKEN_SECRET)).toBe(token);
    expect(panel.plugin.mcpServer.takeUnseenToken()).toBeNull();
    expect(JSON.stringify(panel.plugin.settings)).not.toContain(token);

    const client = await connect(url, token);
    const tools = await client.listTools();
    expect(tools).toEqual(expect.arrayContaining(['vault_readFile', 'vault_createFile']));
    expect(textOf(await client.callTool('vault_readFile', { path: 'Inbox.md' }))).toContain('- one idea');
    expect(panel.plugin.mcpServer.state()).toMatchObject({ status: 'listening', clients: 1 });
  });

  it('should search, refuse a path .agentignore hides, and run a saved action as a tool once its plan is approved on a card naming the client', async () => {
    const action = createSavedAction(
      {
        name: 'Weekly note',
        plan: {
          version: '1.0',
          goal: 'Weekly note',
          assumptions: [],
          riskLevel: 'writes',
          parameters: [{ name: 'title', description: 'Title of the note' }],
          steps: [
            { id: 'note', tool: 'vault.createFile', args: { path: 'Weekly/${title}.md', content: '# ${title}\n' } },
          ],
        },
        now: 0,
      },
      [],
    );
    // Among the settings before the panel opens: its palette loads the saved actions once.
    panel = await openChatPanel({
      model: new ScriptedModel([]),
      settings: { savedActions: [action] },
      files: {
        'Inbox.md': '- plan the weekly review\n',
        '.agentignore': 'Private/\n',
        'Private/Health.md': 'private\n',
      },
    });
    Object.assign(panel.plugin.settings, { mcpServer: true, mcpPort: 0 });
    await panel.plugin.saveSettings();
    const state = panel.plugin.mcpServer.state();
    if (state.status !== 'listening') throw new Error('not listening');
    const client = await connect(new URL(state.url), panel.plugin.mcpServer.takeUnseenToken() ?? '');

    expect(textOf(await client.callTool('vault_searchText', { query: 'weekly review' }))).toContain('Inbox.md');
    const hidden = await client.callTool('vault_readFile', { path: 'Private/Health.md' });
    expect(hidden.isError).toBe(true);
    expect(textOf(hidden)).toBe(
      'Error FORBIDDEN_PATH: Refused path: "Private/Health.md" is listed in .agentignore, so the agent may neither read nor write it',
    );

    expect(await client.listTools()).toContain('saved_action_weekly-note');
    const running = client.callTool('saved_action_weekly-note', { title: 'Review' });
    const root = panel.root;
    const card = await until(() =>
      getByRole(root, 'group', /^An MCP client \(reports itself as “Claude Code”\) wants to /),
    );
    click(getByRole(card, 'button', 'Approve'));
    expect(textOf(await running)).toMatch(/^Done: 1 of 1 step ran\./);
    expect(await panel.app.vault.adapter.read('Weekly/Review.md')).toBe('# Review\n');
  });

  it('should neither offer nor run a saved action that writes while the panel is in Ask, even with approval by the client', async () => {
    const replace = createSavedAction(
      {
        name: 'Replace inbox',
        plan: {
          version: '1.0',
          goal: 'Replace inbox',
          assumptions: [],
          riskLevel: 'writes',
          steps: [{ id: 'inbox', tool: 'vault.writeFile', args: { path: 'Inbox.md', content: 'replaced\n' } }],
        },
        now: 0,
      },
      [],
    );
    panel = await openChatPanel({
      model: new ScriptedModel([]),
      settings: { savedActions: [replace], mcpApproval: 'client' },
      files: { 'Inbox.md': '- one idea\n' },
    });
    (await panel.plugin.modes()).setActiveMode('ask');
    Object.assign(panel.plugin.settings, { mcpServer: true, mcpPort: 0 });
    await panel.plugin.saveSettings();
    const state = panel.plugin.mcpServer.state();
    if (state.status !== 'listening') throw new Error('not listening');
    const client = await connect(new URL(state.url), panel.plugin.mcpServer.takeUnseenToken() ?? '');

    const tools = await client.listTools();
    expect(tools).toContain('vault_readFile');
    expect(tools).not.toContain('vault_writeFile');
    expect(tools).not.toContain('saved_action_replace-inbox');
    const result = await client.callTool('saved_action_replace-inbox', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^Error UNKNOWN_TOOL: saved_action_replace-inbox is not offered: the saved action "Replace inbox" calls vault\.writeFile, which this session does not offer \(mode "ask"\)/,
    );
    expect(await panel.app.vault.adapter.read('Inbox.md')).toBe('- one idea\n');
  });

  it("should ask on a card in the chat panel that names the client, write once approved, and let Revert last run undo the client's session", async () => {
    const { panel, url, token } = await serving();
    const client = await connect(url, token);
    const writing = client.callTool('vault_createFile', NOTE);
    const card = await until(() => getByRole(panel.root, 'group', `${CLIENT} wants to create ${NOTE.path}`));
    // The panel is in sight: the card is enough, no notice.
    expect(notices()).toHaveLength(0);
    click(getByRole(card, 'button', 'Approve'));
    // The live region no longer says that the card waits.
    expect(announced(panel.root)).toBe(`Approved (Create ${NOTE.path}).`);
    const result = await writing;
    expect(result.isError).toBeFalsy();
    expect(await panel.app.vault.adapter.read(NOTE.path)).toBe(NOTE.content);

    // While the client is connected its run is still going: it is not reverted, nor is an older run in its place.
    click(getByRole(panel.root, 'button', 'Revert last run'));
    await until(() =>
      expect(panel.root.textContent).toMatch(
        /Not reverted: the newest changes are from run mcp-\S+, an MCP client's session, which is still connected\. It can be reverted once it ends: disconnect the client/,
      ),
    );
    click(getByRole(panel.root, 'button', 'Keep it running'));
    await until(() => expect(panel.root.textContent).toContain('Nothing was reverted; the session goes on.'));
    expect(await panel.app.vault.adapter.read(NOTE.path)).toBe(NOTE.content);

    // The client's session is one run, which ends when the client disconnects.
    await client.disconnect();
    await until(() => expect(panel.plugin.mcpServer.state()).toMatchObject({ clients: 0 }));
    click(getByRole(panel.root, 'button', 'Revert last run'));
    click(await until(() => getByRole(panel.root, 'button', 'Revert changes')));
    await until(() => expect(panel.app.vault.getAbstractFileByPath(NOTE.path)).toBeNull());
  });

  it('should offer Revert last run once an MCP client wrote: while it is connected, after it leaves, and in the panel opened again', async () => {
    const { panel, url, token } = await serving();
    const client = await connect(url, token);
    expect(queryAllByRole(panel.root, 'button', 'Revert last run')).toHaveLength(0);
    const writing = client.callTool('vault_createFile', NOTE);
    click(
      getByRole(
        await until(() => getByRole(panel.root, 'group', `${CLIENT} wants to create ${NOTE.path}`)),
        'button',
        'Approve',
      ),
    );
    expect((await writing).isError).toBeFalsy();
    await until(() => getByRole(panel.root, 'button', 'Revert last run'));

    const reopened = await reopenPanel(panel);
    await until(() => getByRole(reopened, 'button', 'Revert last run'));
    await client.disconnect();
    await until(() => expect(panel.plugin.mcpServer.state()).toMatchObject({ clients: 0 }));
    const again = await reopenPanel(panel);
    click(await until(() => getByRole(again, 'button', 'Revert last run')));
    click(await until(() => getByRole(again, 'button', 'Revert changes')));
    await until(() => expect(panel.app.vault.getAbstractFileByPath(NOTE.path)).toBeNull());
  });

  it("should end a connected client's session from the panel to revert it, and tell the client why its session is gone", async () => {
    const { panel, url, token } = await serving();
    const client = await connect(url, token);
    const writing = client.callTool('vault_createFile', NOTE);
    click(
      getByRole(
        await until(() => getByRole(panel.root, 'group', `${CLIENT} wants to create ${NOTE.path}`)),
        'button',
        'Approve',
      ),
    );
    expect((await writing).isError).toBeFalsy();

    click(getByRole(panel.root, 'button', 'Revert last run'));
    click(await until(() => getByRole(panel.root, 'button', 'End the session and revert')));
    click(await until(() => getByRole(panel.root, 'button', 'Revert changes')));
    await until(() => expect(panel.app.vault.getAbstractFileByPath(NOTE.path)).toBeNull());
    expect(panel.plugin.mcpServer.state()).toMatchObject({ status: 'listening', clients: 0 });
    await expect(client.callTool('vault_readFile', { path: 'Inbox.md' })).rejects.toThrow(
      /was ended in Obsidian, to revert what it changed; initialize a new one/,
    );
  });

  it('should say with a notice what waits while the panel is closed, open the panel from it, and write nothing when rejected there', async () => {
    const { panel, url, token } = await serving();
    const client = await connect(url, token);
    for (const leaf of panel.app.workspace.getLeavesOfType('embedded-agent-chat')) leaf.detach();
    const writing = client.callTool('vault_createFile', NOTE);
    const notice = await until(() => {
      const [first] = notices();
      if (!first) throw new Error('no notice yet');
      return first;
    });
    expect(notice.textContent).toContain(`${CLIENT} wants to create ${NOTE.path}`);
    click(notice.querySelector<HTMLElement>('.notice-message') as HTMLElement);
    const root = await until(() => {
      const el = panel.app.workspace.getLeavesOfType('embedded-agent-chat')[0]?.view.containerEl;
      if (!el) throw new Error('the panel did not open');
      if (!el.isConnected) document.body.appendChild(el);
      return el;
    });
    const card = await until(() => getByRole(root, 'group', `${CLIENT} wants to create ${NOTE.path}`));
    click(getByRole(card, 'button', 'Reject'));
    const result = await writing;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Error DENIED: .*not approved/);
    expect(panel.app.vault.getAbstractFileByPath(NOTE.path)).toBeNull();
    expect(notices()).toHaveLength(0);
  });

  it('should say with a notice what waits when the panel is open in a collapsed sidebar, and reveal it from the notice', async () => {
    const { panel, url, token } = await serving();
    const client = await connect(url, token);
    panel.app.workspace.rightSplit.collapse();
    const writing = client.callTool('vault_createFile', NOTE);
    const card = await until(() => getByRole(panel.root, 'group', `${CLIENT} wants to create ${NOTE.path}`));
    const [notice] = await until(() => {
      const shown = notices();
      if (shown.length === 0) throw new Error('no notice yet');
      return shown;
    });
    click((notice as HTMLElement).querySelector<HTMLElement>('.notice-message') as HTMLElement);
    await until(() => expect(panel.app.workspace.rightSplit.collapsed).toBe(false));
    click(getByRole(card, 'button', 'Approve'));
    expect((await writing).isError).toBeFalsy();
    expect(notices()).toHaveLength(0);
  });

  it('should name a client as a connection that reports itself as a bounded name with its hidden characters shown, on the card, in the notice and in the live region', async () => {
    const { panel, url, token } = await serving();
    const impostor = await connect(url, token, {
      name: 'x',
      title: `Embedded Agent (your own agent)\u202E\u200B${'x'.repeat(3000)}`,
    });
    panel.app.workspace.rightSplit.collapse();
    const writing = impostor.callTool('vault_createFile', NOTE);
    const named = `An MCP client (reports itself as “Embedded Agent (your own agent)⟦U+202E⟧⟦U+200B⟧${'x'.repeat(13)}…”) wants to create ${NOTE.path}`;
    const card = await until(() => getByRole(panel.root, 'group', named));
    expect(card.querySelectorAll('.embedded-agent-card-title .embedded-agent-invisible')).toHaveLength(2);
    const [notice] = await until(() => {
      const shown = notices();
      if (shown.length === 0) throw new Error('no notice yet');
      return shown;
    });
    expect(notice?.textContent).toBe(`${named}. Click here to answer in the Embedded Agent panel; no answer means no.`);
    expect(panel.root.querySelector('.embedded-agent-announcer')?.textContent).toBe(
      `Approval needed: ${named}. Approve or reject it in the conversation.`,
    );
    panel.app.workspace.rightSplit.expand();
    click(getByRole(card, 'button', 'Reject'));
    expect((await writing).isError).toBe(true);

    const nameless = await connect(url, token, { name: '' });
    const second = nameless.callTool('vault_createFile', NOTE);
    click(
      getByRole(
        await until(() =>
          getByRole(panel.root, 'group', `An MCP client (reports no name) wants to create ${NOTE.path}`),
        ),
        'button',
        'Reject',
      ),
    );
    expect((await second).isError).toBe(true);
  });

  it('should say on the card and in the live region that a client which dropped its connection is gone, refuse its Approve, and write nothing', async () => {
    const { panel, url, token } = await serving();
    const client = await connect(url, token);
    const writing = client.callTool('vault_createFile', NOTE).catch((error: unknown) => error);
    const card = await until(() => getByRole(panel.root, 'group', `${CLIENT} wants to create ${NOTE.path}`));
    expect(announced(panel.root)).toBe(
      `Approval needed: ${CLIENT} wants to create ${NOTE.path}. Approve or reject it in the conversation.`,
    );
    // The client closes its connection without ending its session (a process that quits, an interrupted agent).
    await client.close();
    const gone = `Not approved: ${CLIENT} disconnected before anyone answered`;
    await until(() => expect(getByRole(card, 'status').textContent).toBe(gone));
    expect(() => click(getByRole(card, 'button', 'Approve'))).toThrow(
      'Cannot click the button "Approve": it is disabled',
    );
    expect(announced(panel.root)).toBe(`${gone} (Create ${NOTE.path}).`);
    await writing;
    await until(() => expect(panel.plugin.mcpServer.state()).toMatchObject({ clients: 0 }));
    expect(panel.app.vault.getAbstractFileByPath(NOTE.path)).toBeNull();
    const refused = (await auditLines(panel)).filter((line) => line.tool === 'vault.createFile');
    expect(refused.map((line) => [line.ok, JSON.stringify(line.error)])).toEqual([
      [false, expect.stringContaining(`${CLIENT} disconnected before anyone answered`)],
    ]);
  });

  it('should withdraw a card nobody answers in time, saying so on it and in the live region', async () => {
    const { panel, url, token } = await serving();
    panel.plugin.settings.approvalTimeoutMinutes = 0.005;
    const client = await connect(url, token);
    const result = await client.callTool('vault_createFile', NOTE);
    expect(textOf(result)).toContain('no answer within 300 ms');
    const card = getByRole(panel.root, 'group', `${CLIENT} wants to create ${NOTE.path}`);
    expect(getByRole(card, 'status').textContent).toBe('Not approved: no answer within 300 ms');
    expect(() => click(getByRole(card, 'button', 'Approve'))).toThrow('it is disabled');
    expect(announced(panel.root)).toBe(`Not approved: no answer within 300 ms (Create ${NOTE.path}).`);
  });

  it('should refuse a change nobody answers while the panel is closed, and take the notice away', async () => {
    const { panel, url, token } = await serving();
    // 60 ms: the setting's own floor is a minute; the pipeline's timeout is what is tested.
    panel.plugin.settings.approvalTimeoutMinutes = 0.001;
    const client = await connect(url, token);
    for (const leaf of panel.app.workspace.getLeavesOfType('embedded-agent-chat')) leaf.detach();
    const result = await client.callTool('vault_createFile', NOTE);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('no answer within 60 ms');
    expect(panel.app.vault.getAbstractFileByPath(NOTE.path)).toBeNull();
    expect(notices()).toHaveLength(0);
  });

  it('should refuse the old token after "New token", and stop listening when switched off', async () => {
    const { panel, token } = await serving();
    const fresh = await panel.plugin.mcpServer.newToken();
    expect(fresh).not.toBe(token);
    const restarted = panel.plugin.mcpServer.state();
    if (restarted.status !== 'listening') throw new Error('not listening after a new token');
    const next = new URL(restarted.url);
    await expect(connect(next, token)).rejects.toThrow(/401|Unauthorized/);
    await connect(next, fresh);

    panel.plugin.settings.mcpServer = false;
    await panel.plugin.saveSettings();
    expect(panel.plugin.mcpServer.state()).toEqual({ status: 'off' });
    await expect(connect(next, fresh)).rejects.toThrow(/fetch failed|ECONNREFUSED/);
  });

  it('should refuse a write waiting for approval when the server is switched off, and write nothing', async () => {
    const { panel, url, token } = await serving();
    const client = await connect(url, token);
    // The client is not told (its stream is cut; the SDK's client waits for its own timeout), so only the vault is asked.
    void client.callTool('vault_createFile', NOTE).catch(() => undefined);
    const card = await until(() => getByRole(panel.root, 'group', `${CLIENT} wants to create ${NOTE.path}`));
    panel.plugin.settings.mcpServer = false;
    await panel.plugin.saveSettings();
    expect(panel.plugin.mcpServer.state()).toEqual({ status: 'off' });
    await until(() => expect(getByRole<HTMLButtonElement>(card, 'button', 'Approve').disabled).toBe(true));
    expect(panel.app.vault.getAbstractFileByPath(NOTE.path)).toBeNull();
  });

  it('should say which port is taken when it cannot listen, and not start', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      panel = await openChatPanel({ model: new ScriptedModel([]) });
      Object.assign(panel.plugin.settings, { mcpServer: true, mcpPort: port });
      await panel.plugin.saveSettings();
      expect(panel.plugin.mcpServer.state()).toEqual({
        status: 'failed',
        message: `The MCP server could not listen on 127.0.0.1:${port}: another program uses that port; choose another port in the settings`,
      });
      expect(Array.from(document.querySelectorAll('.notice')).map((el) => el.textContent)).toContain(
        `Embedded Agent: The MCP server could not listen on 127.0.0.1:${port}: another program uses that port; choose another port in the settings`,
      );
      // Saving another setting does not try the taken port again (nor say so again); switching off and on does.
      const said = (): number =>
        Array.from(document.querySelectorAll('.notice')).filter((el) => el.textContent?.includes('could not listen'))
          .length;
      panel.plugin.settings.temperature = 0.5;
      await panel.plugin.saveSettings();
      expect(said()).toBe(1);
      panel.plugin.settings.mcpServer = false;
      await panel.plugin.saveSettings();
      expect(panel.plugin.mcpServer.state()).toEqual({ status: 'off' });
      panel.plugin.settings.mcpServer = true;
      await panel.plugin.saveSettings();
      expect(said()).toBe(2);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});
