import { ProgramAlphabet, takes } from './programAlphabet';
import { CacheGuard, OP, UnsupportedProgram, type Re2Inst, type Re2Program } from './re2Program';
import { ReverseDfa } from './reverseDfa';

/**
 * Finds the match re2js's NFA finds, with a lazily built DFA: the NFA's work at each character grows with the
 * pattern (`(?:a{1,9}){1,9}x` keeps ~80 threads), where a DFA state caches it, so a character costs a table look-up
 * once the states it meets are built.
 *
 * A state is what re2js's Machine holds between two characters: its threads in priority order (lookbehinds'
 * first, then the pattern's, the oldest start first), each a RUNE or MATCH instruction. Stepping a state on a
 * character mirrors Machine.step and Machine.add exactly (same order, same cut below a MATCH, same lookbehind
 * writes before checks), so the leftmost-first match is the NFA's. Where it starts: read back from its end by
 * ReverseDfa; for a program with lookbehinds (true or not depending on the text before) or a marker (a capturing
 * group: see CompiledRegex.next), two registers ride along each of the pattern's threads instead, where it started
 * and where it passed the marker. Linear in the text: a character costs at most one new transition (bounded by the
 * program's size) and a copy of the registers, and the cache is dropped when it outgrows its budget.
 */

/** Cached states and transitions, counted in threads, before the cache is dropped and rebuilt (~10 MB). */
const CACHE_BUDGET = 1_000_000;
const MARKED = 1;

/** Registers are kept for the pattern's own threads only (a state's last `own`), numbered from its first. */
interface Transition {
  to: State;
  /** For each own thread of `to`, the own thread of the state before it came from, or -1: a new start here. */
  from: Int32Array;
  /** For each own thread of `to`, 1 where it passed a marker at this character. */
  markedHere: Uint8Array | null;
}

class State {
  /** Transitions by character class and condition code. */
  readonly next: (Transition | undefined)[] = [];
  /** The same threads with the pattern's own dropped: what a later search resumes from. */
  lookbehindsOnly: State | null = null;
  /** This lookbehinds-only state with a new search started here, by condition code. */
  readonly started = new Map<number, State>();

  constructor(
    /** Threads: instruction << 1 | MARKED when it passed a marker. */
    readonly threads: Int32Array,
    /** Whether a new search starts at the next position (the search is on and has no match yet). */
    readonly restart: boolean,
    /** Lookbehinds that matched ending here (LB_CHECK reads them when a search starts here). */
    readonly written: readonly number[],
    /** How many threads belong to the pattern, not to a lookbehind: the last ones. */
    readonly own: number,
    /** The first MATCH thread, or -1: the threads after it are cut. */
    readonly firstMatch: number,
  ) {}
}

export interface DfaMatch {
  start: number;
  end: number;
  /** Where the match passed a marker, or -1. */
  marker: number;
}

export class LeftmostDfa {
  private readonly inst: Re2Inst[];
  private readonly alphabet: ProgramAlphabet;
  private readonly hasMarkers: boolean;
  /** Finds a match's start from its end, when no register is needed: no lookbehinds and no markers. */
  private readonly reverse: ReverseDfa | null;
  private states = new Map<string, State>();
  /** The lookbehinds' threads at the text's start, by condition code. */
  private initials: (State | undefined)[] = [];
  private cached = 0;
  /** Per closure: instructions already added at this position (Machine's queue), by generation. */
  private readonly seen: Int32Array;
  private generation = 0;
  private starts = new Int32Array(64);
  private markers = new Int32Array(64);
  private spareStarts = new Int32Array(64);
  private spareMarkers = new Int32Array(64);
  /**
   * Lookbehinds' threads at positions of `text` a search passed, to resume the next search from the last one
   * before it (re2js's LookbehindState): where the last search started, where its match ended, and a character
   * before (where a match that passed a marker is reported to end).
   */
  private resume: { text: string; points: { position: number; state: State }[] } | null = null;

  /**
   * `cacheBudget`: threads cached before the cache is dropped; `guard`: when to give up. A test makes the budget
   * small to drop the cache often, with a guard that never gives up.
   */
  constructor(
    private readonly program: Re2Program,
    private readonly cacheBudget = CACHE_BUDGET,
    private readonly guard = new CacheGuard(),
  ) {
    this.inst = program.inst;
    this.seen = new Int32Array(this.inst.length);
    this.alphabet = new ProgramAlphabet(program);
    this.hasMarkers = this.inst.some((inst) => inst.op === OP.CAPTURE);
    this.reverse =
      program.numLb === 0 && !this.hasMarkers ? new ReverseDfa(program, this.alphabet, cacheBudget, this.guard) : null;
  }

  /** The leftmost-first match starting at or after `from` in `text`, or null. */
  find(text: string, from: number): DfaMatch | null {
    let state = this.searchStart(text, from);
    let position = from;
    // Registers only where the reverse DFA cannot tell the start (lookbehinds) or a marker is wanted.
    const tracking = this.reverse === null;
    if (tracking) {
      this.ensureRegisters(state.own);
      const lookbehinds = state.threads.length - state.own;
      for (let i = 0; i < state.own; i++) {
        this.starts[i] = from;
        if (this.hasMarkers) this.markers[i] = ((state.threads[lookbehinds + i] as number) & MARKED) !== 0 ? from : -1;
      }
    }
    let match: DfaMatch | null = null;
    let afterMatch: State | null = null;
    let beforeMatch: State | null = null;
    let beforeMatchPosition = -1;
    let previous = state;
    let previousPosition = position;
    const length = text.length;
    const alphabet = this.alphabet;
    for (;;) {
      if (state.own === 0 && match) break;
      if (state.firstMatch >= 0) {
        match ??= { start: -1, end: -1, marker: -1 };
        match.end = position;
        if (tracking) {
          const own = state.firstMatch - (state.threads.length - state.own);
          match.start = this.starts[own] as number;
          if (this.hasMarkers) match.marker = this.markers[own] as number;
        }
        afterMatch = state;
        beforeMatch = previousPosition < position ? previous : null;
        beforeMatchPosition = previousPosition;
      }
      if (position >= length) break;
      this.guard.scanned++;
      const rune = text.codePointAt(position) as number;
      const next = position + (rune > 0xffff ? 2 : 1);
      const key = alphabet.keyFor(rune, alphabet.conditionAt(text, next));
      const transition = state.next[key] ?? this.step(state, key, rune, alphabet.conditionAt(text, next));
      if (tracking) this.carry(transition, next);
      previous = state;
      previousPosition = position;
      state = transition.to;
      position = next;
    }
    if (!match) return null;
    if (this.reverse) {
      match.start = this.reverse.startOf(text, from, match.end);
      // Cannot be, as a match ends there; were it so, re2js's matcher is asked instead of reporting nonsense.
      if (match.start < 0) throw new UnsupportedProgram('the reverse DFA found no start for a match it was given');
    }
    if (this.resume && afterMatch) {
      const points = this.resume.points;
      if (beforeMatch) points.push({ position: beforeMatchPosition, state: this.withoutOwn(beforeMatch) });
      points.push({ position: match.end, state: this.withoutOwn(afterMatch) });
    }
    return match;
  }

  /** The state at `from` with a search started there: lookbehinds brought up to `from`, then the pattern's start. */
  private searchStart(text: string, from: number): State {
    const condition = this.alphabet.conditionAt(text, from);
    let behind: State;
    let position: number;
    const saved = this.resume?.text === text ? this.resumeBefore(from) : null;
    if (this.program.numLb === 0) {
      behind = this.initial(text);
      position = from;
    } else if (saved) {
      behind = saved.state;
      position = saved.position;
    } else {
      behind = this.initial(text);
      position = 0;
    }
    // Lookbehinds only, up to `from` (the pattern's threads start there).
    while (position < from) {
      this.guard.scanned++;
      const rune = text.codePointAt(position) as number;
      const next = position + (rune > 0xffff ? 2 : 1);
      const nextCondition = this.alphabet.conditionAt(text, next);
      const key = this.alphabet.keyFor(rune, nextCondition);
      behind = (behind.next[key] ?? this.step(behind, key, rune, nextCondition)).to;
      position = next;
    }
    if (this.program.numLb > 0) this.resume = { text, points: [{ position: from, state: behind }] };
    let started = behind.started.get(condition);
    if (!started) {
      started = this.build(behind, -1, condition, true, true).to;
      behind.started.set(condition, started);
    }
    return started;
  }

  /** The lookbehinds' threads at the text's start, before any search starts. */
  private initial(text: string): State {
    const condition = this.alphabet.conditionAt(text, 0);
    let state = this.initials[condition];
    if (!state) {
      state = this.build(null, -1, condition, false).to;
      this.initials[condition] = state;
    }
    return state;
  }

  /** The last resume point at or before `from` whose state is still cached. */
  private resumeBefore(from: number): { position: number; state: State } | null {
    const points = this.resume?.points ?? [];
    for (let i = points.length - 1; i >= 0; i--) {
      const point = points[i] as { position: number; state: State };
      if (point.position <= from && this.live(point.state)) return point;
    }
    return null;
  }

  /** Whether `state` belongs to the current cache (a dropped cache's states have no transitions to rely on). */
  private live(state: State): boolean {
    return this.states.get(this.keyOf(state.threads, state.restart, state.written)) === state;
  }

  /** Moves the registers along `transition`: a thread keeps its parent's start and marker, a new one starts here. */
  private carry(transition: Transition, position: number): void {
    const from = transition.from;
    const count = from.length;
    this.ensureSpare(count);
    const starts = this.starts;
    const nextStarts = this.spareStarts;
    for (let i = 0; i < count; i++) {
      const parent = from[i] as number;
      nextStarts[i] = parent >= 0 ? (starts[parent] as number) : position;
    }
    this.spareStarts = starts;
    this.starts = nextStarts;
    if (!this.hasMarkers) return;
    const markers = this.markers;
    const nextMarkers = this.spareMarkers;
    const here = transition.markedHere;
    for (let i = 0; i < count; i++) {
      const parent = from[i] as number;
      nextMarkers[i] = here && here[i] === 1 ? position : parent >= 0 ? (markers[parent] as number) : -1;
    }
    this.spareMarkers = markers;
    this.markers = nextMarkers;
  }

  /** Computes and caches `state`'s transition on `rune` (class and condition in `key`). */
  private step(state: State, key: number, rune: number, condition: number): Transition {
    if (this.cached > this.cacheBudget) this.dropCache();
    const transition = this.build(state, rune, condition, state.restart && state.firstMatch < 0);
    state.next[key] = transition;
    this.cached += transition.from.length + 1;
    return transition;
  }

  /**
   * Machine.step then Machine.add: the threads of `state` (up to its first MATCH) that take `rune` move on, in
   * order, each followed through the empty instructions under the condition `code`; then a new search starts if
   * `restart`.
   * `state` null: the lookbehinds start (Machine.spawnLookbehinds). `stay`: no character is taken; the state's
   * threads are kept as they are and only the new search is added.
   */
  private build(state: State | null, rune: number, code: number, restart: boolean, stay = false): Transition {
    this.generation++;
    const condition = this.alphabet.flagsOf[code] as number;
    const closure: Closure = {
      threads: [],
      from: [],
      markedHere: [],
      written: stay && state ? [...state.written] : [],
    };
    if (state === null) {
      for (const start of this.program.lbStarts) this.add(closure, start, condition, -1, false);
    } else if (stay) {
      // A lookbehinds-only state (see searchStart): its threads have no registers.
      for (const thread of state.threads) {
        this.seen[thread >> 1] = this.generation;
        closure.threads.push(thread);
      }
    } else {
      const lookbehinds = state.threads.length - state.own;
      const limit = state.firstMatch >= 0 ? state.firstMatch : state.threads.length;
      for (let i = 0; i < limit; i++) {
        const thread = state.threads[i] as number;
        const inst = this.inst[thread >> 1] as Re2Inst;
        if (takes(inst, rune)) this.add(closure, inst.out, condition, i - lookbehinds, (thread & MARKED) !== 0);
      }
    }
    if (restart) this.add(closure, this.program.start, condition, -1, false);
    const written = closure.written.sort((a, b) => a - b);
    const threads = Int32Array.from(closure.threads);
    const key = this.keyOf(threads, restart, written);
    let to = this.states.get(key);
    if (!to) {
      let own = 0;
      let firstMatch = -1;
      for (let i = 0; i < threads.length; i++) {
        const pc = (threads[i] as number) >> 1;
        if (this.program.lbInst[pc] === 0) own++;
        if (firstMatch < 0 && (this.inst[pc] as Re2Inst).op === OP.MATCH) firstMatch = i;
      }
      to = new State(threads, restart, written, own, firstMatch);
      this.states.set(key, to);
      this.cached += threads.length;
    }
    const markedHere = this.hasMarkers ? Uint8Array.from(closure.markedHere) : null;
    return { to, from: Int32Array.from(closure.from), markedHere };
  }

  /** Machine.add: follows `pc` through the empty instructions, depth first, the first way out first. */
  private add(closure: Closure, pc: number, condition: number, parent: number, marked: boolean): void {
    // Pairs: an instruction still to follow (>= 0) with whether its way passed a marker here, as Machine's stack.
    const stack: number[] = [];
    let markedHere = false;
    for (;;) {
      while (pc !== 0 && this.seen[pc] !== this.generation) {
        this.seen[pc] = this.generation;
        const inst = this.inst[pc] as Re2Inst;
        switch (inst.op) {
          case OP.FAIL:
            pc = 0;
            break;
          case OP.ALT:
          case OP.ALT_MATCH:
            stack.push(inst.arg, markedHere ? 1 : 0);
            pc = inst.out;
            break;
          case OP.EMPTY_WIDTH:
            pc = (inst.arg & ~condition) === 0 ? inst.out : 0;
            break;
          case OP.NOP:
            pc = inst.out;
            break;
          case OP.CAPTURE:
            if (inst.arg % 2 === 0) {
              if (marked || markedHere) throw new UnsupportedProgram('a match passes two capturing groups');
              markedHere = true;
            }
            pc = inst.out;
            break;
          case OP.LB_WRITE:
            closure.written.push(Math.abs(inst.arg));
            pc = inst.out;
            break;
          case OP.LB_CHECK: {
            const matched = closure.written.includes(Math.abs(inst.arg));
            pc = matched === inst.arg > 0 ? inst.out : 0;
            break;
          }
          default:
            // MATCH and the RUNE instructions: a thread, with registers when it is the pattern's own.
            closure.threads.push((pc << 1) | (marked || markedHere ? MARKED : 0));
            if (this.program.lbInst[pc] === 0) {
              closure.from.push(parent);
              closure.markedHere.push(markedHere ? 1 : 0);
            }
            pc = 0;
        }
      }
      if (stack.length === 0) return;
      markedHere = stack.pop() === 1;
      pc = stack.pop() as number;
    }
  }

  /** `state`'s lookbehind threads only, with no search going on: where the next search resumes. */
  private withoutOwn(state: State): State {
    if (state.lookbehindsOnly) return state.lookbehindsOnly;
    const threads = state.threads.filter((thread) => this.program.lbInst[thread >> 1] === 1);
    const key = this.keyOf(threads, false, state.written);
    let only = this.states.get(key);
    if (!only) {
      only = new State(threads, false, state.written, 0, -1);
      this.states.set(key, only);
      this.cached += threads.length;
    }
    state.lookbehindsOnly = only;
    return only;
  }

  private keyOf(threads: Int32Array, restart: boolean, written: readonly number[]): string {
    return `${restart ? 1 : 0}|${written.join(',')}|${threads.join(',')}`;
  }

  /** Forgets every state and transition; the search goes on from the state it is in, rebuilt as it is needed. */
  private dropCache(): void {
    this.guard.dropped(this.states.size);
    for (const state of this.states.values()) {
      state.next.length = 0;
      state.started.clear();
      state.lookbehindsOnly = null;
    }
    this.states = new Map();
    this.initials = [];
    this.cached = 0;
    this.resume = null;
  }

  private ensureRegisters(count: number): void {
    if (this.starts.length >= count) return;
    this.starts = new Int32Array(count * 2);
    this.markers = new Int32Array(count * 2);
  }

  private ensureSpare(count: number): void {
    if (this.spareStarts.length >= count) return;
    this.spareStarts = new Int32Array(count * 2);
    this.spareMarkers = new Int32Array(count * 2);
  }
}

interface Closure {
  threads: number[];
  from: number[];
  markedHere: number[];
  written: number[];
}
