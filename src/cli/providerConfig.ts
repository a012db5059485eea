import { AgentError } from '../core/errors';
import type { ProviderOptions } from '../providers/types';
import { DEFAULT_MODELS } from '../settings/settings';
import type { CliArgs } from './args';

/** The provider, model, URL and key the terminal runner talks to (as ProviderOptions names them), and where the key came from. */
export type ProviderChoice = Pick<ProviderOptions, 'provider' | 'model' | 'baseUrl' | 'apiKey'> & {
  /** Said at start-up, e.g. "key from ANTHROPIC_API_KEY". */
  keySource: string;
};

export type Environment = Readonly<Record<string, string | undefined>>;

const set = (value: string | undefined): string | undefined =>
  value !== undefined && value.trim() !== '' ? value.trim() : undefined;

/**
 * The provider from the flags, else from the environment: ANTHROPIC_API_KEY, then OPENAI_API_KEY, then
 * OPENAI_BASE_URL (or --base-url) alone, which means a keyless OpenAI-compatible server such as Ollama. Null when
 * nothing is configured. A provider named with --provider but lacking its key or URL is an error that says which
 * variable to set. API keys come only from the environment, never from flags, so they stay out of shell history.
 */
export function resolveProvider(
  args: Pick<CliArgs, 'provider' | 'model' | 'baseUrl'>,
  env: Environment,
): ProviderChoice | null {
  const anthropicKey = set(env.ANTHROPIC_API_KEY);
  const openAiKey = set(env.OPENAI_API_KEY);
  const openAiBase = set(args.baseUrl) ?? set(env.OPENAI_BASE_URL);
  const provider =
    args.provider ?? (anthropicKey ? 'anthropic' : openAiKey ? 'openai' : openAiBase ? 'openai-compatible' : null);
  if (provider === null) return null;
  const model = set(args.model) ?? set(env.EMBEDDED_AGENT_MODEL) ?? DEFAULT_MODELS[provider];
  switch (provider) {
    case 'anthropic':
      if (!anthropicKey)
        throw missing('--provider anthropic needs an API key: export ANTHROPIC_API_KEY=sk-ant-... and start again');
      return {
        provider,
        model,
        baseUrl: set(args.baseUrl) ?? '',
        apiKey: anthropicKey,
        keySource: 'key from ANTHROPIC_API_KEY',
      };
    case 'openai':
      if (!openAiKey) throw missing('--provider openai needs an API key: export OPENAI_API_KEY=sk-... and start again');
      return { provider, model, baseUrl: openAiBase ?? '', apiKey: openAiKey, keySource: 'key from OPENAI_API_KEY' };
    case 'openai-compatible':
      if (!openAiBase) {
        throw missing(
          "--provider openai-compatible needs the server's URL: add --base-url http://localhost:11434/v1 (Ollama) or export OPENAI_BASE_URL",
        );
      }
      return {
        provider,
        model,
        baseUrl: openAiBase,
        apiKey: openAiKey ?? '',
        keySource: openAiKey ? 'key from OPENAI_API_KEY' : 'no key',
      };
  }
}

/** One line for the start-up banner: provider, model, endpoint and where the key came from. */
export function describeProvider(choice: ProviderChoice): string {
  const endpoint = choice.baseUrl ? ` at ${choice.baseUrl}` : '';
  return `${choice.provider} · ${choice.model}${endpoint} (${choice.keySource})`;
}

/** Said after the provider refused the key (401/403): the settings path in that message is the plugin's, not ours. */
export function authHint(choice: ProviderChoice): string {
  if (choice.apiKey === '')
    return 'In the terminal runner a key for this server comes from OPENAI_API_KEY: export it and start again.';
  const variable = choice.provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY';
  return `In the terminal runner the key comes from ${variable}: export a valid key and start again.`;
}

function missing(message: string): AgentError {
  return new AgentError('PROVIDER_AUTH', message);
}
