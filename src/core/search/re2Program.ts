import { RE2JS } from 're2js';

/**
 * re2js's compiled program: the instructions its NFA runs, which leftmostDfa.ts runs as a DFA. re2js does not
 * export them (its Prog and Inst classes), so this is the one place that reads its internals, as re2js 2.10 lays
 * them out. `programOf` checks the layout and gives null when it differs, and the regex then runs on re2js's own
 * matcher: slower, never wrong. test/core/search/re2Program.test.ts fails loudly when that happens.
 */

/** Inst's opcodes (re2js src/Inst.js), the same as Go's regexp/syntax plus two for lookbehinds. */
export const OP = {
  ALT: 1,
  ALT_MATCH: 2,
  CAPTURE: 3,
  EMPTY_WIDTH: 4,
  FAIL: 5,
  MATCH: 6,
  NOP: 7,
  RUNE: 8,
  RUNE1: 9,
  RUNE_ANY: 10,
  RUNE_ANY_NOT_NL: 11,
  /** A lookbehind's body matched ending here: `arg` is its id (negative for a negative lookbehind). */
  LB_WRITE: 12,
  /** Passes where lookbehind `|arg|` matched ending here (`arg` > 0) or did not (`arg` < 0). */
  LB_CHECK: 13,
} as const;

/** Empty-width conditions (re2js Utils.EMPTY_*), as flags. */
export const EMPTY = {
  BEGIN_LINE: 1,
  END_LINE: 2,
  BEGIN_TEXT: 4,
  END_TEXT: 8,
  WORD_BOUNDARY: 16,
  NO_WORD_BOUNDARY: 32,
} as const;

export interface Re2Inst {
  op: number;
  out: number;
  arg: number;
  runes: Int32Array;
  /** Whether a RUNE instruction takes `rune` (case folding included). */
  matchRune(rune: number): boolean;
}

export interface Re2Program {
  inst: Re2Inst[];
  start: number;
  /** Where each lookbehind's automaton (".*?" then its body, then LB_WRITE) starts; run from the text's start. */
  lbStarts: number[];
  numLb: number;
  /** 1 for the instructions of a lookbehind's automaton. */
  lbInst: Uint8Array;
}

/**
 * Thrown by the DFAs (leftmostDfa.ts, reverseDfa.ts) for a program they do not run, or run slower than re2js's
 * NFA would: the search falls back to re2js's matcher.
 */
export class UnsupportedProgram extends Error {}

/**
 * RE2's rule for a DFA that gains nothing from its cache: when the cache outgrows its budget a second time within
 * fewer than 10 characters per state it held (each character a new state, as `.{0,1000}a.{0,1000}x` over a line of
 * "a" makes), the DFA does an NFA's work and more, so it gives up.
 */
export class CacheGuard {
  private scannedAtDrop = -1;
  /** Characters stepped over, counted by the DFA. */
  scanned = 0;

  /** Called when the cache is dropped, holding `states` states; throws UnsupportedProgram to give up. */
  dropped(states: number): void {
    if (this.scannedAtDrop >= 0 && this.scanned - this.scannedAtDrop < 10 * states)
      throw new UnsupportedProgram('its states outgrow the cache at nearly every character');
    this.scannedAtDrop = this.scanned;
  }
}

/** The program `pattern` runs, or null when re2js no longer lays it out as 2.10 does. */
export function programOf(pattern: RE2JS): Re2Program | null {
  if (!layoutKnown()) return null;
  const program = rawProgram(pattern);
  return program && hasLayout(program) ? program : null;
}

let known: boolean | null = null;

/** Whether small programs compile to the instructions expected of them, so that the opcodes mean what OP says. */
function layoutKnown(): boolean {
  known ??= probe();
  return known;
}

function probe(): boolean {
  const literal = rawProgram(RE2JS.compile('x()'));
  const behind = rawProgram(RE2JS.compile('(?<!y)^', RE2JS.LOOKBEHINDS | RE2JS.MULTILINE));
  if (!literal || !behind || !hasLayout(literal) || !hasLayout(behind)) return false;
  const ops = (program: Re2Program): number[] => program.inst.map((inst) => inst.op);
  const x = literal.inst.find((inst) => inst.op === OP.RUNE1);
  return (
    x?.runes[0] === 0x78 &&
    x.matchRune(0x78) &&
    !x.matchRune(0x79) &&
    ops(literal).includes(OP.MATCH) &&
    ops(literal).filter((op) => op === OP.CAPTURE).length === 2 &&
    behind.numLb === 1 &&
    behind.lbStarts.length === 1 &&
    ops(behind).includes(OP.LB_WRITE) &&
    behind.inst.some((inst) => inst.op === OP.LB_CHECK && inst.arg === -1) &&
    behind.inst.some((inst) => inst.op === OP.EMPTY_WIDTH && inst.arg === EMPTY.BEGIN_LINE)
  );
}

function rawProgram(pattern: RE2JS): Re2Program | null {
  const program = (pattern.re2() as { prog?: unknown } | undefined)?.prog;
  return typeof program === 'object' && program !== null ? (program as Re2Program) : null;
}

function hasLayout(program: Re2Program): boolean {
  const { inst, start, lbStarts, numLb, lbInst } = program;
  if (!Array.isArray(inst) || !Array.isArray(lbStarts) || !(lbInst instanceof Uint8Array)) return false;
  if (lbInst.length !== inst.length || typeof numLb !== 'number' || !isPc(start, inst.length)) return false;
  return inst.every(
    (i) =>
      Number.isInteger(i.op) &&
      i.op >= OP.ALT &&
      i.op <= OP.LB_CHECK &&
      isPc(i.out, inst.length) &&
      Number.isInteger(i.arg) &&
      i.runes instanceof Int32Array &&
      typeof i.matchRune === 'function',
  );
}

function isPc(value: unknown, length: number): boolean {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < length;
}
