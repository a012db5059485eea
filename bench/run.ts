import { cpus } from 'node:os';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseDoc, renderDoc, updateDoc } from './benchmarkDoc';
import type { BenchRow } from './measure';
import { agentTokensBench } from './cases/agentTokens';
import { checkpointRunLengthBench } from './cases/checkpointRunLength';
import { checkpointBench } from './cases/checkpoints';
import { diffPreviewBench } from './cases/diffPreview';
import { llmCallsBench } from './cases/llmCalls';
import { mcpFirstListBench } from './cases/mcpFirstList';
import { mcpLargeVaultBench } from './cases/mcpLargeVault';
import { mcpTurnaroundBench } from './cases/mcpTurnaround';
import { longConversationBench } from './cases/longConversation';
import { pipelineOverheadBench } from './cases/pipelineOverhead';
import { pluginStartupBench } from './cases/pluginStartup';
import { regexSearchBench } from './cases/regexSearch';
import { renameLinksBench } from './cases/renameLinks';
import { reviewBench } from './cases/review';
import { runnerStartBench } from './cases/runnerStart';
import { textCallReadingBench } from './cases/textCallReading';
import { toolCallFormatBench } from './cases/toolCallFormat';
import { uiBench } from './cases/ui';
import { vaultListBench } from './cases/vaultList';
import { vaultSearchBench } from './cases/vaultSearch';
import { vaultSearchLargeBench } from './cases/vaultSearchLarge';
import { writeTurnaroundBench } from './cases/writeTurnaround';
import { changesViewBench } from './cases/changesView';

const USAGE = 'npm run bench -- [filter [--write]] [--vault DIR [--note PATH]]';

/** What the command line gives: see USAGE. */
interface BenchArgs {
  filter?: string;
  /** With a filter: put the filtered run's rows into docs/benchmarks.md, in place of the rows of the areas it measured. */
  write?: boolean;
  vault?: string;
  note?: string;
}

/**
 * Every benchmark case; each returns rows for docs/benchmarks.md. `npm run bench -- search` runs only matching ones,
 * and leaves the file as it was unless `--write` is given.
 * A case over a real vault (`needsVault`) runs only, and alone, with `--vault DIR`: its figures depend on a vault
 * the repository does not hold, so they go to the history by hand and the table is left as it was.
 */
const CASES: { name: string; needsVault?: true; run: (args: BenchArgs) => Promise<BenchRow[]> }[] = [
  { name: 'vault search', run: vaultSearchBench },
  { name: 'large vault search', run: vaultSearchLargeBench },
  { name: 'regex search', run: regexSearchBench },
  { name: 'vault list', run: vaultListBench },
  { name: 'checkpoints', run: checkpointBench },
  { name: 'run length', run: checkpointRunLengthBench },
  { name: 'pipeline overhead', run: pipelineOverheadBench },
  { name: 'runner start', run: runnerStartBench },
  { name: 'change preview', run: diffPreviewBench },
  { name: 'ui', run: uiBench },
  { name: 'plugin start-up', run: pluginStartupBench },
  { name: 'approved writes', run: () => writeTurnaroundBench() },
  { name: 'changes view', run: () => changesViewBench() },
  { name: 'long conversation', run: longConversationBench },
  { name: 'agent tokens and loop overhead', run: agentTokensBench },
  { name: 'llm calls per task', run: llmCallsBench },
  { name: 'tool call format', run: toolCallFormatBench },
  { name: 'text call reading', run: textCallReadingBench },
  { name: 'mcp turnaround', run: mcpTurnaroundBench },
  { name: 'mcp large vault', run: mcpLargeVaultBench },
  { name: 'mcp first tools/list', run: mcpFirstListBench },
  { name: 'review after the fact', run: reviewBench },
  { name: 'rename keeping links', needsVault: true, run: renameLinksBench },
];

function parseArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--vault' || arg === '--note') {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--'))
        throw new Error(`${arg} needs a value, e.g. npm run bench -- --vault ~/Notes`);
      args[arg === '--vault' ? 'vault' : 'note'] = value;
    } else if (arg === '--write') {
      args.write = true;
    } else if (arg.startsWith('--')) {
      throw new Error(`Unknown option ${arg}: ${USAGE}`);
    } else {
      args.filter = arg;
    }
  }
  if (args.write && (args.filter === undefined || args.vault !== undefined))
    throw new Error(`--write goes with a filter and without --vault (a full run writes anyway): ${USAGE}`);
  return args;
}

const DOC = 'docs/benchmarks.md';

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const { filter } = args;
  const rows: BenchRow[] = [];
  const chosen = CASES.filter(
    (c) => (!filter || c.name.includes(filter)) && Boolean(c.needsVault) === Boolean(args.vault),
  );
  if (chosen.length === 0)
    throw new Error(
      `No benchmark case matches "${filter ?? ''}": the cases are ${CASES.map((c) => `"${c.name}"`).join(', ')}`,
    );
  for (const bench of chosen) {
    console.log(`→ ${bench.name}`);
    const result = await bench.run(args);
    for (const row of result)
      console.log(`  ${row.measure}: ${row.result} (target ${row.target})${row.met === false ? '  ✗ MISSED' : ''}`);
    rows.push(...result);
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${process.platform}`;
  const date = new Date().toISOString().slice(0, 10);
  const old = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '';
  if (!filter && !args.vault) {
    writeFileSync(DOC, renderDoc(rows, `Last run: ${date} on ${machine}.`, parseDoc(old).history));
  } else if (filter && args.write) {
    writeFileSync(
      DOC,
      updateDoc(old, rows, { filter, line: `on ${date} on ${machine}: its rows replace the full run's.` }),
    );
    console.log(`(filtered run: its rows written to ${DOC}, the others left as they were)`);
  } else {
    console.log(
      `(${args.vault ? 'run over --vault' : 'filtered run'}: ${DOC} left as it was${args.vault ? '' : '; add --write to put these rows in'})`,
    );
  }
}

void main();
