import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { exampleVaultCopy, removeTemporaryFolders } from '../cli/harness';

const run = promisify(execFile);
/** The MCP Inspector's command-line mode, from the npm registry through npx (nothing is added to the project). */
const INSPECTOR = '@modelcontextprotocol/inspector@0.21.2';

/** Null when npx could install and start the Inspector's package, else why not. */
async function inspectorMissing(): Promise<string | null> {
  try {
    await run('npx', ['--yes', '--package', INSPECTOR, 'node', '-e', 'process.exit(0)'], { timeout: 240_000 });
    return null;
  } catch (error) {
    return error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
  }
}

async function inspect(vault: string, checkpoints: string, method: string[]): Promise<unknown> {
  const { stdout } = await run(
    'npx',
    [
      '--yes',
      INSPECTOR,
      '--cli',
      process.execPath,
      'scripts/start-cli.mjs',
      'mcp',
      '--vault',
      vault,
      '--checkpoints',
      checkpoints,
      ...method,
    ],
    { timeout: 60_000 },
  );
  return JSON.parse(stdout);
}

describe('the MCP Inspector (--cli) against npm start -- mcp', () => {
  it('should list the tools and call a read-only one', async (context) => {
    const missing = await inspectorMissing();
    if (missing !== null)
      context.skip(`${INSPECTOR} could not be installed through npx, so the Inspector was not run: ${missing}`);
    const { vault, checkpoints } = await exampleVaultCopy();
    try {
      const listed = (await inspect(vault, checkpoints, ['--method', 'tools/list'])) as { tools: { name: string }[] };
      expect(listed.tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['vault_readFile', 'vault_searchText', 'vault_listFiles']),
      );
      const read = (await inspect(vault, checkpoints, [
        '--method',
        'tools/call',
        '--tool-name',
        'vault_readFile',
        '--tool-arg',
        'path=Inbox.md',
      ])) as { content: { text: string }[]; isError?: boolean };
      expect(read.isError ?? false).toBe(false);
      expect(read.content[0]?.text).toContain('Things I jotted down this week.');
    } finally {
      await removeTemporaryFolders();
    }
  }, 300_000);
});
