import { runCli } from './runCli';

/**
 * `npm start -- --vault <folder>`: the terminal runner. Wiring only; everything else is in runCli, which tests
 * drive with their own streams and model.
 */
async function main(): Promise<void> {
  let interrupt: (() => void) | null = null;
  // With piped input, Ctrl-C arrives as a signal rather than as a keypress in readline.
  process.on('SIGINT', () => (interrupt ? interrupt() : process.exit(130)));
  const code = await runCli({
    argv: process.argv.slice(2),
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    onInterruptHandler: (handler) => {
      interrupt = handler;
    },
  });
  // A file watcher or an abandoned request must not keep the process alive after the chat ended.
  process.exit(code);
}

void main();
