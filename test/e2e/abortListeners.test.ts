import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type { LlmPort } from '../../src/core/ports/llm';
import { useWireServer } from '../builders/useWireServer';
import type { WirePath, WireServer } from '../builders/wireServer';
import { anthropicCalls, anthropicText, openAiCalls, openAiText, type WireCall } from '../builders/wireScripts';
import { buildWireAgent, removeTemporaryFolders } from './wireAgent';

let server: WireServer;
useWireServer((started) => (server = started));
afterEach(() => removeTemporaryFolders());

const TURNS = 12;
const read = (turn: number): WireCall => ({
  id: `call_${turn}`,
  name: 'vault.readFile',
  input: { path: `Note ${turn}.md` },
});
const files = Object.fromEntries(Array.from({ length: TURNS }, (_, turn) => [`Note ${turn}.md`, `note ${turn}\n`]));

/** The real provider, noting the signal of each request so the test can count what listens to it afterwards. */
function watchingSignals(llm: LlmPort, signals: AbortSignal[]): LlmPort {
  return Object.assign(Object.create(llm) as LlmPort, {
    stream: (request: Parameters<LlmPort['stream']>[0]) => {
      signals.push(request.signal);
      return llm.stream(request);
    },
  });
}

describe.each([
  { provider: 'openai' as const, path: '/v1/chat/completions' as WirePath, calls: openAiCalls, text: openAiText },
  { provider: 'anthropic' as const, path: '/v1/messages' as WirePath, calls: anthropicCalls, text: anthropicText },
])('a long run over $provider', ({ provider, path, calls, text }) => {
  it(`should leave no abort listener behind on the run's signal after ${TURNS} model calls`, async () => {
    server.reply(path, ...Array.from({ length: TURNS }, (_, turn) => calls([read(turn)])), text('Read them all.'));
    const signals: AbortSignal[] = [];
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => void warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const probe = await buildWireAgent({ server, provider, files });
      const agent = await buildWireAgent({
        server,
        provider,
        files,
        task: { api: watchingSignals(probe.llm, signals) },
      });
      const result = await agent.run('Read every note');
      expect(result).toMatchObject({ completedBy: 'text', iterations: TURNS + 1 });
    } finally {
      process.off('warning', onWarning);
    }
    expect(signals).toHaveLength(TURNS + 1);
    expect(new Set(signals).size).toBe(1);
    expect(getEventListeners(signals[0] as AbortSignal, 'abort')).toHaveLength(0);
    expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });
});
