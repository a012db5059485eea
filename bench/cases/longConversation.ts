import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installDom, loadBundled } from '../bundle';
import { ms, type BenchRow } from '../measure';
import { generateVault } from '../vaultGenerator';

type Entry = typeof import('./longConversationEntry');

/** BENCH_TURNS=30 gives a quick run while working on the panel; the rows of checkpoints past it then read 0. */
const TURNS = Number(process.env.BENCH_TURNS ?? 300);
const CHECKPOINTS = [1, 10, 100, 300];
/** Turnaround at a checkpoint is the median of the turns up to it in this window: one turn is one sample. */
const WINDOW = 5;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * One conversation of 300 turns in the chat panel over the Obsidian double (each turn a search of a 1,000-note
 * vault and a ~490-word answer streamed in chunks): the panel's elements and the turnaround at turns 1, 10, 100 and
 * 300, then the conversation restored from History, which must hold every turn.
 */
export async function longConversationBench(): Promise<BenchRow[]> {
  installDom();
  const entry = await loadBundled<Entry>('bench/cases/longConversationEntry.ts');
  const vault = generateVault(1_000);
  const files: Record<string, string> = {};
  for (const path of vault.paths) files[path] = readFileSync(join(vault.root, path), 'utf8');
  const measureAt = new Set(
    CHECKPOINTS.flatMap((turn) => Array.from({ length: Math.min(turn, WINDOW) }, (_, i) => turn - i)),
  );
  const run = await entry.longConversation(
    files,
    ['garden', 'meeting', 'budget', 'travel', 'recipe', 'sleep'],
    TURNS,
    measureAt,
  );

  const at = (turn: number): { turnaround: number; elements: number } => {
    const window = run.samples.filter((sample) => sample.turn <= turn && sample.turn > turn - WINDOW);
    return {
      turnaround: median(window.map((sample) => sample.turnaroundMs)),
      elements: run.samples.find((sample) => sample.turn === turn)?.elements ?? 0,
    };
  };
  const area = 'long conversation (chat panel)';
  const rows: BenchRow[] = CHECKPOINTS.map((turn) => {
    const { turnaround, elements } = at(turn);
    const window = turn > 1 ? ` (median of turns ${turn - WINDOW + 1}–${turn})` : '';
    return {
      area,
      measure: `turn ${turn}: turnaround${window} / elements in the panel`,
      result: `${ms(turnaround)} ms / ${elements.toLocaleString('en')}`,
      target: '–',
      met: null,
    };
  });
  const ten = at(10);
  const last = at(TURNS);
  const hundred = at(100);
  rows.push(
    {
      area,
      measure: `turnaround at turn ${TURNS} / at turn 10`,
      result: (last.turnaround / ten.turnaround).toFixed(2),
      target: '≤ 1.2',
      met: last.turnaround / ten.turnaround <= 1.2,
    },
    // Flat once the drawn turns are full (10 turns, well past the first screenfuls).
    {
      area,
      measure: `elements at turn ${TURNS} / at turn 100`,
      result: (last.elements / hundred.elements).toFixed(2),
      target: '≤ 1.05',
      met: last.elements / hundred.elements <= 1.05,
    },
    {
      area,
      measure: `restored from History after ${TURNS} turns (${run.condensed} condensings): turns kept, turn 1 shown`,
      result: `${run.restoredTurns} / ${TURNS}, ${run.restoredShowsTurnOne ? 'yes' : 'no'} (drawn in ${ms(run.restoreMs)} ms, ${run.restoredElements.toLocaleString('en')} elements)`,
      target: `${TURNS}, yes`,
      met: run.restoredTurns === TURNS && run.restoredShowsTurnOne,
      note: `one conversation of ${TURNS} turns, each a search and a ${run.answerWords}-word answer. The panel draws the last 10 turns and folds older ones into "Show earlier", so its size stops growing; the conversation is saved as it was seen, apart from the condensed history the model is sent, so a restore holds every turn.`,
    },
  );
  return rows;
}
