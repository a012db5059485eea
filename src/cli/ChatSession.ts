import { describeError } from '../core/errors';
import type { ClockPort } from '../core/ports/clock';
import type { LlmPort } from '../core/ports/llm';
import type { AgentSession } from '../core/session/AgentSession';
import { continueLabel, describeMessageSpend } from '../core/budget/spendText';
import type { SendOutcome, SessionEvents } from '../core/session/sessionEvents';
import type { Style } from './ansi';
import type { CliRuntime } from './cliServices';
import { keepChange, listChanges, undoChange } from './changesCommand';
import { listConversations, resumeConversation } from './historyCommand';
import type { LineInput } from './LineInput';
import { listRuns, revertLastRun, type CommandContext } from './revertCommand';
import { RunPrinter } from './RunPrinter';
import { terminalText } from './terminalText';
import { dryRunCommand, listActions, type PlanState, runActionCommand, runRestCommand } from './planCommands';
import { CHAT_HELP, COMMANDS } from './usage';

/** Exit code after Ctrl-C, as shells report a process ended by SIGINT. */
export const EXIT_INTERRUPTED = 130;

export interface ChatSessionOptions {
  runtime: CliRuntime;
  llm: LlmPort;
  input: LineInput;
  write: (text: string) => void;
  style: Style;
  clock: ClockPort;
  /** Said after a PROVIDER_AUTH error: where the terminal runner takes the key from. */
  authHint?: string;
  /** A saved conversation to continue (`--resume`). */
  resume?: string;
}

/**
 * The terminal's view of its AgentSession: read a line, run it as a command or send it as a message, and print
 * the session's events. The conversation carries over from run to run until `/new`, is saved like the panel's,
 * and `/history` or `--resume` bring one back. Ctrl-C during a run cancels it; a second one exits. At the
 * prompt, Ctrl-C twice or end of input leaves.
 */
export class ChatSession {
  private running: AbortController | null = null;
  private readonly session: AgentSession;
  private readonly commandContext: CommandContext;
  private readonly plans: PlanState = { rest: null };
  private exit: (code: number) => void = () => undefined;

  constructor(private readonly o: ChatSessionOptions) {
    this.session = o.runtime.session(o.llm);
    this.commandContext = { session: this.session, input: o.input, write: o.write, style: o.style };
  }

  /** Runs until /quit, end of input or a forced exit; resolves with the exit code. */
  async run(): Promise<number> {
    if (this.o.resume !== undefined && !(await resumeConversation(this.commandContext, this.o.resume))) return 2;
    const forced = new Promise<number>((resolve) => {
      this.exit = resolve;
    });
    this.o.input.onIdleInterrupt(() => this.interrupt());
    return Promise.race([this.loop(), forced]);
  }

  private async loop(): Promise<number> {
    let interrupted = false;
    for (;;) {
      const event = await this.o.input.read(`${terminalText(this.o.runtime.modes.getActiveMode().slug)}> `);
      if (event.kind === 'eof') {
        this.o.write('\n');
        return 0;
      }
      if (event.kind === 'interrupt') {
        if (interrupted) return EXIT_INTERRUPTED;
        interrupted = true;
        this.o.write('\n(Press Ctrl-C again or type /quit to leave.)\n');
        continue;
      }
      interrupted = false;
      const text = event.text.trim();
      if (text === '') continue;
      if (text.startsWith('/')) {
        const code = await this.command(text);
        if (code !== null) return code;
        continue;
      }
      await this.runAgent(text);
    }
  }

  /** Ctrl-C with no question open: cancel the run; if it is already cancelling, leave. */
  private interrupt(): void {
    const running = this.running;
    if (running && !running.signal.aborted) {
      running.abort();
      this.o.write(this.o.style.yellow('\nCancelling the run… (Ctrl-C again to exit)\n'));
      return;
    }
    this.o.write('\n');
    this.exit(EXIT_INTERRUPTED);
  }

  private runAgent(message: string): Promise<void> {
    return this.drive((events, signal) => this.session.send(message, events, signal));
  }

  /** `/continue`: the run that stopped at the budget goes on from where it stopped, with what the stop offered. */
  private async continueRun(): Promise<void> {
    const stopped = this.session.stoppedRun;
    if (!stopped) {
      this.o.write('Nothing to continue: the last run did not stop at a budget limit.\n');
      return;
    }
    this.o.write(this.o.style.dim(`${continueLabel(stopped.stop)}…\n`));
    await this.drive((events, signal) => this.session.continueRun(events, signal));
  }

  private async drive(start: (events: SessionEvents, signal: AbortSignal) => Promise<SendOutcome>): Promise<void> {
    const controller = new AbortController();
    this.running = controller;
    const printer = new RunPrinter(this.o.write, this.o.style);
    const started = this.o.clock.now();
    let outcome: SendOutcome;
    try {
      outcome = await start(printer.callbacks(), controller.signal);
    } finally {
      this.running = null;
    }
    const seconds = (this.o.clock.now() - started) / 1000;
    if (outcome.via === 'not-started') {
      printer.line(this.o.style.red(outcome.message));
      return;
    }
    if (outcome.via === 'fast-path') this.printFastPath(printer, outcome, seconds);
    else printer.finish(outcome.result, seconds, outcome.spend);
    if (outcome.saveError !== null)
      printer.line(this.o.style.yellow(`The conversation could not be saved: ${outcome.saveError}`));
    if (outcome.via === 'fast-path') return;
    if (outcome.result.error?.code === 'PROVIDER_AUTH' && this.o.authHint)
      printer.line(this.o.style.yellow(this.o.authHint));
  }

  /** A request the fast path answered: the plan's summary, then the same footer a loop run gets. */
  private printFastPath(
    printer: RunPrinter,
    { outcome, spend }: Extract<SendOutcome, { via: 'fast-path' }>,
    seconds: number,
  ): void {
    if (outcome.status === 'rejected') {
      printer.line(this.o.style.yellow(`Not run: ${outcome.reason}`));
      return;
    }
    for (const line of outcome.result.summary) printer.line(this.o.style.dim(line));
    printer.line(
      this.o.style.dim(
        `Fast path (a recipe that worked ${outcome.recipe.successes} times) · ${outcome.llmCalls} model calls · ${seconds.toFixed(1)} s`,
      ),
    );
    printer.line(this.o.style.dim(describeMessageSpend(spend.message, spend.conversation)));
  }

  private async command(line: string): Promise<number | null> {
    const [name = '', ...rest] = line.split(/\s+/);
    const argument = rest.join(' ');
    try {
      switch (name) {
        case '/quit':
        case '/exit':
          return 0;
        case '/help':
          this.o.write(`${CHAT_HELP}\n`);
          break;
        case '/new':
          this.session.newConversation();
          this.o.write('New conversation: the agent no longer sees the earlier messages.\n');
          break;
        case '/history':
          await listConversations(this.commandContext);
          break;
        case '/resume':
          await resumeConversation(this.commandContext, argument);
          break;
        case '/mode':
          this.mode(argument);
          break;
        case '/revert':
          await revertLastRun(this.commandContext);
          break;
        case '/runs':
          await listRuns(this.commandContext);
          break;
        case '/changes':
          await listChanges(this.commandContext, argument);
          break;
        case '/keep':
          await keepChange(this.commandContext, argument);
          break;
        case '/undo':
        case '/redo':
          await undoChange(this.commandContext, argument, name === '/redo');
          break;
        case '/dry-run':
          await this.cancellable((signal) => dryRunCommand(this.commandContext, this.plans, argument, signal));
          break;
        case '/actions':
          await listActions(this.commandContext);
          break;
        case '/run': {
          const prompt = await this.cancellable((signal) =>
            runActionCommand(this.commandContext, this.plans, argument, signal),
          );
          // A prompt action is a typed message in every respect: the mode, the approvals, the conversation.
          if (prompt) await this.runAgent(prompt.send);
          break;
        }
        case '/continue':
          await this.continueRun();
          break;
        case '/rest':
          await this.cancellable((signal) => runRestCommand(this.commandContext, this.plans, signal));
          break;
        default:
          this.o.write(`Unknown command ${name}. Commands: ${COMMANDS}\n`);
      }
    } catch (error) {
      this.o.write(this.o.style.red(`${name} failed: ${describeError(error)}\n`));
    }
    return null;
  }

  /** Runs a plan command so that Ctrl-C cancels it, as it cancels an agent run. */
  private async cancellable<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    this.running = controller;
    try {
      return await run(controller.signal);
    } finally {
      this.running = null;
    }
  }

  private mode(slug: string): void {
    const { modes } = this.o.runtime;
    if (slug === '') {
      const active = modes.getActiveMode().slug;
      const lines = modes
        .listModes()
        .map(
          (mode) =>
            `${mode.slug === active ? '*' : ' '} ${mode.slug.padEnd(12)} ${mode.name}: ${mode.whenToUse ?? mode.roleDefinition}`,
        );
      this.o.write(`Modes (* is active; switch with /mode <slug>):\n${lines.join('\n')}\n`);
      return;
    }
    const mode = modes.setActiveMode(slug);
    this.o.write(`Mode: ${mode.name} (${modes.toolNames(mode).length} tools).\n`);
  }
}
