import { spawn } from 'node:child_process';
import { dirname } from 'node:path';

export interface RunnerProcess {
  /** The process id: its ledger and audit lines name it as "<host>:<pid>". */
  pid: number;
  /** Resolves when it exits, with its exit code and everything it printed. */
  exited: Promise<{ code: number | null; out: string }>;
  /** What it printed so far. */
  out: () => string;
}

/**
 * The terminal runner as a process of its own (src/cli/main.ts, with tsx as a loader), for tests where two
 * processes race on one vault. `lines` are typed ahead and the input then ends, as a script would. HOME and the
 * config folders point beside the vault, so the global modes file of the machine is never read.
 */
export function spawnRunner(
  argv: string[],
  lines: string[],
  env: Record<string, string>,
  vault: string,
): RunnerProcess {
  const home = dirname(vault);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...argv], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: home, APPDATA: home, NO_COLOR: '1', ...env },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; out: string }>((done, fail) => {
    child.on('error', fail);
    // 'close', not 'exit': the output may still be arriving when the process has exited.
    child.on('close', (code) => done({ code, out }));
  });
  child.stdin.end(lines.map((line) => `${line}\n`).join(''));
  if (child.pid === undefined) throw new Error('spawnRunner: the terminal runner did not start');
  return { pid: child.pid, exited, out: () => out };
}
