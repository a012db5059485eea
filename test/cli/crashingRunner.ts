/**
 * A child process for test/cli/auditCrash.test.ts: the terminal runner's own services (createCliRuntime: NodeVault,
 * NodePluginFiles, checkpoints, the pipeline) make three approved creates, and the process kills itself with
 * SIGKILL the moment the second note's bytes are on disk, before the pipeline can log its outcome: a crash at the
 * worst moment, made exact. Usage: tsx test/cli/crashingRunner.ts <vault> <checkpoints>
 */
import { createCliRuntime } from '../../src/cli/cliServices';
import { parseArgs } from '../../src/cli/args';
import { SystemClock } from '../../src/node/SystemClock';

async function main(): Promise<void> {
  const [vault, checkpoints] = process.argv.slice(2) as [string, string];
  const yes = { request: () => Promise.resolve({ approved: true as const, scope: 'once' as const }) };
  const parsed = parseArgs(['--vault', vault, '--checkpoints', checkpoints]);
  if (parsed.help || parsed.listModels)
    throw new Error('crashingRunner: parseArgs took the arguments for --help or --list-models');
  const runtime = await createCliRuntime({
    args: parsed.args,
    approval: yes,
    clock: new SystemClock(),
    watch: false,
    knownSecrets: [],
    onError: (error) => void process.stderr.write(`${String(error)}\n`),
  });
  let creates = 0;
  const create = runtime.vault.create.bind(runtime.vault);
  runtime.vault.create = async (path, text) => {
    const entry = await create(path, text);
    if (++creates === 2) process.kill(process.pid, 'SIGKILL');
    return entry;
  };
  const run = runtime.services.runs({ port: () => yes }).open('cli-crash', { signal: new AbortController().signal });
  for (const name of ['One', 'Two', 'Three']) {
    const outcome = await runtime.services.pipeline.execute(
      { id: name, name: 'vault.createFile', input: { path: `Crash/${name}.md`, content: `# ${name}\n` } },
      run,
    );
    process.stdout.write(`${name}: ${outcome.ok ? 'ok' : outcome.error?.message}\n`);
  }
}

void main();
