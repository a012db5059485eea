import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/settings/settings';
import { mcpClientConfigs, toolTimeoutSeconds } from '../../src/ui/mcpClientConfigs';

/** The README as a reader copies from it: without the indentation of code blocks inside a list. */
const readme = readFileSync('README.md', 'utf8')
  .split('\n')
  .map((line) => line.trimStart())
  .join('\n');

describe('the ready-made client configurations', () => {
  const url = `http://127.0.0.1:${DEFAULT_SETTINGS.mcpPort}/mcp`;

  it('should be in the README word for word, with the default port and approval timeout and <token>', () => {
    for (const config of mcpClientConfigs(url, '<token>', DEFAULT_SETTINGS.approvalTimeoutMinutes))
      expect(readme, config.label).toContain(config.value);
  });

  it('should give Codex and Gemini CLI a tool timeout past the approval timeout, which their own defaults (60 s, 10 minutes) are not', () => {
    const configs = mcpClientConfigs(url, 't', 30);
    expect(toolTimeoutSeconds(30)).toBe(1860);
    expect(configs.find((config) => config.label.startsWith('Codex'))?.value).toContain('tool_timeout_sec = 1860\n');
    expect(JSON.parse(configs.find((config) => config.label.startsWith('Gemini CLI'))?.value ?? '{}')).toMatchObject({
      mcpServers: { 'embedded-agent': { timeout: 1_860_000 } },
    });
  });

  it("should keep the README's terminal server lines in step: Claude Code added for the user, Codex with its timeout and approval mode", () => {
    expect(readme).toContain(
      'claude mcp add --scope user embedded-agent -- node /path/to/embedded-agent/scripts/start-cli.mjs mcp',
    );
    expect(readme).toContain(
      `args = ["/path/to/embedded-agent/scripts/start-cli.mjs", "mcp", "--vault", "/path/to/vault", "--mode", "agent"]\ntool_timeout_sec = ${toolTimeoutSeconds(DEFAULT_SETTINGS.approvalTimeoutMinutes)}\ndefault_tools_approval_mode = "approve"\n`,
    );
    expect(readme).toContain(`"timeout": ${toolTimeoutSeconds(DEFAULT_SETTINGS.approvalTimeoutMinutes) * 1000} }`);
  });
});
