import { describeError } from '../core/errors';
import { serveStdio } from '../mcp/serveStdio';
import { ownerAlive } from '../node/processOwner';
import { SystemClock } from '../node/SystemClock';
import { approvalTimeoutMs, DEFAULT_SETTINGS } from '../settings/settings';
import type { McpArgs } from './args';
import { createCliRuntime, type CliRuntime } from './cliServices';
import { interruptedRunLines } from './interruptedRuns';
import type { CliIo } from './cliIo';
import { terminalOutput } from './terminalText';

const APPROVALS: Record<McpArgs['approval'], string> = {
  ask: 'each write asked for through the client (MCP elicitation)',
  review: 'writes run unasked and wait to be reviewed (/changes in the terminal runner); commands asked for',
  client: "writes approved by the client's own permission prompt (checkpointed and audited here)",
  'writes-refused': 'reads only',
};

/**
 * `npm start -- mcp --vault <folder>`: the vault as an MCP server on stdin/stdout, over the terminal runner's own
 * composition (services, modes, checkpoints outside the vault). stdout carries JSON-RPC only: every line for a
 * person goes to stderr. Returns 0 once the client has gone, 2 when the server cannot start.
 */
export async function mcpCommand(args: McpArgs, io: CliIo, fail: (message: string) => number): Promise<number> {
  const log = (line: string): void => void io.stderr.write(terminalOutput(`${line}\n`));
  const clock = io.clock ?? new SystemClock();
  const timeoutMs =
    args.approvalTimeoutMinutes === undefined
      ? approvalTimeoutMs(DEFAULT_SETTINGS)
      : Math.round(args.approvalTimeoutMinutes * 60_000);
  let runtime: CliRuntime;
  try {
    runtime = await createCliRuntime({
      // The pipeline's policy is the plugin's default (writes and commands are asked for); who answers is the
      // --approval mode's.
      args: {
        vault: args.vault,
        allowDeletes: args.allowDeletes,
        allowCommands: args.allowCommands,
        ...(args.mode ? { mode: args.mode } : {}),
        ...(args.checkpoints ? { checkpoints: args.checkpoints } : {}),
      },
      clock,
      modesFile: io.modesFile,
      http: io.http,
      watch: io.watch ?? true,
      knownSecrets: [],
      approvalTimeoutMs: timeoutMs,
      onError: (error) => log(describeError(error)),
      serving: true,
    });
  } catch (error) {
    return fail(`mcp: ${describeError(error)}`);
  }
  try {
    const mode = runtime.modes.getActiveMode();
    log(
      `Embedded Agent MCP server on stdio: vault ${args.vault}; mode ${mode.name} (${mode.slug}); ${APPROVALS[args.approval]}${args.allowDeletes ? '; deletes allowed' : ''}${args.allowCommands ? '; commands allowed' : ''}; checkpoints ${runtime.checkpointFolder}.`,
    );
    for (const problem of runtime.modeProblems) log(problem);
    const services = runtime.services;
    // Read from the audit while the client's first requests are answered: nothing slow goes in front of them.
    // Writes wait for it, as it rewrites the file their started lines go to.
    const interrupted = services.markInterruptedRuns(ownerAlive).then(
      (runs) => interruptedRunLines(runs).forEach((line) => log(`! ${line}`)),
      () => undefined,
    );
    await serveStdio({
      writesAfter: interrupted,
      drivers: await runtime.outsideDrivers(),
      settings: runtime.settings,
      approval: args.approval,
      now: () => clock.now(),
      input: io.stdin,
      output: io.stdout,
      log,
    });
    return 0;
  } finally {
    runtime.close();
  }
}
