import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages/messages';

/**
 * The SDK's client with only the Messages API, the one this plugin calls. `Anthropic` builds every resource
 * (beta, models, files, tool runners) in its constructor, so bundling it adds ~260 KB of main.js that is never
 * used. `BaseAnthropic` is the SDK's own base of `Anthropic`: same options, transport, errors and streaming.
 */
export class AnthropicMessagesClient extends BaseAnthropic {
  readonly messages: Messages = new Messages(this);
}
