import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export type InputEvent = { kind: 'line'; text: string } | { kind: 'eof' } | { kind: 'interrupt' };

interface Waiter {
  resolve: (event: InputEvent) => void;
  /** A question whose answer decides something: a pasted line may not answer it. */
  decides: boolean;
}

/** Bracketed paste: the terminal then wraps whatever is pasted in ESC[200~ … ESC[201~, so a paste can be told from typing. */
const PASTE_MODE_ON = '\x1b[?2004h';
const PASTE_MODE_OFF = '\x1b[?2004l';

/**
 * Lines from the terminal (or any stream), one question at a time. Lines typed ahead wait in a queue, so a
 * scripted session can be written in one go; a question (`ask`) at a terminal drops them instead. Ctrl-C goes
 * to the question being asked, if any (it answers it with `interrupt`), else to the handler set with
 * `onIdleInterrupt` (the chat cancels its run there).
 *
 * At a terminal, bracketed paste is switched on, so a line whose Enter came inside a paste is known as pasted:
 * it can answer an ordinary prompt but never a question that decides something, even when the paste is still
 * arriving after the question was shown (dropping what was typed ahead cannot catch that part).
 */
export class LineInput {
  private readonly rl: Interface;
  private readonly queue: string[] = [];
  private waiter: Waiter | null = null;
  private ended = false;
  private idleInterrupt: () => void = () => undefined;
  /** Between the terminal's paste-start and paste-end: an Enter now is part of the paste, not a keystroke. */
  private pasting = false;

  constructor(
    input: Readable,
    private readonly output: Writable,
    terminal: boolean,
  ) {
    this.rl = createInterface({ input, output, terminal, historySize: terminal ? 100 : 0 });
    this.rl.on('line', (line) => this.deliver({ kind: 'line', text: line }, this.pasting));
    this.rl.on('close', () => {
      this.ended = true;
      if (terminal) output.write(PASTE_MODE_OFF);
      this.deliver({ kind: 'eof' }, false);
    });
    if (terminal) {
      // readline turns ESC[200~ and ESC[201~ into these key names; it listened first, so a pasted Enter sees the flag.
      input.on('keypress', (_text: unknown, key: { name?: string } | undefined) => {
        if (key?.name === 'paste-start') this.pasting = true;
        else if (key?.name === 'paste-end') this.pasting = false;
      });
      output.write(PASTE_MODE_ON);
    }
    // Raw-mode terminals report Ctrl-C here instead of as a process signal.
    this.rl.on('SIGINT', () => this.interrupt());
  }

  /** Where a Ctrl-C goes when no question is waiting for an answer. */
  onIdleInterrupt(handler: () => void): void {
    this.idleInterrupt = handler;
  }

  /** Ctrl-C: answers the open question with `interrupt`, or tells the idle handler. */
  interrupt(): void {
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = null;
      waiter.resolve({ kind: 'interrupt' });
      return;
    }
    this.idleInterrupt();
  }

  /**
   * Like `read`, for a question whose answer decides something (an approval, a revert). At a terminal, lines
   * typed or pasted before the question was shown are dropped, with a note saying how many, so a pasted block
   * holding a line "a" cannot answer it unseen. Piped input is a script written for these questions, and kept.
   */
  ask(prompt: string, signal?: AbortSignal): Promise<InputEvent> {
    if (this.rl.terminal) {
      const dropped = this.queue.splice(0).length + (this.rl.line === '' ? 0 : 1);
      // Ctrl-E then Ctrl-U: readline's own way to empty the line being edited, so it is not redrawn after the prompt.
      if (!this.ended) {
        this.rl.write(null, { ctrl: true, name: 'e' });
        this.rl.write(null, { ctrl: true, name: 'u' });
      }
      if (dropped > 0) this.echo(`(ignored ${dropped} line${dropped === 1 ? '' : 's'} typed before this question)`);
    }
    return this.wait(prompt, signal, true);
  }

  /**
   * Shows `prompt` and waits for the next line. An abort of `signal` answers `interrupt` (the question is then
   * withdrawn, so the next line goes to whoever asks next).
   */
  read(prompt: string, signal?: AbortSignal): Promise<InputEvent> {
    return this.wait(prompt, signal, false);
  }

  private wait(prompt: string, signal: AbortSignal | undefined, decides: boolean): Promise<InputEvent> {
    const queued = this.queue.shift();
    this.rl.setPrompt(prompt);
    this.rl.prompt();
    if (queued !== undefined) {
      // Typed ahead or scripted: echo it after the prompt when the terminal did not already show it.
      if (!this.rl.terminal) this.echo(queued);
      return Promise.resolve({ kind: 'line', text: queued });
    }
    if (this.ended) return Promise.resolve({ kind: 'eof' });
    if (signal?.aborted) return Promise.resolve({ kind: 'interrupt' });
    return new Promise<InputEvent>((resolve) => {
      const onAbort = (): void => {
        if (this.waiter !== waiter) return;
        this.waiter = null;
        resolve({ kind: 'interrupt' });
      };
      const waiter: Waiter = {
        decides,
        resolve: (event) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(event);
        },
      };
      this.waiter = waiter;
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  close(): void {
    this.rl.close();
  }

  private deliver(event: InputEvent, pasted: boolean): void {
    const waiter = this.waiter;
    if (waiter?.decides && pasted && event.kind === 'line') {
      this.echo('(ignored a pasted line: type the answer)');
      this.rl.prompt();
      return;
    }
    if (waiter) {
      this.waiter = null;
      if (event.kind === 'line' && !this.rl.terminal) this.echo(event.text);
      waiter.resolve(event);
      return;
    }
    if (event.kind === 'line') this.queue.push(event.text);
  }

  private echo(text: string): void {
    this.output.write(`${text}\n`);
  }
}
