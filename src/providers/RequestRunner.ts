import { isAgentError } from '../core/errors';
import type { LlmEvent } from '../core/ports/llm';
import { cancelledError, inspectFailure, isRetryable, providerLabel, toAgentError } from './errors';
import { MAX_RETRY_AFTER_MS, parseRetryAfter, retryDelay } from './retry';
import type { ProviderOptions, Transport } from './types';

/**
 * Runs one model request across attempts and transports: picks streaming `fetch` or the buffered fetch, retries
 * what the retry policy allows (only before any event was passed on, so nothing is said twice), falls back to
 * the buffered fetch when a custom endpoint cannot be reached by streaming (CORS), and turns the final failure
 * into an AgentError. Keeps the fallback for later requests once it has worked.
 */
export class RequestRunner {
  private readonly options: ProviderOptions;
  private readonly label: string;
  /** The buffered fetch reached the server after streaming could not: use it from now on. */
  private corsFallback = false;

  constructor(options: ProviderOptions) {
    this.options = options;
    this.label = providerLabel(options.provider, options.baseUrl);
  }

  async *run(
    signal: AbortSignal,
    attempt: (transport: Transport) => AsyncIterable<LlmEvent>,
  ): AsyncGenerator<LlmEvent> {
    const { clock, maxRetries, model, provider, baseUrl } = this.options;
    let retries = 0;
    let trialOfFallback = false;
    for (;;) {
      if (signal.aborted) throw cancelledError(provider, baseUrl);
      const transport = this.transport(trialOfFallback);
      this.log(
        `${this.label} (${model}): request ${transport.label}${retries > 0 ? `, retry ${retries} of ${maxRetries}` : ''}`,
      );
      let yielded = false;
      try {
        for await (const event of attempt(transport)) {
          if (!yielded && trialOfFallback) this.keepFallback();
          yielded = true;
          yield event;
        }
        if (trialOfFallback && !yielded) this.keepFallback();
        return;
      } catch (error) {
        if (isAgentError(error)) throw error;
        const failure = inspectFailure(error);
        if (signal.aborted || failure.kind === 'abort') throw cancelledError(provider, baseUrl);
        if (trialOfFallback) {
          trialOfFallback = false;
          // An HTTP answer through the buffered fetch shows the server is there: streaming was blocked (CORS).
          if (failure.kind === 'http') this.keepFallback();
        } else if (!yielded && failure.kind === 'connection' && !failure.answered && this.canFallBack(transport)) {
          this.log(
            `${this.label}: streaming request failed (${failure.serverMessage}); trying without streaming in case CORS blocks it`,
          );
          trialOfFallback = true;
          yield { type: 'retry', reason: `streaming failed (${failure.serverMessage}); sent again without streaming` };
          continue;
        }
        const context = { provider, model, baseUrl, retries, midStream: yielded };
        if (yielded || !isRetryable(failure) || retries >= maxRetries) throw toAgentError(failure, context);
        const retryAfter = parseRetryAfter(failure.headers, clock.now());
        if (retryAfter !== undefined && retryAfter > MAX_RETRY_AFTER_MS)
          throw toAgentError(failure, { ...context, retryAfterMs: retryAfter });
        const delay = retryDelay(retries, retryAfter, this.options.random);
        this.log(
          `${this.label}: ${failure.status ?? failure.kind} ${failure.serverMessage}; retry ${retries + 1} of ${maxRetries} in ${delay} ms`,
        );
        try {
          await clock.sleep(delay, signal);
        } catch (sleepError) {
          if (signal.aborted) throw cancelledError(provider, baseUrl);
          throw sleepError;
        }
        retries += 1;
        yield {
          type: 'retry',
          reason: `${failure.status ?? failure.kind} ${failure.serverMessage}; retry ${retries} of ${maxRetries}`,
        };
      }
    }
  }

  private transport(trialOfFallback: boolean): Transport {
    const { streaming, fetch, nonStreamingFetch } = this.options;
    if (streaming && !trialOfFallback && !this.corsFallback)
      return { streaming: true, fetch, label: 'streaming over fetch' };
    if (nonStreamingFetch)
      return { streaming: false, fetch: nonStreamingFetch, label: 'without streaming over requestUrl' };
    return { streaming: false, fetch, label: 'without streaming over fetch' };
  }

  private canFallBack(transport: Transport): boolean {
    return transport.streaming && this.options.baseUrl !== '' && this.options.nonStreamingFetch !== undefined;
  }

  private keepFallback(): void {
    if (this.corsFallback) return;
    this.corsFallback = true;
    this.log(`${this.label}: streaming is blocked but requestUrl works; answers arrive whole from now on`);
  }

  private log(message: string): void {
    this.options.log?.(message);
  }
}
