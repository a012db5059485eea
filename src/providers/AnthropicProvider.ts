import type { LlmEvent, LlmPort, LlmRequest, TokenPrices } from '../core/ports/llm';
import { AnthropicMessagesClient } from './AnthropicMessagesClient';
import { anthropicMessageEvents, AnthropicStreamReader } from './anthropicEvents';
import { cancelledError } from './errors';
import { pricesFor } from './pricing';
import { RequestRunner } from './RequestRunner';
import { toAnthropicMessages, toAnthropicSystem, toAnthropicTools } from './toAnthropicMessages';
import { canonicalNameLookup } from './ToolCallAccumulator';
import type { FetchLike, ProviderOptions, Transport } from './types';

export const ANTHROPIC_API = 'https://api.anthropic.com';
/** Passed on every request: without it the SDK refuses large non-streaming `max_tokens` up front. */
const REQUEST_TIMEOUT_MS = 10 * 60 * 1000;

/** Claude through `@anthropic-ai/sdk`, raw stream events, our own retry policy and prompt caching. */
export class AnthropicProvider implements LlmPort {
  readonly provider = 'anthropic';
  readonly model: string;
  readonly contextWindow: number;
  readonly endpoint: string;
  readonly prices: TokenPrices | null;
  private readonly options: ProviderOptions;
  private readonly runner: RequestRunner;
  private readonly clients = new Map<FetchLike | undefined, AnthropicMessagesClient>();

  constructor(options: ProviderOptions) {
    this.options = options;
    this.model = options.model;
    this.contextWindow = options.contextWindow;
    this.endpoint = options.baseUrl || ANTHROPIC_API;
    this.prices = pricesFor(this.provider, this.model, this.endpoint);
    this.runner = new RequestRunner(options);
  }

  stream(request: LlmRequest): AsyncIterable<LlmEvent> {
    return this.runner.run(request.signal, (transport) => this.attempt(request, transport));
  }

  private async *attempt(request: LlmRequest, transport: Transport): AsyncGenerator<LlmEvent> {
    const client = this.client(transport.fetch);
    const canonicalName = canonicalNameLookup(request.tools);
    const tools = toAnthropicTools(request.tools);
    const system = toAnthropicSystem(request.system);
    const body = {
      model: this.model,
      max_tokens: request.maxTokens,
      messages: toAnthropicMessages(request.messages),
      ...(system ? { system } : {}),
      ...(tools.length > 0 ? { tools } : {}),
      // Anthropic accepts 0–1 and refuses more (400); the setting goes up to OpenAI's 2.
      ...(request.temperature === undefined ? {} : { temperature: Math.min(request.temperature, 1) }),
    };
    const requestOptions = { signal: request.signal, timeout: REQUEST_TIMEOUT_MS };
    if (!transport.streaming) {
      const message = await client.messages.create({ ...body, stream: false }, requestOptions);
      yield* anthropicMessageEvents(message, canonicalName, this.model);
      return;
    }
    const stream = await client.messages.create({ ...body, stream: true }, requestOptions);
    const reader = new AnthropicStreamReader(canonicalName, this.model);
    for await (const event of stream) yield* reader.read(event);
    // The SDK ends the iteration quietly when the signal aborts.
    if (request.signal.aborted) throw cancelledError('anthropic', this.options.baseUrl);
    yield* reader.end();
  }

  private client(fetch: FetchLike | undefined): AnthropicMessagesClient {
    let client = this.clients.get(fetch);
    if (!client) {
      client = new AnthropicMessagesClient({
        apiKey: this.options.apiKey,
        // Explicit, so that ANTHROPIC_BASE_URL in the environment cannot redirect the key.
        baseURL: this.endpoint,
        ...(fetch ? { fetch } : {}),
        maxRetries: 0,
        // Obsidian's renderer is a browser as far as the SDK is concerned; the key is the user's own.
        dangerouslyAllowBrowser: true,
      });
      this.clients.set(fetch, client);
    }
    return client;
  }
}
