import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordedStream, sse, chunk, useWireServer, WireServer } from '../builders/wireServer';
import { exampleVaultCopy, removeTemporaryFolders, startSession } from './harness';

let server: WireServer;
useWireServer((started) => (server = started));
afterEach(() => removeTemporaryFolders());

const CHAT = '/v1/chat/completions';
const ANSWER_LINES = ['Here are the three bullets:', '- Alpha', '- Beta', '- Gamma'];

async function ask(extraArgs: string[]) {
  const paths = await exampleVaultCopy();
  const argv = ['--vault', paths.vault, '--checkpoints', paths.checkpoints, '--mode', 'ask', ...extraArgs];
  const run = startSession({ argv, env: { OPENAI_BASE_URL: server.openAiBaseUrl, EMBEDDED_AGENT_MODEL: 'magistral-medium-2509' }, lines: ['List the bullets', '/quit'], modesFile: paths.modesFile });
  expect(await run.code).toBe(0);
  return run.stdout();
}

describe('terminal runner with a model that sends content as a list of parts (Mistral Magistral)', () => {
  it('should print the streamed answer, without the thinking', async () => {
    server.reply(CHAT, { sse: recordedStream('quirks/mistral_magistral_thinking_then_text.SYNTHETIC.sse') });
    const out = await ask([]);
    for (const line of ANSWER_LINES) expect(out).toContain(line);
    expect(out).not.toContain('Nothing to write to the vault');
  });

  it('should print the answer of a whole (non-streamed) reply', async () => {
    server.reply(CHAT, { json: JSON.parse(readFileSync(resolve('test/fixtures/provider-streams/quirks/mistral_magistral_thinking_then_text.SYNTHETIC.json'), 'utf8')) as unknown });
    const out = await ask(['--no-stream']);
    for (const line of ANSWER_LINES) expect(out).toContain(line);
    expect(out).not.toContain('Nothing to write to the vault');
  });

  it('should warn about a content shape it cannot read instead of showing nothing', async () => {
    server.reply(CHAT, { sse: sse([chunk({ role: 'assistant', content: [{ type: 'audio', data: 'UklGR' }] }, 'stop'), '[DONE]']) });
    const out = await ask([]);
    expect(out).toContain('! The model sent a content part of type "audio" in its answer, which Embedded Agent cannot read; that part is left out.');
  });
});
