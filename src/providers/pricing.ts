import type { TokenPrices } from '../core/ports/llm';

/** List prices in US dollars per million tokens; `cacheRead` is the price of a cached input token as a share of `input`. */
interface Price {
  input: number;
  output: number;
  cacheRead: number;
}

/**
 * Published list prices by model id prefix (longest prefix wins), for an *estimate* shown after a run. Prices
 * change and contracts differ: the UI says "estimated", and a model not listed shows no cost rather than a guess.
 * Anthropic bills cache writes at 1.25× and cache reads at 0.1× the input price; OpenAI bills cache reads at 0.1×
 * (gpt-5), 0.25× (gpt-4.1) or 0.5× (gpt-4o) and cache writes not at all.
 */
const PRICES: readonly [prefix: string, price: Price][] = [
  ['claude-opus-4-5', { input: 5, output: 25, cacheRead: 0.1 }],
  ['claude-opus-4-6', { input: 5, output: 25, cacheRead: 0.1 }],
  ['claude-opus-4', { input: 15, output: 75, cacheRead: 0.1 }],
  ['claude-sonnet-4', { input: 3, output: 15, cacheRead: 0.1 }],
  ['claude-haiku-4', { input: 1, output: 5, cacheRead: 0.1 }],
  ['gpt-4.1-nano', { input: 0.1, output: 0.4, cacheRead: 0.25 }],
  ['gpt-4.1-mini', { input: 0.4, output: 1.6, cacheRead: 0.25 }],
  ['gpt-4.1', { input: 2, output: 8, cacheRead: 0.25 }],
  ['gpt-4o-mini', { input: 0.15, output: 0.6, cacheRead: 0.5 }],
  ['gpt-4o', { input: 2.5, output: 10, cacheRead: 0.5 }],
  ['gpt-5-nano', { input: 0.05, output: 0.4, cacheRead: 0.1 }],
  ['gpt-5-mini', { input: 0.25, output: 2, cacheRead: 0.1 }],
  ['gpt-5', { input: 1.25, output: 10, cacheRead: 0.1 }],
];

/**
 * What `model`'s tokens cost, in US dollars per million: null when it cannot be known. A server on this machine or
 * the local network (Ollama, LM Studio) costs nothing to call; another OpenAI-compatible service (OpenRouter and
 * the like) has prices of its own, so they are unknown.
 */
export function pricesFor(provider: string, model: string, endpoint?: string): TokenPrices | null {
  if (provider === 'openai-compatible')
    return endpoint !== undefined && isLocalEndpoint(endpoint)
      ? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }
      : null;
  const price = [...PRICES]
    .filter(([prefix]) => model.startsWith(prefix))
    .sort((a, b) => b[0].length - a[0].length)[0]?.[1];
  if (!price) return null;
  const cacheWrite = provider === 'anthropic' ? 1.25 : 1;
  return {
    input: price.input,
    output: price.output,
    cacheRead: price.input * price.cacheRead,
    cacheWrite: price.input * cacheWrite,
  };
}

/** The list price per million tokens of `model` (null when not known), or 'free' for a local server. */
export function pricePerMillion(
  provider: string,
  model: string,
  endpoint?: string,
): { input: number; output: number } | 'free' | null {
  const prices = pricesFor(provider, model, endpoint);
  if (!prices) return null;
  return prices.input === 0 && prices.output === 0 ? 'free' : { input: prices.input, output: prices.output };
}

/** True for a URL whose host is this machine or a private network address. */
export function isLocalEndpoint(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host === '::1') return true;
  const octets = host.split('.').map(Number);
  if (octets.length !== 4 || octets.some((octet) => !Number.isInteger(octet) || octet < 0 || octet > 255))
    return /^f[cd][0-9a-f]{2}:/.test(host);
  const [a = -1, b = -1] = octets;
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}
