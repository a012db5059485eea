import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { OP, programOf } from '../../../src/core/search/re2Program';

/**
 * re2Program.ts reads re2js's internals (its compiled program), as re2js 2.10 lays them out. When this fails after
 * an upgrade of re2js, the regex search still works (on re2js's own, slower matcher) but re2Program.ts and
 * leftmostDfa.ts must be brought up to date with re2js's src/Prog.js, src/Inst.js and src/Machine.js.
 */
describe('re2Program', () => {
  it("should read the programs re2js compiles for the search's patterns", () => {
    const compiled = [
      RE2JS.compile('(?:a{1,9}){1,9}x', RE2JS.MULTILINE | RE2JS.CASE_INSENSITIVE),
      RE2JS.compile('(?<![\\p{L}\\p{N}_])nota()(?:[^\\p{L}\\n]|$)', RE2JS.MULTILINE | RE2JS.LOOKBEHINDS),
      RE2JS.compile('^\\w+$', RE2JS.MULTILINE),
    ];
    const programs = compiled.map((pattern) => programOf(pattern));
    expect(programs.every((program) => program !== null)).toBe(true);
    const [repeat, boundary] = programs;
    expect(
      repeat?.inst.filter((inst) => inst.op === OP.RUNE && inst.matchRune(0x61) && inst.matchRune(0x41)),
    ).toHaveLength(81);
    expect(boundary?.numLb).toBe(1);
    expect(boundary?.inst.some((inst) => inst.op === OP.LB_CHECK && inst.arg < 0)).toBe(true);
    expect(boundary?.inst.filter((inst) => inst.op === OP.CAPTURE)).toHaveLength(2);
  });

  it('should give null for a program laid out otherwise, so that the search falls back', () => {
    const foreign = { re2: () => ({ prog: { inst: [{ op: 42 }], start: 0, lbStarts: [], numLb: 0 } }) };
    expect(programOf(foreign as unknown as RE2JS)).toBeNull();
    expect(programOf({ re2: () => ({}) } as unknown as RE2JS)).toBeNull();
  });
});
