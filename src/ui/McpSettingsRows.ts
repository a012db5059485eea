import type { Setting } from 'obsidian';
import { mcpClientConfigs } from './mcpClientConfigs';

export type McpServerState =
  { status: 'off' } | { status: 'listening'; url: string; clients: number } | { status: 'failed'; message: string };

/** The MCP server as the settings tab sees it (the plugin's McpServerHost). */
export interface McpServerControls {
  state(): McpServerState;
  hasToken(): boolean;
  /** Replaces the token; a running server restarts with it. */
  newToken(): Promise<string>;
  /** A token made since the settings last showed one (switching the server on made it), once. */
  takeUnseenToken(): string | null;
  onChange(listener: () => void): () => void;
}

export const MCP_STATUS_ROW = 'Server status';
const STATUS_REFRESH_MS = 2000;
export const MCP_TOKEN_ROW = 'Access token';

/** The status line: off, where it listens and how many clients are connected, or why it could not start. Returns how to stop following it. */
export function renderMcpStatus(setting: Setting, mcp: McpServerControls): () => void {
  const status = setting.infoEl.createDiv({ cls: 'embedded-agent-setting-status', attr: { role: 'status' } });
  const draw = (): void => {
    const state = mcp.state();
    status.toggleClass('is-error', state.status === 'failed');
    status.setText(statusText(state));
  };
  draw();
  const stop = mcp.onChange(draw);
  // Clients come and go without a change of settings: the count is read again while the tab is open.
  const timer = window.setInterval(draw, STATUS_REFRESH_MS);
  return () => {
    stop();
    window.clearInterval(timer);
  };
}

/**
 * The token row: "New token", and right after a token is made, the token and a ready-made configuration for each
 * client (`mcpClientConfigs`), each with a copy button. It is not shown again later; a lost token is replaced, not
 * recovered. Returns how to stop following the server.
 */
export function renderMcpToken(
  setting: Setting,
  mcp: McpServerControls,
  url: () => string,
  approvalTimeoutMinutes: () => number,
): () => void {
  const note = setting.infoEl.createDiv({ cls: 'embedded-agent-setting-status', attr: { role: 'status' } });
  const shown = setting.infoEl.createDiv({ cls: 'embedded-agent-mcp-token' });
  const show = (token: string): void => {
    shown.empty();
    note.setText('Copy it now: it is not shown again.');
    copyRow(shown, 'Token', token);
    for (const config of mcpClientConfigs(url(), token, approvalTimeoutMinutes()))
      copyRow(shown, config.label, config.value);
  };
  note.setText(mcp.hasToken() ? 'A token is set.' : 'No token yet: one is made when the server is switched on.');
  setting.addButton((button) =>
    button.setButtonText('New token').onClick(async () => {
      button.setDisabled(true);
      try {
        show(await mcp.newToken());
      } finally {
        button.setDisabled(false);
      }
    }),
  );
  const unseen = mcp.takeUnseenToken();
  if (unseen !== null) show(unseen);
  // Switching the server on with no token makes one: show it here, where the switch was.
  return mcp.onChange(() => {
    const made = mcp.takeUnseenToken();
    if (made !== null) show(made);
  });
}

function statusText(state: McpServerState): string {
  switch (state.status) {
    case 'off':
      return 'Off.';
    case 'listening':
      return `Listening at ${state.url}; ${state.clients === 1 ? '1 client' : `${state.clients} clients`} connected.`;
    case 'failed':
      return state.message;
  }
}

/** A labelled read-only field with its own copy button; several lines (a TOML table) get a text area. */
function copyRow(parent: HTMLElement, label: string, value: string): void {
  const row = parent.createDiv({ cls: 'embedded-agent-copy-row' });
  const lines = value.split('\n').length;
  const field =
    lines > 1
      ? row.createEl('textarea', { text: value, attr: { readonly: 'true', rows: String(lines), 'aria-label': label } })
      : row.createEl('input', { type: 'text', value, attr: { readonly: 'true', 'aria-label': label } });
  field.addClass('embedded-agent-copy-field');
  const button = row.createEl('button', { text: 'Copy', attr: { 'aria-label': `Copy: ${label}` } });
  button.addEventListener('click', () => {
    void navigator.clipboard.writeText(value).then(
      () => button.setText('Copied'),
      () => button.setText('Copy failed: select the text and copy it'),
    );
  });
}
