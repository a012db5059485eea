import { describeError } from '../core/errors';
import type { LlmPort } from '../core/ports/llm';
import { ownerAlive } from '../node/processOwner';
import { SystemClock } from '../node/SystemClock';
import { DEFAULT_SETTINGS } from '../settings/settings';
import { createStyle } from './ansi';
import type { CliIo } from './cliIo';
import { isMcpCommand, parseArgs, parseMcpArgs, type CliArgs } from './args';
import { ChatSession } from './ChatSession';
import { describeLimits } from './budgetSettings';
import { createCliRuntime, type CliRuntime } from './cliServices';
import { FetchHttp } from './fetchHttp';
import { interruptedRunLines } from './interruptedRuns';
import { listModelsCommand } from './listModelsCommand';
import { LineInput } from './LineInput';
import { mcpCommand } from './mcpCommand';
import { authHint, describeProvider, resolveProvider, type ProviderChoice } from './providerConfig';
import { TerminalApproval } from './TerminalApproval';
import { terminalOutput } from './terminalText';
import { MCP_USAGE, noProviderHelp, USAGE } from './usage';

export type { CliIo };

/** Exit code for a command line or configuration the runner cannot start with. */
export const EXIT_USAGE = 2;

/**
 * The terminal runner from command line to exit code: options, provider, services over the vault folder, then
 * the chat until /quit. Returns 0 after a normal end, 2 when it cannot start (with what to do), 130 after Ctrl-C.
 */
export async function runCli(io: CliIo): Promise<number> {
  const fail = (message: string): number => {
    io.stderr.write(terminalOutput(message.endsWith('\n') ? message : `${message}\n`));
    return EXIT_USAGE;
  };
  if (isMcpCommand(io.argv)) {
    try {
      const parsed = parseMcpArgs(io.argv.slice(1));
      // Help goes to stderr too: a client reading stdout expects JSON-RPC only.
      if (parsed.help) {
        io.stderr.write(MCP_USAGE);
        return 0;
      }
      return await mcpCommand(parsed.mcp, io, fail);
    } catch (error) {
      return fail(describeError(error));
    }
  }
  let args: CliArgs;
  let choice: ProviderChoice | null;
  try {
    const parsed = parseArgs(io.argv);
    if (parsed.help) {
      io.stdout.write(USAGE);
      return 0;
    }
    if (parsed.listModels)
      return await listModelsCommand(parsed.listModels, io.env, io.http ?? new FetchHttp(), io.stdout, fail);
    args = parsed.args;
    choice = resolveProvider(args, io.env);
  } catch (error) {
    return fail(describeError(error));
  }
  if (choice === null) return fail(noProviderHelp(args.vault));

  const clock = io.clock ?? new SystemClock();
  const style = createStyle(io.color ?? (io.stdout.isTTY === true && io.env.NO_COLOR === undefined));
  // Every line the runner prints passes here: only its own color codes reach the terminal as codes.
  const write = (text: string): void => void io.stdout.write(terminalOutput(text));
  let llm: LlmPort;
  try {
    // The providers' SDKs load only here: `mcp` (which a client spawns at each session start) never evaluates them.
    const createLlm = io.createLlm ?? (await import('../providers/createProvider')).createProvider;
    llm = createLlm({
      provider: choice.provider,
      model: choice.model,
      baseUrl: choice.baseUrl,
      apiKey: choice.apiKey,
      streaming: args.streaming,
      maxRetries: DEFAULT_SETTINGS.maxRetries,
      toolCallFormat: args.toolCallFormat ?? DEFAULT_SETTINGS.toolCallFormat,
      clock,
      // Only retries are worth a line: the person sees why the answer is slow to come.
      log: (message) => {
        if (/; retry \d+ of \d+ in \d+ ms$/.test(message)) write(style.dim(`(${message})\n`));
      },
    });
  } catch (error) {
    return fail(
      `${describeError(error)}\n(In the terminal runner: --provider, --model and --base-url, or the environment variables in --help.)`,
    );
  }

  const terminal = io.stdin.isTTY === true && io.stdout.isTTY === true;
  const input = new LineInput(io.stdin, io.stdout, terminal);
  const approval = new TerminalApproval(input, write, style);
  let runtime: CliRuntime;
  try {
    runtime = await createCliRuntime({
      args,
      approval,
      clock,
      modesFile: io.modesFile,
      http: io.http,
      watch: io.watch ?? true,
      knownSecrets: choice.apiKey ? [choice.apiKey] : [],
      onError: (error) => void io.stderr.write(terminalOutput(`${describeError(error)}\n`)),
    });
  } catch (error) {
    input.close();
    return fail(describeError(error));
  }

  try {
    write(banner(args, choice, runtime, style.bold));
    for (const problem of [...runtime.modeProblems, ...runtime.budgetProblems]) write(style.yellow(`${problem}\n`));
    const interrupted = await runtime.services.markInterruptedRuns(ownerAlive).catch((error: unknown) => {
      write(style.yellow(`Could not check the audit log for interrupted runs: ${describeError(error)}\n`));
      return [];
    });
    for (const line of interruptedRunLines(interrupted)) write(style.yellow(`! ${line}\n`));
    const chat = new ChatSession({
      runtime,
      llm,
      input,
      write,
      style,
      clock,
      authHint: authHint(choice),
      ...(args.resume !== undefined ? { resume: args.resume } : {}),
    });
    io.onInterruptHandler?.(() => input.interrupt());
    return await chat.run();
  } finally {
    input.close();
    runtime.close();
  }
}

function banner(args: CliArgs, choice: ProviderChoice, runtime: CliRuntime, bold: (text: string) => string): string {
  const mode = runtime.modes.getActiveMode();
  const limits = describeLimits(runtime.budget);
  return [
    bold('Embedded Agent'),
    `Vault:       ${args.vault}`,
    `Model:       ${describeProvider(choice)}${args.streaming ? '' : ', without streaming'}`,
    `Mode:        ${mode.name} (${mode.slug}); approval: ${args.approval === 'always' ? 'every call' : 'writes and commands'}${args.allowDeletes ? '; deletes allowed' : ''}${args.allowCommands ? '; commands allowed' : ''}`,
    `Checkpoints: ${runtime.checkpointFolder}`,
    ...(limits ? [`Budget:      ${limits}`] : []),
    'Type a message, or /help for commands.',
    '',
  ].join('\n');
}
