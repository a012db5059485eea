import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextCallRecognizer } from '../../../src/providers/textCalls/TextCallRecognizer';
import { CALLING_ANSWERS, QUOTED_ANSWERS } from '../../builders/quotedCalls';

const OFFERED = new Set(['vault_readFile', 'vault_delete']);
const MARKERS = ['<tool_call>', '[TOOL_CALLS]', '<|python_tag|>', '```json', '{'];

/** Streams `pieces` through a recognizer; returns what was shown and the calls found. */
function recognize(pieces: readonly string[]): { shown: string; calls: unknown[] } {
  const recognizer = new TextCallRecognizer((name) => OFFERED.has(name));
  let shown = '';
  for (const piece of pieces) shown += recognizer.push(piece);
  shown += recognizer.end(false);
  return { shown, calls: recognizer.recognized.flatMap((found) => found.calls) };
}

/** `text` cut at `cuts` (positions past its end ignored), so that the pieces join back into it. */
function split(text: string, cuts: readonly number[]): string[] {
  const at = [...new Set(cuts.filter((cut) => cut > 0 && cut < text.length))].sort((a, b) => a - b);
  return [0, ...at].map((start, i) => text.slice(start, at[i] ?? text.length));
}

const characters = (text: string): string[] => Array.from(text);
const ALL_ANSWERS = [...Object.values(QUOTED_ANSWERS), ...Object.values(CALLING_ANSWERS).map((entry) => entry.answer)];

describe('TextCallRecognizer: calls quoted in an answer', () => {
  it.each(Object.entries(QUOTED_ANSWERS))(
    'should show a call quoted in %s as text and find no call, whole or a character at a time',
    (_, answer) => {
      expect(recognize([answer])).toEqual({ shown: answer, calls: [] });
      expect(recognize(characters(answer))).toEqual({ shown: answer, calls: [] });
    },
  );

  it.each(Object.entries(CALLING_ANSWERS))(
    'should still find %s, whole or a character at a time',
    (_, { answer, shown, calls }) => {
      expect(recognize([answer])).toEqual({ shown, calls });
      expect(recognize(characters(answer))).toEqual({ shown, calls });
    },
  );

  it('should find the same calls and show the same text whatever position an answer is cut in two at', () => {
    for (const answer of ALL_ANSWERS) {
      const whole = recognize([answer]);
      for (let at = 1; at < answer.length; at += 1)
        expect(recognize([answer.slice(0, at), answer.slice(at)]), `cut at ${at} of ${JSON.stringify(answer)}`).toEqual(
          whole,
        );
    }
  });

  it('should find the same calls and show the same text however an answer is cut into pieces', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALL_ANSWERS),
        fc.array(fc.nat({ max: 400 }), { maxLength: 40 }),
        (answer, cuts) => {
          expect(recognize(split(answer, cuts))).toEqual(recognize([answer]));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('should hold back nothing of a quoting answer but a line start that may still open a call', () => {
    for (const answer of Object.values(QUOTED_ANSWERS)) {
      const recognizer = new TextCallRecognizer((name) => OFFERED.has(name));
      let shown = '';
      for (let at = 0; at < answer.length; at += 1) {
        shown += recognizer.push(answer[at] ?? '');
        expect(answer.startsWith(shown)).toBe(true);
        const held = answer.slice(shown.length, at + 1);
        const head = held.replace(/^ {0,3}/, '');
        if (head !== '')
          expect(
            MARKERS.some((marker) => marker.startsWith(head)),
            `held ${JSON.stringify(held)} of ${JSON.stringify(answer)}`,
          ).toBe(true);
      }
    }
  });

  it('should stream a quoted marker at once, before its line ends', () => {
    const recognizer = new TextCallRecognizer((name) => OFFERED.has(name));
    expect(recognizer.push('> <tool_call>\n> {"na')).toBe('> <tool_call>\n> {"na');
    expect(recognizer.push('me": "vault_delete"}\n<tool_')).toBe('me": "vault_delete"}\n<tool_');
  });
});
