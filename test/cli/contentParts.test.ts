import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useWireServer } from '../builders/useWireServer';
import { recordedStream, sse, chunk, WireServer } from '../builders/wireServer';
import { exampleVaultCopy, removeTemporaryFolders, startSession } from './harness';

let server: WireServer;
useWireServer((started) => (server = started));
afterEach(() => removeTemporaryFolders());

const CHAT = '/v1/chat/completions';
const ANSWER_LINES = ['Here are the three bullets:', '- Alpha', '- Beta', '- Gamma'];
const THINKING = 'The user wants the three bullets as a list. Nothing to write to the vault; just answer.';

async function ask(extraArgs: string[]) {
  const paths = await exampleVaultCopy();
  const argv = ['--vault', paths.vault, '--checkpoints', paths.checkpoints, '--mode', 'ask', ...extraArgs];
  const run = startSession({
    argv,
    env: { OPENAI_BASE_URL: server.openAiBaseUrl, EMBEDDED_AGENT_MODEL: 'magistral-medium-2509' },
    lines: ['List the bullets', '/quit'],
    modesFile: paths.modesFile,
  });
  expect(await run.code).toBe(0);
  return run.stdout();
}

describe('terminal runner with a model that sends content as a list of parts (Mistral Magistral)', () => {
  it('should print the streamed answer, with the thinking on a line of its own before it', async () => {
    server.reply(CHAT, { sse: recordedStream('quirks/mistral_magistral_thinking_then_text.SYNTHETIC.sse') });
    const out = await ask([]);
    expect(out).toContain(`Thinking: ${THINKING}\n${ANSWER_LINES.join('\n')}`);
  });

  it('should print the answer of a whole (non-streamed) reply, and its thinking apart', async () => {
    server.reply(CHAT, {
      json: JSON.parse(
        readFileSync(
          resolve('test/fixtures/provider-streams/quirks/mistral_magistral_thinking_then_text.SYNTHETIC.json'),
          'utf8',
        ),
      ) as unknown,
    });
    const out = await ask(['--no-stream']);
    expect(out).toContain(`Thinking: ${THINKING}\n${ANSWER_LINES.join('\n')}`);
  });

  it('should warn about a content shape it cannot read instead of showing nothing', async () => {
    server.reply(CHAT, {
      sse: sse([chunk({ role: 'assistant', content: [{ type: 'audio', data: 'UklGR' }] }, 'stop'), '[DONE]']),
    });
    const out = await ask([]);
    expect(out).toContain(
      '! The model sent a content part of type "audio" in its answer, which Embedded Agent cannot read; that part is left out.',
    );
  });
});
