/**
 * Context windows of known models, in tokens, by model id prefix; the longest matching prefix wins. Local
 * model ids carry tags (`llama3.1:8b`) and OpenRouter ids a vendor (`anthropic/claude-sonnet-4.5`): both match
 * by their base name. Sizes are the models' own; a server can run them with less (Ollama's `num_ctx`), which
 * the `contextWindow` setting overrides.
 */
const KNOWN_WINDOWS: readonly (readonly [prefix: string, tokens: number])[] = [
  ['claude-', 200_000],
  ['gpt-5', 400_000],
  ['gpt-4.1', 1_047_576],
  ['gpt-4o', 128_000],
  ['gpt-4-turbo', 128_000],
  ['gpt-4', 8_192],
  ['gpt-3.5-turbo', 16_385],
  ['gpt-oss', 131_072],
  ['o1-mini', 128_000],
  ['o1-preview', 128_000],
  ['o1', 200_000],
  ['o3', 200_000],
  ['o4-mini', 200_000],
  ['llama3.1', 131_072],
  ['llama3.2', 131_072],
  ['llama3.3', 131_072],
  ['llama3', 8_192],
  ['llama-3.1', 131_072],
  ['llama-3.2', 131_072],
  ['llama-3.3', 131_072],
  ['llama4', 1_048_576],
  ['qwen3', 40_960],
  ['qwen2.5', 32_768],
  ['qwen', 32_768],
  ['mistral-large', 131_072],
  ['mistral-nemo', 131_072],
  ['mistral-small', 32_768],
  ['mistral', 32_768],
  ['mixtral', 32_768],
  ['codestral', 32_768],
  ['gemma3', 131_072],
  ['gemma2', 8_192],
  ['phi4', 16_384],
  ['phi3', 4_096],
  ['deepseek-r1', 131_072],
  ['deepseek-v3', 131_072],
  ['deepseek-coder-v2', 163_840],
  ['command-r', 131_072],
  ['gemini-', 1_048_576],
];

/** For a model the table does not know: small enough that condensing starts before a typical local server overflows. */
export const DEFAULT_CONTEXT_WINDOW = 32_768;

/**
 * The context window of `model`: `override` when it is a positive number (the `contextWindow` setting; 0 means
 * "look it up"), else the longest known prefix, else DEFAULT_CONTEXT_WINDOW.
 */
export function contextWindowFor(model: string, override = 0): number {
  if (Number.isFinite(override) && override > 0) return Math.floor(override);
  return knownWindow(model) ?? DEFAULT_CONTEXT_WINDOW;
}

/** Whether the table knows `model` (a listing shows no window rather than the fallback guess). */
export function isKnownModel(model: string): boolean {
  return knownWindow(model) !== undefined;
}

function knownWindow(model: string): number | undefined {
  const id = model.trim().toLowerCase();
  const base = id.slice(id.lastIndexOf('/') + 1);
  let best: readonly [string, number] | undefined;
  for (const entry of KNOWN_WINDOWS) {
    if (base.startsWith(entry[0]) && (best === undefined || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1];
}
