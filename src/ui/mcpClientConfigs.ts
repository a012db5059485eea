/** One ready-made configuration of a client for the MCP server inside Obsidian, as the settings offer it to copy. */
export interface McpClientConfig {
  /** The client, and where the text goes: the field's accessible name. */
  label: string;
  value: string;
}

const NAME = 'embedded-agent';

/**
 * How long a client may wait for one tool call, in seconds: the approval timeout and a minute, since a write waits
 * for its card in the chat panel. Codex gives up after 60 s and Gemini CLI after 10 minutes unless told otherwise.
 */
export function toolTimeoutSeconds(approvalTimeoutMinutes: number): number {
  return Math.round(approvalTimeoutMinutes * 60) + 60;
}

/**
 * Each client's own way to reach the server at `url` with `token`, checked against the clients themselves
 * (docs/guide/mcp-clients.md holds the same lines): Claude Code adds a server to the folder it runs in unless told
 * `--scope user`; Codex needs a tool timeout above its 60 s and an approval mode that lets the call through, or it
 * refuses writes itself; VS Code reads `servers`; Gemini CLI takes Streamable HTTP as `httpUrl` (its `url` means the
 * older SSE transport).
 */
export function mcpClientConfigs(url: string, token: string, approvalTimeoutMinutes: number): McpClientConfig[] {
  const authorization = `Bearer ${token}`;
  const seconds = toolTimeoutSeconds(approvalTimeoutMinutes);
  return [
    {
      label: 'Claude Code',
      value: `claude mcp add --scope user --transport http ${NAME} ${url} --header "Authorization: ${authorization}"`,
    },
    {
      label: 'Codex (~/.codex/config.toml)',
      value: [
        `[mcp_servers.${NAME}]`,
        `url = "${url}"`,
        `http_headers = { Authorization = "${authorization}" }`,
        `tool_timeout_sec = ${seconds}`,
        'default_tools_approval_mode = "approve"',
      ].join('\n'),
    },
    {
      label: 'Gemini CLI (~/.gemini/settings.json)',
      value: JSON.stringify({
        mcpServers: { [NAME]: { httpUrl: url, headers: { Authorization: authorization }, timeout: seconds * 1000 } },
      }),
    },
    {
      label: 'VS Code (mcp.json)',
      value: JSON.stringify({ servers: { [NAME]: { type: 'http', url, headers: { Authorization: authorization } } } }),
    },
    {
      label: 'JSON configuration',
      value: JSON.stringify({
        mcpServers: { [NAME]: { type: 'http', url, headers: { Authorization: authorization } } },
      }),
    },
  ];
}
