import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LlmEvent } from '../../src/core/ports/llm';
import { useWireServer } from '../builders/useWireServer';
import { chunk, recordedStream, sse, WireServer } from '../builders/wireServer';
import { collect, summary, testProvider } from './helpers';

let server: WireServer;
useWireServer((started) => (server = started));

const CHAT = '/v1/chat/completions';
const ANSWER = 'Here are the three bullets:\n- Alpha\n- Beta\n- Gamma';
const THINKING = 'The user wants the three bullets as a list. Nothing to write to the vault; just answer.';
const magistral = (streaming: boolean) =>
  testProvider(server, 'openai-compatible', { model: 'magistral-medium-2509', streaming });
const wholeAnswer = (): unknown =>
  JSON.parse(
    readFileSync(
      resolve('test/fixtures/provider-streams/quirks/mistral_magistral_thinking_then_text.SYNTHETIC.json'),
      'utf8',
    ),
  );
const joined = (events: LlmEvent[], type: 'thinking'): string =>
  events.flatMap((event) => (event.type === type ? [event.delta] : [])).join('');
const warnings = (events: LlmEvent[]): string[] =>
  events.flatMap((event) => (event.type === 'warning' ? [event.message] : []));

describe('OpenAiProvider on content sent as a list of parts (Mistral Magistral)', () => {
  it('should stream the text parts as the answer and the thinking parts apart', async () => {
    server.reply(CHAT, { sse: recordedStream('quirks/mistral_magistral_thinking_then_text.SYNTHETIC.sse') });
    const events = await collect(magistral(true));
    expect(summary(events)).toEqual({
      text: ANSWER,
      calls: [],
      usage: { inputTokens: 412, outputTokens: 86, cacheReadTokens: 0, cacheWriteTokens: 0 },
      stop: 'end_turn',
    });
    expect(joined(events, 'thinking')).toBe(THINKING);
    expect(warnings(events)).toEqual([]);
  });

  it('should read the text and thinking parts of a whole (non-streamed) answer', async () => {
    server.reply(CHAT, { json: wholeAnswer() });
    const events = await collect(magistral(false));
    expect(summary(events)).toEqual({
      text: ANSWER,
      calls: [],
      usage: { inputTokens: 412, outputTokens: 86, cacheReadTokens: 0, cacheWriteTokens: 0 },
      stop: 'end_turn',
    });
    expect(joined(events, 'thinking')).toBe(THINKING);
  });

  it('should warn once about a content part it does not know, keeping the text around it', async () => {
    const reference = { content: [{ type: 'reference', reference_ids: [1, 2] }] };
    server.reply(CHAT, {
      sse: sse([
        chunk({ role: 'assistant', content: 'See ' }),
        chunk(reference),
        chunk(reference),
        chunk({ content: 'the sources.' }, 'stop'),
        '[DONE]',
      ]),
    });
    const events = await collect(magistral(true));
    expect(summary(events).text).toBe('See the sources.');
    expect(warnings(events)).toEqual([
      'The model sent a content part of type "reference" in its answer, which Embedded Agent cannot read; that part is left out.',
    ]);
  });

  it('should warn about content that is neither a string nor a list in a whole answer', async () => {
    const whole = wholeAnswer() as { choices: { message: { content: unknown } }[] };
    (whole.choices[0] as { message: { content: unknown } }).message.content = { text: 'hidden' };
    server.reply(CHAT, { json: whole });
    const events = await collect(magistral(false));
    expect(summary(events).text).toBe('');
    expect(warnings(events)).toEqual([
      'The model sent content that is an object in its answer, which Embedded Agent cannot read; that part is left out.',
    ]);
  });
});
