import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/settings/settings';
import { mcpClientConfigs, toolTimeoutSeconds } from '../../src/ui/mcpClientConfigs';

/** The MCP clients page as a reader copies from it: without the indentation of code blocks inside a list. */
const guide = readFileSync('docs/guide/mcp-clients.md', 'utf8')
  .split('\n')
  .map((line) => line.trimStart())
  .join('\n');

/** README's client table: one row a client, by the client's name in its first cell. */
const readmeRows = new Map(
  readFileSync('README.md', 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .map((line) => [line.split('|')[1]?.trim() ?? '', line] as const),
);

describe('the ready-made client configurations', () => {
  const url = `http://127.0.0.1:${DEFAULT_SETTINGS.mcpPort}/mcp`;

  it('should be in docs/guide/mcp-clients.md word for word, with the default port and approval timeout and <token>', () => {
    for (const config of mcpClientConfigs(url, '<token>', DEFAULT_SETTINGS.approvalTimeoutMinutes))
      expect(guide, config.label).toContain(config.value);
  });

  it("should each have a row in README's client table, naming where its configuration goes", () => {
    const rowNames: Record<string, string> = { 'JSON configuration': 'Cursor and others' };
    for (const { label, value } of mcpClientConfigs(url, '<token>', DEFAULT_SETTINGS.approvalTimeoutMinutes)) {
      const [, client = label, file] = /^(.+?)(?: \((.+)\))?$/.exec(label) ?? [];
      const row = readmeRows.get(rowNames[client] ?? client);
      expect(row, label).toBeDefined();
      if (file) expect(row, label).toContain(`\`${file}\``);
      if (client === 'Claude Code') expect(row).toContain(`\`${value.slice(0, value.indexOf(' embedded-agent'))} …\``);
      if (client === 'JSON configuration') expect(row).toContain('`mcpServers`');
    }
  });

  it('should give Codex and Gemini CLI a tool timeout past the approval timeout, which their own defaults (60 s, 10 minutes) are not', () => {
    const configs = mcpClientConfigs(url, 't', 30);
    expect(toolTimeoutSeconds(30)).toBe(1860);
    expect(configs.find((config) => config.label.startsWith('Codex'))?.value).toContain('tool_timeout_sec = 1860\n');
    expect(JSON.parse(configs.find((config) => config.label.startsWith('Gemini CLI'))?.value ?? '{}')).toMatchObject({
      mcpServers: { 'embedded-agent': { timeout: 1_860_000 } },
    });
  });

  it("should keep the guide's terminal server lines in step: Claude Code added for the user, Codex with its timeout and approval mode", () => {
    expect(guide).toContain(
      'claude mcp add --scope user embedded-agent -- node /path/to/embedded-agent/scripts/start-cli.mjs mcp',
    );
    expect(guide).toContain(
      `args = ["/path/to/embedded-agent/scripts/start-cli.mjs", "mcp", "--vault", "/path/to/vault", "--mode", "agent"]\ntool_timeout_sec = ${toolTimeoutSeconds(DEFAULT_SETTINGS.approvalTimeoutMinutes)}\ndefault_tools_approval_mode = "approve"\n`,
    );
    expect(guide).toContain(`"timeout": ${toolTimeoutSeconds(DEFAULT_SETTINGS.approvalTimeoutMinutes) * 1000} }`);
  });
});
