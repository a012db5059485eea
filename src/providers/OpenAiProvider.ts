import OpenAI from 'openai';
import type { LlmEvent, LlmPort, LlmRequest, TokenPrices } from '../core/ports/llm';
import { cancelledError } from './errors';
import { withLinkedSignal } from './linkedSignal';
import { openAiCompletionEvents, OpenAiStreamReader } from './openAiEvents';
import { pricesFor } from './pricing';
import { RequestRunner } from './RequestRunner';
import { textToolPrompt } from './textCalls/textCallPrompt';
import { TEXT_CALL_ID_PREFIX, withTextCalls } from './textCalls/withTextCalls';
import { canonicalNameLookup } from './ToolCallAccumulator';
import { toOpenAiMessages, toOpenAiTools } from './toOpenAiMessages';
import type { FetchLike, ProviderOptions, Transport } from './types';

export const OPENAI_API = 'https://api.openai.com/v1';
const REQUEST_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * OpenAI and OpenAI-compatible servers (Ollama, LM Studio, OpenRouter) through the `openai` SDK's chat
 * completions. Chunks are read raw and tool calls accumulated here, so that local servers' quirks do not break
 * the answer.
 */
export class OpenAiProvider implements LlmPort {
  readonly provider: 'openai' | 'openai-compatible';
  readonly model: string;
  readonly contextWindow: number;
  readonly endpoint: string;
  readonly prices: TokenPrices | null;
  private readonly options: ProviderOptions;
  private readonly runner: RequestRunner;
  private readonly clients = new Map<FetchLike | undefined, OpenAI>();

  constructor(options: ProviderOptions) {
    this.provider = options.provider === 'openai' ? 'openai' : 'openai-compatible';
    this.options = options;
    this.model = options.model;
    this.contextWindow = options.contextWindow;
    this.endpoint = options.baseUrl || OPENAI_API;
    this.prices = pricesFor(this.provider, this.model, this.endpoint);
    this.runner = new RequestRunner(options);
  }

  stream(request: LlmRequest): AsyncIterable<LlmEvent> {
    const events = withLinkedSignal(request.signal, (signal) =>
      this.runner.run(signal, (transport) => this.attempt({ ...request, signal }, transport)),
    );
    // Calls written as text are looked for only where tools were offered, and never in the planner's JSON answer.
    if (this.toolCallFormat === 'native' || request.tools.length === 0 || request.json) return events;
    const canonicalName = canonicalNameLookup(request.tools);
    const offered = new Set(request.tools.map((tool) => tool.name));
    return withTextCalls(
      events,
      canonicalName,
      (name) => offered.has(canonicalName(name)),
      () => `${TEXT_CALL_ID_PREFIX}${crypto.randomUUID().slice(0, 8)}`,
    );
  }

  /** OpenAI's own models call tools natively: there `auto` reads nothing from the text. */
  private get toolCallFormat(): 'auto' | 'native' | 'text' {
    const format = this.options.toolCallFormat ?? 'auto';
    return format === 'auto' && this.provider === 'openai' ? 'native' : format;
  }

  private async *attempt(request: LlmRequest, transport: Transport): AsyncGenerator<LlmEvent> {
    const client = this.client(transport.fetch);
    const canonicalName = canonicalNameLookup(request.tools);
    const body = this.body(request);
    const requestOptions = { signal: request.signal, timeout: REQUEST_TIMEOUT_MS };
    if (!transport.streaming) {
      const completion = await client.chat.completions.create({ ...body, stream: false }, requestOptions);
      yield* openAiCompletionEvents(completion, canonicalName);
      return;
    }
    const stream = await client.chat.completions.create(
      { ...body, stream: true, stream_options: { include_usage: true } },
      requestOptions,
    );
    const reader = new OpenAiStreamReader(canonicalName);
    for await (const chunk of stream) yield* reader.read(chunk);
    // The SDK ends the iteration quietly when the signal aborts.
    if (request.signal.aborted) throw cancelledError(this.provider, this.options.baseUrl);
    yield* reader.end();
  }

  private body(request: LlmRequest): OpenAI.Chat.ChatCompletionCreateParamsNonStreaming {
    const official = this.provider === 'openai';
    // `text`: the tools go into the system prompt and every call travels as text, for servers with no tool template.
    const asText = this.toolCallFormat === 'text' && request.tools.length > 0;
    const tools = asText ? [] : toOpenAiTools(request.tools);
    const system = asText ? `${request.system}\n\n${textToolPrompt(request.tools)}` : request.system;
    // OpenAI's reasoning models refuse `max_tokens`; local servers know only `max_tokens` (deprecated by OpenAI).
    const tokenLimit: Record<string, number> = official
      ? { max_completion_tokens: request.maxTokens }
      : { max_tokens: request.maxTokens };
    return {
      model: this.model,
      messages: toOpenAiMessages(
        system,
        request.messages,
        asText ? () => true : (id) => id.startsWith(TEXT_CALL_ID_PREFIX),
      ),
      ...(tools.length > 0 ? { tools } : {}),
      ...tokenLimit,
      ...(request.temperature !== undefined && !(official && fixedTemperature(this.model))
        ? { temperature: request.temperature }
        : {}),
      // LM Studio accepts only `json_schema` here, so the JSON mode is asked of OpenAI alone; prompts ask for JSON anyway.
      ...(request.json && official ? { response_format: { type: 'json_object' } } : {}),
    };
  }

  private client(fetch: FetchLike | undefined): OpenAI {
    let client = this.clients.get(fetch);
    if (!client) {
      const keyless = this.options.apiKey === '';
      client = new OpenAI({
        // The SDK insists on a credential; a keyless server gets a placeholder whose header is removed below.
        apiKey: keyless ? 'no-key' : this.options.apiKey,
        // Explicit nulls, so that OPENAI_* variables in the environment add nothing to the request.
        adminAPIKey: null,
        organization: null,
        project: null,
        webhookSecret: null,
        baseURL: this.endpoint,
        ...(fetch ? { fetch } : {}),
        maxRetries: 0,
        // A keyless local server (Ollama, LM Studio) gets no Authorization header at all.
        ...(keyless ? { defaultHeaders: { Authorization: null } } : {}),
        // Obsidian's renderer is a browser as far as the SDK is concerned; the key is the user's own.
        dangerouslyAllowBrowser: true,
      });
      this.clients.set(fetch, client);
    }
    return client;
  }
}

/** OpenAI's reasoning models (o-series, gpt-5) accept only the default temperature. */
function fixedTemperature(model: string): boolean {
  return /^(o\d|gpt-5)/i.test(model);
}
