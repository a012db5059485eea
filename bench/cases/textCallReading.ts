import { TextCallRecognizer } from '../../src/providers/textCalls/TextCallRecognizer';
import { measure, ms, type BenchRow } from '../measure';

/** About what a local server sends per chunk: one token. */
const PIECE = 4;
const LINE = 'A line of the note with "quotes", a `tick`, } { braces and a \\ backslash, as notes have.\n';

/** A long note written with one `<tool_call>`: the case where the whole call is held until its JSON closes. */
const LONG_CALL = `I will write it now.\n<tool_call>\n${JSON.stringify({ name: 'vault_createFile', arguments: { path: 'Long.md', content: LINE.repeat(2000) } })}\n</tool_call>`;
/** A long answer of prose, lists, quotes and fences, with quoted calls: text that streams through as it comes. */
const LONG_ANSWER = Array.from({ length: 250 }, (_, i) =>
  [
    `## Part ${i + 1}`,
    '',
    LINE.trimEnd(),
    `- ${LINE}  ${LINE.trimEnd()}`,
    `> <tool_call>\n> {"name": "vault_delete", "arguments": {"path": "${i}.md"}}\n> </tool_call>`,
    '```',
    '<tool_call>',
    '```',
    '',
  ].join('\n'),
).join('\n');

function read(answer: string): number {
  const recognizer = new TextCallRecognizer(() => true);
  for (let at = 0; at < answer.length; at += PIECE) recognizer.push(answer.slice(at, at + PIECE));
  recognizer.end(false);
  return recognizer.recognized.length;
}

/** The recognizer's time over a long answer streamed a token at a time: work the chat panel does as text arrives. */
export async function textCallReadingBench(): Promise<BenchRow[]> {
  if (read(LONG_CALL) !== 1 || read(LONG_ANSWER) !== 0)
    throw new Error('The text call reader found the wrong calls in the benchmark answers');
  const area = `tool calls written as text: reading an answer streamed in ${PIECE}-character pieces`;
  const kb = (text: string): string => `${Math.round(text.length / 1024)} KB`;
  const call = await measure(() => read(LONG_CALL), { runs: 7 });
  const answer = await measure(() => read(LONG_ANSWER), { runs: 7 });
  return [
    {
      area,
      measure: `one call writing a ${kb(LONG_CALL)} note (median, p95)`,
      result: `${ms(call.median)} ms, ${ms(call.p95)} ms`,
      target: '< 250 ms',
      met: call.p95 < 250,
    },
    {
      area,
      measure: `a ${kb(LONG_ANSWER)} answer of prose, lists, quotes and fences quoting calls (median, p95)`,
      result: `${ms(answer.median)} ms, ${ms(answer.p95)} ms`,
      target: '< 250 ms',
      met: answer.p95 < 250,
      note: 'A local model that writes a long note through a text call, or a long answer that quotes calls, costs the panel a fraction of a second over the minutes such an answer takes to stream: the reader scans each piece once as it comes, never the whole call again per piece, which for this note took 136 s.',
    },
  ];
}
