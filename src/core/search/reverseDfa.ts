import { isRune, takes, type ProgramAlphabet } from './programAlphabet';
import { OP, type CacheGuard, type Re2Inst, type Re2Program } from './re2Program';

/**
 * Where a match that ends at a known position starts, read backwards from its end: RE2's own way (its reverse
 * DFA) of finding the start once the forward DFA found the end, so no thread has to carry its start along.
 *
 * The leftmost-first match starts at the leftmost position any match starts at (the NFA prefers older threads),
 * and a match runs from there to the end it reports; so its start is the leftmost position from which the text
 * up to that end is a match. A state is the set of instructions from which the rest of the text up to the end
 * leads to a MATCH; stepping back over a character keeps the RUNE instructions that take it and lead into the
 * state. For programs without lookbehinds (whose truth would need the text before; see LeftmostDfa).
 */

class ReverseState {
  readonly next: (ReverseState | undefined)[] = [];
  /** By condition code: 1 where a match starts here, 0 where not; -1 not known yet. */
  readonly startsHere = new Int8Array(64).fill(-1);

  constructor(
    /** 1 for each instruction that leads to the end. */
    readonly members: Uint8Array,
    readonly empty: boolean,
  ) {}
}

export class ReverseDfa {
  private readonly inst: Re2Inst[];
  private readonly runeInsts: number[] = [];
  private states = new Map<string, ReverseState>();
  private end: ReverseState | null = null;
  private cached = 0;
  /** The RUNE and MATCH instructions reachable from an instruction through empty ones, by condition code. */
  private readonly closures = new Map<number, Int32Array>();

  constructor(
    private readonly program: Re2Program,
    private readonly alphabet: ProgramAlphabet,
    /** Cached states, counted in instructions, before the cache is dropped. */
    private readonly cacheBudget: number,
    /** The forward DFA's: the characters both step over count. */
    private readonly guard: CacheGuard,
  ) {
    if (program.numLb > 0) throw new Error('ReverseDfa: a program with lookbehinds cannot be read backwards');
    this.inst = program.inst;
    this.inst.forEach((inst, pc) => {
      if (isRune(inst)) this.runeInsts.push(pc);
    });
  }

  /** The leftmost position at or after `from` where a match ending at `end` starts; -1 if none (a bug upstream). */
  startOf(text: string, from: number, end: number): number {
    let state = this.atEnd();
    let position = end;
    let start = -1;
    const alphabet = this.alphabet;
    for (;;) {
      const condition = alphabet.conditionAt(text, position);
      if (this.startsAt(state, condition)) start = position;
      if (position <= from || state.empty) break;
      this.guard.scanned++;
      // The code point that ends at `position`: a surrogate pair counts as one, as going forwards.
      let width = 1;
      const low = text.charCodeAt(position - 1);
      if (low >= 0xdc00 && low <= 0xdfff && position - 2 >= from) {
        const high = text.charCodeAt(position - 2);
        if (high >= 0xd800 && high <= 0xdbff) width = 2;
      }
      const rune = text.codePointAt(position - width) as number;
      const key = alphabet.keyFor(rune, condition);
      state = state.next[key] ?? this.step(state, key, rune, condition);
      position -= width;
    }
    return start;
  }

  private atEnd(): ReverseState {
    if (this.end) return this.end;
    const members = new Uint8Array(this.inst.length);
    this.inst.forEach((inst, pc) => {
      if (inst.op === OP.MATCH) members[pc] = 1;
    });
    this.end = this.intern(members);
    return this.end;
  }

  private startsAt(state: ReverseState, condition: number): boolean {
    let known = state.startsHere[condition] as number;
    if (known < 0) {
      known = this.leads(this.program.start, condition, state) ? 1 : 0;
      state.startsHere[condition] = known;
    }
    return known === 1;
  }

  /** The state before `rune`, whose end is at a position with `condition`. */
  private step(state: ReverseState, key: number, rune: number, condition: number): ReverseState {
    if (this.cached > this.cacheBudget) {
      this.guard.dropped(this.states.size);
      this.states = new Map();
      this.end = null;
      this.cached = 0;
    }
    const members = new Uint8Array(this.inst.length);
    for (const pc of this.runeInsts) {
      const inst = this.inst[pc] as Re2Inst;
      if (takes(inst, rune) && this.leads(inst.out, condition, state)) members[pc] = 1;
    }
    const before = this.intern(members);
    state.next[key] = before;
    return before;
  }

  /** Whether a thread at `pc`, where `condition` holds, reaches an instruction of `state` without a character. */
  private leads(pc: number, condition: number, state: ReverseState): boolean {
    for (const reached of this.closure(pc, condition)) if (state.members[reached] === 1) return true;
    return false;
  }

  private closure(pc: number, condition: number): Int32Array {
    const key = pc * 64 + condition;
    let reached = this.closures.get(key);
    if (reached) return reached;
    const flags = this.alphabet.flagsOf[condition] as number;
    const found: number[] = [];
    const seen = new Set<number>();
    const stack = [pc];
    while (stack.length > 0) {
      const at = stack.pop() as number;
      if (at === 0 || seen.has(at)) continue;
      seen.add(at);
      const inst = this.inst[at] as Re2Inst;
      switch (inst.op) {
        case OP.ALT:
        case OP.ALT_MATCH:
          stack.push(inst.out, inst.arg);
          break;
        case OP.NOP:
        case OP.CAPTURE:
          stack.push(inst.out);
          break;
        case OP.EMPTY_WIDTH:
          if ((inst.arg & ~flags) === 0) stack.push(inst.out);
          break;
        case OP.FAIL:
          break;
        default:
          found.push(at);
      }
    }
    reached = Int32Array.from(found);
    this.closures.set(key, reached);
    return reached;
  }

  private intern(members: Uint8Array): ReverseState {
    const key = members.join('');
    let state = this.states.get(key);
    if (!state) {
      state = new ReverseState(members, !members.includes(1));
      this.states.set(key, state);
      this.cached += members.length;
    }
    return state;
  }
}
