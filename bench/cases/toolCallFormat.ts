import type { ToolCallFormat } from '../../src/providers/createProvider';
import { toWireName } from '../../src/core/tools/wireNames';
import { buildWireAgent, removeTemporaryFolders } from '../../test/e2e/wireAgent';
import { openAiCalls, openAiText, type WireCall } from '../../test/builders/wireScripts';
import { chunk, sse, WireServer, type ScriptedReply } from '../../test/builders/wireServer';
import { estimatedTokens, taskSize, type TaskSize } from '../chatRequestSize';
import type { BenchRow } from '../measure';

const CHAT = '/v1/chat/completions';
const IDEAS = [
  'Weekly review on Sunday evenings',
  'Ask Maren how her team runs retros',
  'Standing desk for the home office',
  'Reading list for the winter',
  'Sourdough starter schedule',
];
const INBOX = `# Inbox\n\n${IDEAS.map((idea) => `- ${idea}`).join('\n')}\n`;
const FINAL = `Created ${IDEAS.length} notes in Ideas/, one for each bullet of Inbox.md.`;

/** The task as the model answers it: read the inbox, create one note per bullet in one turn, then say what it did. */
const TURNS: readonly WireCall[][] = [
  [{ id: 'call_read', name: 'vault.readFile', input: { path: 'Inbox.md' } }],
  IDEAS.map((idea, i) => ({
    id: `call_create_${i + 1}`,
    name: 'vault.createFile',
    input: { path: `Ideas/${idea}.md`, content: `# ${idea}\n\nFrom the inbox.\n` },
  })),
];

/** An answer of a model with no tool template: its calls as Hermes `<tool_call>` blocks in the text, streamed in small pieces. */
function textCallsAnswer(calls: readonly WireCall[]): ScriptedReply {
  const text = calls
    .map(
      (call) => `<tool_call>\n${JSON.stringify({ name: toWireName(call.name), arguments: call.input })}\n</tool_call>`,
    )
    .join('\n');
  const pieces = [chunk({ role: 'assistant', content: '' })];
  for (let at = 0; at < text.length; at += 16) pieces.push(chunk({ content: text.slice(at, at + 16) }));
  return { sse: sse([...pieces, chunk({}, 'stop'), '[DONE]']) };
}

/** Runs the task end to end (real `openai` SDK, AgentTask in Agent mode, pipeline) and sizes what the server received. */
async function runTask(
  server: WireServer,
  format: Exclude<ToolCallFormat, 'auto'>,
): Promise<TaskSize & { tools: number }> {
  server.reset();
  server.reply(
    CHAT,
    ...TURNS.map((calls) => (format === 'native' ? openAiCalls(calls) : textCallsAnswer(calls))),
    openAiText(FINAL),
  );
  const agent = await buildWireAgent({
    server,
    provider: 'openai-compatible',
    toolCallFormat: format,
    files: { 'Inbox.md': INBOX },
  });
  const result = await agent.run('Turn each bullet of Inbox.md into a note of its own in Ideas/');
  const created = Object.keys(agent.vault.dump()).filter((path) => path.startsWith('Ideas/'));
  if (result.text !== FINAL || created.length !== IDEAS.length)
    throw new Error(
      `The ${format} run did not finish the task: ${created.length} notes created, answer "${result.text}"`,
    );
  const requests = server.requests.filter((request) => request.path === CHAT);
  // The tools Agent mode offers, counted where they travel natively.
  const tools = (requests[0]?.body as { tools?: unknown[] } | undefined)?.tools?.length ?? 0;
  return { ...taskSize(requests), tools };
}

/**
 * Prompt size of one task with the tools offered natively (`tools` array) and written as text (a compact list in
 * the system prompt, calls as `<tool_call>` text), over the real SDK to the local wire server.
 */
export async function toolCallFormatBench(): Promise<BenchRow[]> {
  const server = await WireServer.start();
  try {
    const native = await runTask(server, 'native');
    const text = await runTask(server, 'text');
    return rows(native, text);
  } finally {
    await server.close();
    await removeTemporaryFolders();
  }
}

function rows(native: TaskSize & { tools: number }, text: TaskSize & { tools: number }): BenchRow[] {
  const n = (value: number): string => value.toLocaleString('en-US');
  const tokens = (chars: number): string => `~${n(estimatedTokens(chars))}`;
  const pct = (after: number, before: number): string =>
    `${after >= before ? '+' : ''}${Math.round((100 * (after - before)) / before)}%`;
  const area = `tool call format, "inbox to notes" (openai-compatible, Agent mode, ${native.tools} tools)`;
  const perTask = (size: TaskSize, tools: string): string =>
    `${size.requests} requests, ${n(size.bytes)} bytes, ${tokens(size.chars)} tokens; tools ${tokens(size.toolChars)} (${tools}, ${tokens(size.toolChars / size.requests)} per request)`;
  const saved = estimatedTokens(native.chars - text.chars);
  const perRequest = estimatedTokens((native.toolChars - text.toolChars) / native.requests);
  return [
    {
      area,
      measure:
        'native tool calls: requests, request bytes, prompt tokens (estimate: body characters / 4) summed over the task, and the tool definitions among them',
      result: perTask(native, 'the `tools` array'),
      target: '–',
      met: null,
    },
    {
      area,
      measure: 'tool calls written as text (`toolCallFormat: text`): the same',
      result: perTask(text, 'the list in the system prompt'),
      target: '–',
      met: null,
    },
    {
      area,
      measure: 'system prompt alone, first request: native → text (the tool list in it)',
      result: `${tokens(native.systemChars)} → ${tokens(text.systemChars)} tokens`,
      target: '–',
      met: null,
    },
    {
      area,
      measure: 'text vs native, whole task: prompt tokens, request bytes',
      result: `${tokens(native.chars)} → ${tokens(text.chars)} tokens (${pct(text.chars, native.chars)}); ${n(native.bytes)} → ${n(text.bytes)} bytes (${pct(text.bytes, native.bytes)})`,
      target: '–',
      met: null,
      note:
        `with \`toolCallFormat: text\` every request carries about ${n(perRequest)} fewer tokens of tool definitions (one line per tool instead of its JSON schema), ~${n(saved)} over this ${native.requests}-request task (${pct(text.chars, native.chars)}). ` +
        "A local model processes every prompt token on your own machine, so this means less prompt to work through before an answer (most on the first request, as servers that cache a repeated prefix skip some of it later) and more of a small context window left for your notes; the counts are estimates from the request bodies, since the server's chat template renders native tools in its own way.",
    },
  ];
}
