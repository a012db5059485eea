import { afterEach, describe, expect, it } from 'vitest';
import { useWireServer } from '../builders/useWireServer';
import { chunk, sse, WireServer } from '../builders/wireServer';
import { EXAMPLE_VAULT, exampleVaultCopy, readTree, removeTemporaryFolders, startSession } from './harness';

let server: WireServer;
useWireServer((started) => (server = started));
afterEach(() => removeTemporaryFolders());

const CHAT = '/v1/chat/completions';
const WEEKLY = '# Weekly review\n\nSunday evenings, 30 minutes, same checklist.\n';
const MAREN = '# Ask Maren about retros\n\nHow does her team run retros without slides?\n';
const toolCall = (name: string, args: unknown): string =>
  `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;

/** A local model with no tool template: it writes its calls as Hermes text, streamed three characters at a time. */
function textAnswer(text: string): { sse: string } {
  const pieces = [chunk({ role: 'assistant', content: '' })];
  for (let at = 0; at < text.length; at += 3) pieces.push(chunk({ content: text.slice(at, at + 3) }));
  return { sse: sse([...pieces, chunk({}, 'stop'), '[DONE]']) };
}

function inboxConversation(): void {
  server.reply(
    CHAT,
    textAnswer(`Reading your inbox.\n${toolCall('vault_readFile', { path: 'Inbox.md' })}`),
    textAnswer(
      `${toolCall('vault_createFile', { path: 'Ideas/Weekly review.md', content: WEEKLY })}\n${toolCall('vault.createFile', { path: 'Ideas/Ask Maren about retros.md', content: MAREN })}`,
    ),
    textAnswer('Created 2 notes in Ideas/.'),
  );
}

async function session(extraArgs: string[]) {
  const paths = await exampleVaultCopy();
  const argv = ['--vault', paths.vault, '--checkpoints', paths.checkpoints, '--mode', 'agent', ...extraArgs];
  const lines = ['Turn my inbox into notes', 'y', 'y', '/revert', 'y', '/quit'];
  const run = startSession({
    argv,
    env: { OPENAI_BASE_URL: server.openAiBaseUrl, EMBEDDED_AGENT_MODEL: 'qwen2.5:7b-instruct' },
    lines,
    modesFile: paths.modesFile,
  });
  return { paths, run };
}

describe('terminal runner with a local model that writes its tool calls as text', () => {
  it.each([[[]], [['--tool-call-format', 'text']]])(
    'should create notes from the inbox bullets, ask for approval, and revert them (%j)',
    async (extraArgs) => {
      inboxConversation();
      const { paths, run } = await session(extraArgs);
      expect(await run.code).toBe(0);
      const out = run.stdout();
      expect(out).toContain(
        'agent> Turn my inbox into notes\nReading your inbox.\n→ vault.readFile path: "Inbox.md"\n  ✓ vault.readFile\n',
      );
      expect(out).toContain('Approval needed: Create Ideas/Weekly review.md');
      expect(out).toContain('Approval needed: Create Ideas/Ask Maren about retros.md');
      expect(out).toContain('Created 2 notes in Ideas/.');
      expect(out).toContain('delete (the run created it) Ideas/Weekly review.md');
      expect(out).toContain('Revert these changes? [y/n] y\nReverted');
      // The person sees the calls, never their markup.
      expect(out).not.toContain('<tool_call>');
      expect(await readTree(paths.vault)).toEqual(await readTree(EXAMPLE_VAULT));

      // The model gets its calls back as its own text and the results as <tool_response> blocks.
      const second = server.bodies(CHAT)[1]?.messages as { role: string; content: string }[];
      expect(second.at(-2)).toEqual({
        role: 'assistant',
        content: `Reading your inbox.\n<tool_call>\n{"name":"vault_readFile","arguments":{"path":"Inbox.md"}}\n</tool_call>`,
      });
      expect(second.at(-1)?.role).toBe('user');
      expect(second.at(-1)?.content).toMatch(
        /^<tool_response>\n\{"name":"vault_readFile","content":".*Ask Maren how her team runs retros without slides.*"\}\n<\/tool_response>$/s,
      );
    },
  );

  it('should describe the tools in the system prompt and offer none natively with --tool-call-format text', async () => {
    inboxConversation();
    const { run } = await session(['--tool-call-format', 'text']);
    expect(await run.code).toBe(0);
    const first = server.bodies(CHAT)[0] ?? {};
    expect(first.tools).toBeUndefined();
    const system = (first.messages as { content: string }[])[0]?.content ?? '';
    expect(system).toMatch(/\n- vault_createFile\(path: string, .*\): /);
    expect(system).toContain('To call a tool, write exactly this');
  });

  it('should refuse an unknown --tool-call-format, naming the values', async () => {
    const paths = await exampleVaultCopy();
    const run = startSession({
      argv: ['--vault', paths.vault, '--tool-call-format', 'xml'],
      env: { OPENAI_BASE_URL: server.openAiBaseUrl },
      lines: [],
      modesFile: paths.modesFile,
    });
    expect(await run.code).toBe(2);
    expect(run.stderr()).toContain('--tool-call-format must be one of auto, native, text, got "xml"');
  });
});
