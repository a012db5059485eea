// @vitest-environment happy-dom
import type { App } from 'obsidian';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ObsidianSecrets } from '../../src/obsidian/ObsidianSecrets';
import { MCP_TOKEN_SECRET, McpServerHost, type RunningMcpServer } from '../../src/plugin/McpServerHost';
import { EmbeddedAgentSettingTab } from '../../src/ui/SettingsTab';
import { createTestApp, manifest } from '../obsidian-double/harness';
import { click, getByLabel, getByRole } from './support/a11y';
import { patchObsidianLikeControls } from './support/obsidianLikeControls';
import { renderSettingTab, SettingsTestPlugin } from './support/settingTab';

patchObsidianLikeControls();

/** The settings' plugin with the real server host over a stand-in for the lazily loaded HTTP server. */
class McpTestPlugin extends SettingsTestPlugin {
  readonly started: { port: number; token: string }[] = [];
  readonly host: McpServerHost;
  constructor(app: App) {
    super(app, manifest('embedded-agent', 'Embedded Agent'));
    this.host = new McpServerHost({
      settings: () => this.settings,
      secrets: new ObsidianSecrets(app.secretStorage),
      start: (listen) => {
        this.started.push(listen);
        const server: RunningMcpServer = {
          address: { port: listen.port },
          sessions: () => 2,
          endRun: () => Promise.resolve(false),
          close: () => Promise.resolve(),
        };
        return Promise.resolve(server);
      },
      notify: () => undefined,
    });
  }
  override async saveSettings(): Promise<void> {
    await super.saveSettings();
    await this.host.sync();
  }
}

let app: App;
let plugin: McpTestPlugin;
let copied: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;
beforeEach(() => {
  app = createTestApp();
  plugin = new McpTestPlugin(app);
  copied = vi.fn(() => Promise.resolve());
  vi.stubGlobal('navigator', { clipboard: { writeText: copied } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.empty();
});

const openTab = (declarative: boolean): HTMLElement =>
  renderSettingTab(
    new EmbeddedAgentSettingTab(app, plugin, () => Promise.resolve('ok'), undefined, plugin.host),
    declarative,
  );
const statusLine = (tab: HTMLElement): HTMLElement | null => {
  const row = Array.from(tab.querySelectorAll('.setting-item')).find((el) => el.textContent?.includes('Server status'));
  return row?.querySelector<HTMLElement>('[role="status"]') ?? null;
};
const statusOf = (tab: HTMLElement): string => statusLine(tab)?.textContent ?? '';

describe('the MCP server rows of the settings', () => {
  for (const declarative of [false, true]) {
    it(`should switch the server on, show where it listens, and show the token it made once, with copy buttons (${declarative ? 'getSettingDefinitions' : 'display'})`, async () => {
      const tab = openTab(declarative);
      expect(statusOf(tab)).toBe('Off.');
      expect(tab.textContent).toContain('No token yet: one is made when the server is switched on.');

      click(getByLabel(tab, 'Serve the vault to MCP clients'));
      await vi.waitFor(() =>
        expect(statusOf(tab)).toBe('Listening at http://127.0.0.1:27150/mcp; 2 clients connected.'),
      );
      const token = app.secretStorage.getSecret(MCP_TOKEN_SECRET) ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(getByRole<HTMLInputElement>(tab, 'textbox', 'Token').value).toBe(token);
      expect(getByRole<HTMLInputElement>(tab, 'textbox', 'Claude Code').value).toBe(
        `claude mcp add --scope user --transport http embedded-agent http://127.0.0.1:27150/mcp --header "Authorization: Bearer ${token}"`,
      );
      // Codex refuses a call that outlasts 60 s and a write its approval mode does not let through; the default approval waits 30 minutes.
      expect(getByRole<HTMLTextAreaElement>(tab, 'textbox', 'Codex (~/.codex/config.toml)').value).toBe(
        `[mcp_servers.embedded-agent]\nurl = "http://127.0.0.1:27150/mcp"\nhttp_headers = { Authorization = "Bearer ${token}" }\ntool_timeout_sec = 1860\ndefault_tools_approval_mode = "approve"`,
      );
      expect(
        JSON.parse(getByRole<HTMLInputElement>(tab, 'textbox', 'Gemini CLI (~/.gemini/settings.json)').value),
      ).toEqual({
        mcpServers: {
          'embedded-agent': {
            httpUrl: 'http://127.0.0.1:27150/mcp',
            headers: { Authorization: `Bearer ${token}` },
            timeout: 1_860_000,
          },
        },
      });
      expect(JSON.parse(getByRole<HTMLInputElement>(tab, 'textbox', 'VS Code (mcp.json)').value)).toEqual({
        servers: {
          'embedded-agent': {
            type: 'http',
            url: 'http://127.0.0.1:27150/mcp',
            headers: { Authorization: `Bearer ${token}` },
          },
        },
      });
      expect(JSON.parse(getByRole<HTMLInputElement>(tab, 'textbox', 'JSON configuration').value)).toEqual({
        mcpServers: {
          'embedded-agent': {
            type: 'http',
            url: 'http://127.0.0.1:27150/mcp',
            headers: { Authorization: `Bearer ${token}` },
          },
        },
      });
      click(getByRole(tab, 'button', 'Copy: Token'));
      await vi.waitFor(() => expect(copied).toHaveBeenCalledWith(token));
      expect(plugin.saved.join('')).not.toContain(token);

      // Shown once: the tab opened again says a token is set, and does not show it.
      document.body.empty();
      const again = openTab(declarative);
      expect(again.textContent).toContain('A token is set.');
      expect(again.querySelector('.embedded-agent-mcp-token input')).toBeNull();
    });
  }

  it('should follow the number of connected clients while the tab is open, and stop when it is hidden', async () => {
    vi.useFakeTimers();
    try {
      let clients = 0;
      const host = new McpServerHost({
        settings: () => ({ mcpServer: true, mcpPort: 27150 }),
        secrets: new ObsidianSecrets(app.secretStorage),
        start: () =>
          Promise.resolve({
            address: { port: 27150 },
            sessions: () => clients,
            endRun: () => Promise.resolve(false),
            close: () => Promise.resolve(),
          }),
        notify: () => undefined,
      });
      await host.sync();
      const tab = new EmbeddedAgentSettingTab(app, plugin, () => Promise.resolve('ok'), undefined, host);
      const root = renderSettingTab(tab, false);
      expect(statusOf(root)).toBe('Listening at http://127.0.0.1:27150/mcp; 0 clients connected.');
      clients = 1;
      await vi.advanceTimersByTimeAsync(2000);
      expect(statusOf(root)).toBe('Listening at http://127.0.0.1:27150/mcp; 1 client connected.');
      // Hidden, the tab's elements go; the status line they held is no longer drawn.
      const line = statusLine(root) as HTMLElement;
      tab.hide();
      clients = 3;
      await vi.advanceTimersByTimeAsync(4000);
      expect(line.textContent).not.toContain('3 clients');
    } finally {
      vi.useRealTimers();
    }
  });

  it('should replace the token with "New token", show the new one, and restart the server with it', async () => {
    plugin.settings.mcpServer = true;
    await plugin.host.sync();
    const first = plugin.host.takeUnseenToken();
    const tab = openTab(false);
    click(getByRole(tab, 'button', 'New token'));
    await vi.waitFor(() => expect(plugin.started).toHaveLength(2));
    const fresh = app.secretStorage.getSecret(MCP_TOKEN_SECRET);
    expect(fresh).not.toBe(first);
    expect(plugin.started[1]).toEqual({ port: 27150, token: fresh });
    expect(getByRole<HTMLInputElement>(tab, 'textbox', 'Token').value).toBe(fresh);
  });
});
