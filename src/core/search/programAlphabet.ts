import { EMPTY, OP, type Re2Inst, type Re2Program } from './re2Program';

// Read per character: local copies, not reads of an import (a getter call where modules load as CommonJS).
const { BEGIN_LINE, END_LINE, BEGIN_TEXT, END_TEXT, WORD_BOUNDARY, NO_WORD_BOUNDARY } = EMPTY;

/**
 * The text as a re2js program reads it: characters in classes (those every RUNE instruction takes or refuses
 * alike, so a DFA state needs one transition per class, not per character) and the empty-width conditions at a
 * position. Shared by the forward and the reverse DFA of one program.
 */
export class ProgramAlphabet {
  /** The condition flags the program tests (EMPTY_WIDTH), or 0. */
  readonly conditions: number;
  /** How many codes `conditionAt` gives: the different sets of tested flags a position can have. */
  readonly codes: number;
  /** Condition flags (masked) by code, and the code of masked flags. */
  readonly flagsOf: number[] = [];
  private readonly codeOf = new Int8Array(64).fill(-1);
  private readonly runeTests: Re2Inst[];
  private readonly latin1 = new Int32Array(256).fill(-1);
  private bmp: Int32Array | null = null;
  private readonly astral = new Map<number, number>();
  private readonly classes = new Map<string, number>();

  constructor(program: Re2Program) {
    let conditions = 0;
    // Instructions that test the same characters give one test, not one each: `\w` lowered is many copies.
    const tests = new Map<string, Re2Inst>();
    for (const inst of program.inst) {
      if (inst.op === OP.EMPTY_WIDTH) conditions |= inst.arg;
      if (isRune(inst)) tests.set(`${inst.op}:${inst.arg}:${inst.runes.join(',')}`, inst);
    }
    this.conditions = conditions & 63;
    this.runeTests = [...tests.values()];
    for (let flags = 0; flags < 64; flags++) {
      const masked = flags & this.conditions;
      if ((this.codeOf[masked] as number) < 0) {
        this.codeOf[masked] = this.flagsOf.length;
        this.flagsOf.push(masked);
      }
    }
    this.codes = this.flagsOf.length;
  }

  /** A transition's index: the character's class and the condition code of the position after it. */
  keyFor(rune: number, code: number): number {
    return this.classOf(rune) * this.codes + code;
  }

  /** The class of `rune`, worked out when the text first holds it. */
  classOf(rune: number): number {
    let known: number;
    if (rune < 256) known = this.latin1[rune] as number;
    else if (rune < 0x10000) known = this.bmp ? (this.bmp[rune] as number) : -1;
    else known = this.astral.get(rune) ?? -1;
    if (known >= 0) return known;
    const signature = this.runeTests.map((inst) => (takes(inst, rune) ? '1' : '0')).join('');
    let cls = this.classes.get(signature);
    if (cls === undefined) {
      cls = this.classes.size;
      this.classes.set(signature, cls);
    }
    if (rune < 256) this.latin1[rune] = cls;
    else if (rune < 0x10000) (this.bmp ??= new Int32Array(0x10000).fill(-1))[rune] = cls;
    else this.astral.set(rune, cls);
    return cls;
  }

  /**
   * The code (see `flagsOf`) of re2js's condition flags at `position` (MachineUTF16Input.context), counting only
   * those the program tests.
   */
  conditionAt(text: string, position: number): number {
    if (this.conditions === 0) return 0;
    const before = position > 0 ? text.charCodeAt(position - 1) : -1;
    const after = position < text.length ? text.charCodeAt(position) : -1;
    let flags = before < 0 ? BEGIN_TEXT | BEGIN_LINE : before === 10 ? BEGIN_LINE : 0;
    if (after < 0) flags |= END_TEXT | END_LINE;
    else if (after === 10) flags |= END_LINE;
    if ((this.conditions & (WORD_BOUNDARY | NO_WORD_BOUNDARY)) !== 0)
      flags |= isAsciiWord(before) !== isAsciiWord(after) ? WORD_BOUNDARY : NO_WORD_BOUNDARY;
    return this.codeOf[flags & this.conditions] as number;
  }
}

export function isRune(inst: Re2Inst): boolean {
  return inst.op >= OP.RUNE && inst.op <= OP.RUNE_ANY_NOT_NL;
}

/** re2js Machine.step's test of a RUNE instruction against `rune` (the code point at a position). */
export function takes(inst: Re2Inst, rune: number): boolean {
  switch (inst.op) {
    case OP.RUNE:
      return inst.matchRune(rune);
    case OP.RUNE1:
      return rune === inst.runes[0];
    case OP.RUNE_ANY:
      return true;
    case OP.RUNE_ANY_NOT_NL:
      return rune !== 10;
    default:
      return false;
  }
}

/** re2js's `\b` knows ASCII word characters only (Utils.isWordRune). */
function isAsciiWord(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f
  );
}
