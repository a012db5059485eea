import { cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { stripAnsi } from '../../src/cli/ansi';
import { runCli, type CliIo } from '../../src/cli/runCli';
import { recordingClock } from '../providers/helpers';

export const EXAMPLE_VAULT = resolve('examples/vault');

const temporary: string[] = [];

export async function removeTemporaryFolders(): Promise<void> {
  for (const folder of temporary.splice(0))
    await rm(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
}

/** A copy of examples/vault in a temporary folder, with a checkpoint folder and a modes file path beside it. */
export async function exampleVaultCopy(): Promise<{ vault: string; checkpoints: string; modesFile: string }> {
  const base = await mkdtemp(join(tmpdir(), 'ea-cli-'));
  temporary.push(base);
  const vault = join(base, 'vault');
  await cp(EXAMPLE_VAULT, vault, { recursive: true });
  return { vault, checkpoints: join(base, 'checkpoints'), modesFile: join(base, 'modes.json') };
}

/** Every file under `folder` with its text, keyed by path relative to it; the plugin's own folder left out. */
export async function readTree(folder: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (dir: string): Promise<void> => {
    for (const name of (await readdir(dir)).sort()) {
      const path = join(dir, name);
      const key = relative(folder, path).split('\\').join('/');
      if (key === '.obsidian/plugins') continue;
      if ((await stat(path)).isDirectory()) await walk(path);
      else out[key] = await readFile(path, 'utf8');
    }
  };
  await walk(folder);
  return out;
}

/** An output stream whose text so far a test reads back. */
export function capturedOutput(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return { stream, text: () => text };
}

export interface ScriptedSession {
  code: Promise<number>;
  /** Everything written to stdout so far, without color codes. */
  stdout: () => string;
  stderr: () => string;
  /** Ctrl-C, as a SIGINT would deliver it. */
  interrupt: () => void;
  clock: ReturnType<typeof recordingClock>;
  /** Types a line, as a person answering the runner later would (with `keepOpen`). */
  type: (line: string) => void;
}

/**
 * Runs the terminal runner with `lines` typed ahead (then end of input), over streams the test reads. The real
 * provider is used unless `createLlm` is given; the vault watcher is off.
 */
export function startSession(
  options: {
    argv: string[];
    env: Record<string, string>;
    lines: string[];
    modesFile?: string;
    /** Leave the input open after the lines. */ keepOpen?: boolean;
  } & Partial<Pick<CliIo, 'createLlm' | 'color'>>,
): ScriptedSession {
  const stdin = new PassThrough();
  const { stream: stdout, text: out } = capturedOutput();
  const { stream: stderr, text: err } = capturedOutput();
  let interrupt: () => void = () => undefined;
  const clock = recordingClock();
  const code = runCli({
    argv: options.argv,
    env: options.env,
    stdin,
    stdout,
    stderr,
    clock,
    watch: false,
    color: options.color ?? false,
    ...(options.modesFile ? { modesFile: options.modesFile } : {}),
    ...(options.createLlm ? { createLlm: options.createLlm } : {}),
    onInterruptHandler: (handler) => {
      interrupt = handler;
    },
  });
  const typed = options.lines.map((line) => `${line}\n`).join('');
  if (options.keepOpen) stdin.write(typed);
  else stdin.end(typed);
  return {
    code,
    stdout: () => stripAnsi(out()),
    stderr: err,
    interrupt: () => interrupt(),
    clock,
    type: (line) => void stdin.write(`${line}\n`),
  };
}

/** Waits until `condition` holds, polling; fails after `ms`. */
export async function waitFor(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 10));
  }
}

/** A control a terminal would obey (anything but a new line or a tab): none may reach the screen from a model or note. */
// eslint-disable-next-line no-control-regex -- these control characters are what the pattern is for.
export const TERMINAL_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** `text` without the color codes the runner writes itself; any other escape code stays. */
export function withoutOwnColors(text: string): string {
  // eslint-disable-next-line no-control-regex -- ANSI codes start with the ESC control character.
  return text.replace(/\u001b\[(?:1|2|22|31|32|33|36|39|1;41|1;42|22;49)m/g, '');
}
