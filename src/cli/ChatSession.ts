import { randomBytes } from 'node:crypto';
import { AgentTask } from '../core/agent/AgentTask';
import type { AgentResult, AgentTaskOptions } from '../core/agent/types';
import { describeError } from '../core/errors';
import type { ClockPort } from '../core/ports/clock';
import type { HistoryMessage, LlmPort } from '../core/ports/llm';
import { DEFAULT_SETTINGS } from '../settings/settings';
import { runRequest, type RunRequestResult } from '../core/session/runRequest';
import type { Style } from './ansi';
import type { CliRuntime } from './cliServices';
import type { LineInput } from './LineInput';
import { listRuns, revertLastRun, type CommandContext } from './revertCommand';
import { RunPrinter } from './RunPrinter';
import { terminalText } from './terminalText';
import { CHAT_HELP } from './usage';

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
}

/**
 * The chat loop: read a line, run it as a command or as a message to the agent, repeat. The conversation carries
 * over from run to run until `/new`. Ctrl-C during a run cancels it; a second one exits. At the prompt, Ctrl-C
 * twice or end of input leaves.
 */
export class ChatSession {
  private history: HistoryMessage[] = [];
  private running: AbortController | null = null;
  private runs = 0;
  private readonly taskOptions: Omit<AgentTaskOptions, 'taskCallbacks'>;
  private readonly commandContext: CommandContext;
  private exit: (code: number) => void = () => undefined;

  constructor(private readonly o: ChatSessionOptions) {
    const { services, modes } = o.runtime;
    const pipeline = services.agentPipeline();
    this.taskOptions = {
      api: o.llm,
      toolRegistry: services.registry,
      modeService: modes,
      pipeline,
      ports: services.toolPorts(),
      settings: () => ({ maxTokens: DEFAULT_SETTINGS.maxTokens, temperature: DEFAULT_SETTINGS.temperature }),
    };
    this.commandContext = { services, input: o.input, write: o.write, style: o.style };
  }

  /** Runs until /quit, end of input or a forced exit; resolves with the exit code. */
  run(): Promise<number> {
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

  private async runAgent(message: string): Promise<void> {
    const controller = new AbortController();
    this.running = controller;
    const printer = new RunPrinter(this.o.write, this.o.style);
    const started = this.o.clock.now();
    let result: AgentResult;
    try {
      const runId = this.nextRunId();
      const callbacks = printer.callbacks();
      const { runtime } = this.o;
      // The fast path when a proven recipe fits; otherwise a task per run (its callbacks print to this run's printer).
      const request = await runRequest({
        message,
        llm: this.o.llm,
        recipes: runtime.recipes,
        host: runtime.planHost,
        runLoop: () => new AgentTask({ ...this.taskOptions, taskCallbacks: callbacks }).run({ message, taskId: runId, history: this.history, signal: controller.signal }),
        historyLength: this.history.length,
        allowedTools: new Set(runtime.modes.toolNames(runtime.modes.getActiveMode().slug)),
        runId,
        signal: controller.signal,
        maxTokens: DEFAULT_SETTINGS.maxTokens,
        ...(callbacks.onText ? { onText: callbacks.onText } : {}),
        now: () => this.o.clock.now(),
      });
      if (request.via === 'fast-path') {
        this.printFastPath(printer, message, request.outcome, (this.o.clock.now() - started) / 1000);
        return;
      }
      result = request.result;
    } catch (error) {
      printer.line(this.o.style.red(`The run could not start: ${describeError(error)}`));
      return;
    } finally {
      this.running = null;
    }
    this.history = result.history;
    printer.finish(result, (this.o.clock.now() - started) / 1000);
    if (result.error?.code === 'PROVIDER_AUTH' && this.o.authHint) printer.line(this.o.style.yellow(this.o.authHint));
  }

  /** A request the fast path answered: the plan's summary, then the same footer a loop run gets. */
  private printFastPath(printer: RunPrinter, message: string, outcome: Extract<RunRequestResult, { via: 'fast-path' }>['outcome'], seconds: number): void {
    if (outcome.status === 'rejected') {
      printer.line(this.o.style.yellow(`Not run: ${outcome.reason}`));
      return;
    }
    for (const line of outcome.result.summary) printer.line(this.o.style.dim(line));
    this.history = [...this.history, { role: 'user', text: message }, { role: 'assistant', text: outcome.answer, toolCalls: [] }];
    printer.line(this.o.style.dim(`Fast path (a recipe that worked ${outcome.recipe.successes} times) · ${outcome.llmCalls} model calls · ${seconds.toFixed(1)} s`));
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
          this.history = [];
          this.o.write('New conversation: the agent no longer sees the earlier messages.\n');
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
        default:
          this.o.write(`Unknown command ${name}. Commands: /revert /runs /mode /new /help /quit\n`);
      }
    } catch (error) {
      this.o.write(this.o.style.red(`${name} failed: ${describeError(error)}\n`));
    }
    return null;
  }

  private mode(slug: string): void {
    const { modes } = this.o.runtime;
    if (slug === '') {
      const active = modes.getActiveMode().slug;
      const lines = modes.listModes().map((mode) => `${mode.slug === active ? '*' : ' '} ${mode.slug.padEnd(12)} ${mode.name}: ${mode.whenToUse ?? mode.roleDefinition}`);
      this.o.write(`Modes (* is active; switch with /mode <slug>):\n${lines.join('\n')}\n`);
      return;
    }
    const mode = modes.setActiveMode(slug);
    this.o.write(`Mode: ${mode.name} (${modes.toolNames(mode).length} tools).\n`);
  }

  /** Unique and valid as a checkpoint branch name: time to the second, a counter, and a little randomness. */
  private nextRunId(): string {
    const stamp = new Date(this.o.clock.now()).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
    return `cli-${stamp}-${++this.runs}-${randomBytes(2).toString('hex')}`;
  }
}
