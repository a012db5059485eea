import { AgentError } from '../../core/errors';
import type { HttpPort } from '../../core/ports/http';
import type { LlmPort } from '../../core/ports/llm';
import type { ToolDefinition } from '../../core/ports/toolDefinition';
import { isKnownModel } from '../contextWindows';
import { isLocalEndpoint, pricePerMillion } from '../pricing';
import { listModels, type ModelEndpoint, type ModelInfo } from './listModels';
import { TEXT_CALL_ID_PREFIX } from '../textCalls/withTextCalls';

/** One line of the checklist: passed, failed (with what to fix), or not checked (null). */
export interface CheckItem {
  name: string;
  ok: boolean | null;
  detail: string;
}

/** The trivial tool offered once, to see whether the model calls tools natively. */
const PING: ToolDefinition = {
  name: 'connection.ping',
  description: 'Answers pong. Call it when asked to test the connection.',
  inputSchema: { type: 'object', properties: {}, required: [] },
};

/**
 * Test connection as a checklist: reachable, key accepted, model exists (from the model list), streams, makes a
 * native tool call when offered a trivial tool (one short request), context window, price per million tokens.
 * It stops at the first failure that makes the rest meaningless; each failure says what to fix.
 */
export async function checkConnection(
  http: HttpPort,
  endpoint: ModelEndpoint,
  llm: LlmPort,
  onListed?: (models: readonly ModelInfo[]) => void,
): Promise<CheckItem[]> {
  const items: CheckItem[] = [];
  const add = (name: string, ok: boolean | null, detail: string): CheckItem[] => {
    items.push({ name, ok, detail });
    return items;
  };
  let models: ModelInfo[] | null = null;
  try {
    models = await listModels(http, endpoint);
    onListed?.(models);
    add('Reachable', true, `${endpoint.baseUrl || 'the provider'} answered`);
    add('Key accepted', true, endpoint.apiKey ? 'the model list came back' : 'no key needed');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = error instanceof AgentError ? error.code : 'INTERNAL';
    if (code === 'NETWORK') return add('Reachable', false, message);
    add('Reachable', true, `${endpoint.baseUrl || 'the provider'} answered`);
    if (code === 'PROVIDER_AUTH') return add('Key accepted', false, `${message}${otherProviderKey(endpoint)}`);
    if (code === 'NOT_FOUND') return add('Base URL path', false, message);
    // A server without a model list can still chat: say so, and go on.
    add('Model list', null, `not available (${message})`);
  }
  const listed = models?.find((model) => model.id === llm.model);
  if (models !== null) {
    if (!listed) return add('Model exists', false, missingModel(llm.model, endpoint, models));
    add('Model exists', true, llm.model);
  }
  const reply = await oneRequest(llm);
  if (reply.error) {
    // A server that refuses the offered tool outright (a 400 naming tools) fails the tool line, not streaming.
    if (
      /\btools?\b/i.test(reply.error.message) &&
      !(reply.error instanceof AgentError && reply.error.code === 'NETWORK')
    ) {
      return add(
        'Native tool call',
        false,
        `the server refused a request that offers a tool: ${reply.error.message} Pick a model or server version that supports tools.`,
      );
    }
    return add('Streams', false, reply.error.message + corsHint(endpoint, reply.error, models !== null));
  }
  add(
    'Streams',
    reply.events > 1 ? true : null,
    reply.events > 1
      ? `${reply.events} events`
      : 'the answer came in one piece (streaming is off, or the server does not stream)',
  );
  if (reply.toolCall === 'text') {
    // Read from the answer's text (toolCallFormat auto or text): the agent can act, though not through native calls.
    add(
      'Native tool call',
      null,
      'the model wrote the call as text instead of a native call; the agent reads such calls (toolCallFormat auto or text), so it can act',
    );
  } else {
    add(
      'Native tool call',
      reply.toolCall === 'native',
      reply.toolCall === 'native' ? 'called the test tool' : noToolCall(listed, reply.text),
    );
  }
  add('Context window', true, contextWindowLine(llm, listed));
  add('Price', true, priceLine(llm));
  return items;
}

/** The checklist as lines, e.g. "✓ Reachable: http://… answered". */
export function formatChecklist(items: readonly CheckItem[]): string {
  return items
    .map((item) => `${item.ok === true ? '✓' : item.ok === false ? '✗' : '–'} ${item.name}: ${item.detail}`)
    .join('\n');
}

/** A call of the test tool: none, a native one, or one the provider read from the answer's text. */
type PingCall = false | 'native' | 'text';

async function oneRequest(llm: LlmPort): Promise<{ events: number; toolCall: PingCall; text: string; error?: Error }> {
  let events = 0;
  let toolCall: PingCall = false;
  let text = '';
  try {
    const request = {
      system: 'You are a connection test. Call the connection_ping tool once, with no arguments.',
      messages: [{ role: 'user' as const, text: 'Call the tool now.' }],
      tools: [PING],
      maxTokens: 64,
      signal: new AbortController().signal,
    };
    for await (const event of llm.stream(request)) {
      if (event.type === 'text' || event.type === 'tool-call-delta' || event.type === 'tool-call-start') events++;
      if (event.type === 'text') text += event.delta;
      if (event.type === 'tool-call' && event.name === PING.name)
        toolCall = event.id.startsWith(TEXT_CALL_ID_PREFIX) ? 'text' : 'native';
    }
  } catch (error) {
    return { events, toolCall, text, error: error instanceof Error ? error : new Error(String(error)) };
  }
  return { events, toolCall, text };
}

function otherProviderKey(endpoint: ModelEndpoint): string {
  const anthropicKey = endpoint.apiKey.startsWith('sk-ant-');
  if (endpoint.provider === 'anthropic' && endpoint.apiKey && !anthropicKey)
    return ' This key does not start with sk-ant-: it looks like a key for another provider.';
  if (endpoint.provider !== 'anthropic' && anthropicKey)
    return ' This is an Anthropic key (sk-ant-…): choose the provider "anthropic", or use a key for this server.';
  return '';
}

function missingModel(model: string, endpoint: ModelEndpoint, models: readonly ModelInfo[]): string {
  const some = models
    .slice(0, 5)
    .map((item) => item.id)
    .join(', ');
  const pull =
    endpoint.provider === 'openai-compatible' && models.some((item) => item.tools !== undefined)
      ? ` Pull it first: ollama pull ${model}.`
      : '';
  return `${model} is not among the models the server lists${some ? ` (${some}${models.length > 5 ? ', …' : ''})` : ''}.${pull} Or pick a listed one.`;
}

/** From Obsidian a local server must allow the app's origin for the streamed request (the list goes through requestUrl). */
function corsHint(endpoint: ModelEndpoint, error: Error, listed: boolean): string {
  if (!listed || !(error instanceof AgentError) || error.code !== 'NETWORK' || !isLocalEndpoint(endpoint.baseUrl))
    return '';
  return ' The model list answered but the chat request did not: a local server must allow CORS from app://obsidian.md (LM Studio: turn on CORS in its server settings; Ollama allows app://* unless OLLAMA_ORIGINS was narrowed).';
}

function noToolCall(listed: ModelInfo | undefined, text: string): string {
  if (listed?.tools === false)
    return `the server says ${listed.id} does not support tools: pick a model that does (its capabilities lack "tools").`;
  const said = text.trim() ? ` It answered in text instead ("${text.trim().slice(0, 60)}").` : '';
  return `no native tool call.${said} The server may drop \`tools\` (an old server version, or a model without tool support); the agent needs tool calls to act.`;
}

function contextWindowLine(llm: LlmPort, listed: ModelInfo | undefined): string {
  const tokens = (n: number): string => `${n.toLocaleString('en-US')} tokens`;
  if (listed?.contextSource === 'server' && listed.contextWindow)
    return `${tokens(listed.contextWindow)} (from the server)`;
  if (isKnownModel(llm.model)) return `${tokens(llm.contextWindow)} (known-models table or the Context window setting)`;
  return `${tokens(llm.contextWindow)} (a guess: set Context window to the model's size)`;
}

function priceLine(llm: LlmPort): string {
  const price = pricePerMillion(llm.provider, llm.model, llm.endpoint);
  if (price === 'free') return 'free (a local server)';
  if (price === null) return 'not known for this model';
  return `$${price.input} input, $${price.output} output per million tokens (list price)`;
}
