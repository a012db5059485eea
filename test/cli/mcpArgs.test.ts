import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isMcpCommand, parseMcpArgs } from '../../src/cli/args';
import { runCli } from '../../src/cli/runCli';
import { capturedOutput } from './harness';

describe('parseMcpArgs', () => {
  it('should take mcp only as the first word', () => {
    expect(isMcpCommand(['mcp', '--vault', 'v'])).toBe(true);
    expect(isMcpCommand(['--vault', 'mcp'])).toBe(false);
  });

  it('should ask for approval through the client, in the default mode, with every switch off by default', () => {
    expect(parseMcpArgs(['--vault', 'v'])).toEqual({
      help: false,
      mcp: { vault: 'v', approval: 'ask', allowDeletes: false, allowCommands: false },
    });
  });

  it('should read the mode, approval, switches, checkpoint folder and timeout', () => {
    expect(
      parseMcpArgs([
        '--vault=v',
        '--mode',
        'agent',
        '--approval',
        'client',
        '--allow-deletes',
        '--allow-commands',
        '--checkpoints',
        'c',
        '--approval-timeout',
        '2.5',
      ]),
    ).toEqual({
      help: false,
      mcp: {
        vault: 'v',
        mode: 'agent',
        approval: 'client',
        allowDeletes: true,
        allowCommands: true,
        checkpoints: 'c',
        approvalTimeoutMinutes: 2.5,
      },
    });
  });

  it('should take review, which leaves writes to be reviewed afterwards', () => {
    expect(parseMcpArgs(['--vault', 'v', '--approval', 'review'])).toMatchObject({ mcp: { approval: 'review' } });
  });

  it('should name what is wrong with an option', () => {
    expect(() => parseMcpArgs(['--vault', 'v', '--approval', 'always'])).toThrow(
      'mcp: --approval must be one of ask, review, client, writes-refused, got "always". Run with --help to see every option',
    );
    expect(() => parseMcpArgs([])).toThrow(
      'mcp: --vault is required: the folder of the vault to serve, e.g. mcp --vault examples/vault. Run with --help to see every option',
    );
    expect(() => parseMcpArgs(['--vault', 'v', '--model', 'x'])).toThrow(
      'Unknown option --model. Run with --help to see every option',
    );
    expect(() => parseMcpArgs(['--vault', 'v', '--approval-timeout', '0'])).toThrow(
      'mcp: --approval-timeout must be a number of minutes above 0, got "0"',
    );
  });
});

describe('runCli mcp', () => {
  const run = async (argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
    const stdout = capturedOutput();
    const stderr = capturedOutput();
    const code = await runCli({
      argv,
      env: {},
      stdin: new PassThrough(),
      stdout: stdout.stream,
      stderr: stderr.stream,
      watch: false,
    });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  };

  it('should print its help to stderr, keeping stdout for JSON-RPC', async () => {
    const { code, stdout, stderr } = await run(['mcp', '--help']);
    expect([code, stdout]).toEqual([0, '']);
    expect(stderr).toContain('Usage: npm start -- mcp --vault <folder> [options]');
  });

  it('should refuse a vault that does not exist, on stderr, with exit code 2 and no provider asked for', async () => {
    const { code, stdout, stderr } = await run(['mcp', '--vault', 'no/such/folder']);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toMatch(/^mcp: --vault "no\/such\/folder" does not exist/);
  });
});
