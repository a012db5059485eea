import { requestUrl, type App } from 'obsidian';
import type { LlmPort } from '../core/ports/llm';
import { SystemClock } from '../node/SystemClock';
import { createProvider } from '../providers/createProvider';
import type { EmbeddedAgentSettings } from '../settings/settings';
import { createRequestUrlFetch } from '../obsidian/requestUrlFetch';
import { ObsidianHttp } from '../obsidian/ObsidianHttp';
import { checkConnection, formatChecklist } from '../providers/models/connectionCheck';
import { listModels, type ModelInfo } from '../providers/models/listModels';
import { ServerWindows } from '../providers/models/serverWindows';

/** Windows the configured server reported, for the models built after a listing in this session. */
const serverWindows = new ServerWindows();

/**
 * What the chat panel needs beyond the services, loaded on first use (the provider SDKs are most of the bundle).
 * The model is built from the settings at each call, so a changed setting applies to the next message.
 */
export function createLlm(app: App, settings: EmbeddedAgentSettings): LlmPort {
  return createProvider({
    provider: settings.provider,
    model: settings.model,
    baseUrl: settings.baseUrl,
    apiKey: app.secretStorage.getSecret(settings.apiKeySecret) ?? '',
    streaming: settings.streaming,
    maxRetries: settings.maxRetries,
    toolCallFormat: settings.toolCallFormat,
    contextWindow: serverWindows.windowFor(settings.provider, settings.baseUrl, settings.model, settings.contextWindow),
    // Streaming needs fetch: requestUrl buffers the whole response and cannot be aborted. Only the provider's API
    // goes through it (requestUrl remains the non-streaming path). Bound to the window: an unbound `fetch` throws
    // "Illegal invocation" in the renderer.
    fetch: (input, init) => window.fetch(input, init),
    nonStreamingFetch: createRequestUrlFetch(requestUrl),
    clock: new SystemClock(),
  });
}

/** The provider's models with these settings, through requestUrl (a local server sends no CORS headers). */
export async function listModelsFor(app: App, settings: EmbeddedAgentSettings): Promise<ModelInfo[]> {
  const apiKey = app.secretStorage.getSecret(settings.apiKeySecret) ?? '';
  const models = await listModels(new ObsidianHttp(requestUrl), {
    provider: settings.provider,
    baseUrl: settings.baseUrl,
    apiKey,
  });
  serverWindows.remember(settings.provider, settings.baseUrl, models);
  return models;
}

/**
 * Test connection with the person's settings: the checklist, one line per check. Resolves when nothing failed,
 * rejects with the whole checklist when something did (its failed line says what to fix).
 */
export async function checkConnectionFor(app: App, settings: EmbeddedAgentSettings): Promise<string> {
  const llm = createLlm(app, settings);
  const apiKey = app.secretStorage.getSecret(settings.apiKeySecret) ?? '';
  const endpoint = { provider: settings.provider, baseUrl: settings.baseUrl, apiKey };
  const items = await checkConnection(new ObsidianHttp(requestUrl), endpoint, llm, (models) =>
    serverWindows.remember(settings.provider, settings.baseUrl, models),
  );
  const checklist = formatChecklist(items);
  if (items.some((item) => item.ok === false)) throw new Error(`\n${checklist}`);
  return `\n${checklist}`;
}

/** One tiny request with these settings: resolves with what to show, rejects with the provider's exact error. */
export async function testConnection(llm: LlmPort): Promise<string> {
  const started = Date.now();
  const controller = new AbortController();
  let text = '';
  for await (const event of llm.stream({
    system: 'You are a connection test. Answer with the single word OK.',
    messages: [{ role: 'user', text: 'Say OK.' }],
    tools: [],
    maxTokens: 16,
    signal: controller.signal,
  })) {
    if (event.type === 'text') text += event.delta;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return `${llm.model} answered${text.trim() === '' ? '' : ` "${text.trim().slice(0, 40)}"`} in ${seconds} s`;
}
