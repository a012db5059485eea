import type { ModelInfo } from './modelHttp';

/**
 * Context windows a server reported in its model list, remembered for this session by endpoint and model, so
 * the model built next uses the server's size (Ollama's `context_length`) rather than the table's guess. The
 * `contextWindow` setting still wins; a window is known once the list was fetched (refresh, or Test connection).
 */
export class ServerWindows {
  private readonly windows = new Map<string, number>();

  remember(provider: string, baseUrl: string, models: readonly ModelInfo[]): void {
    for (const model of models) {
      if (model.contextSource === 'server' && model.contextWindow)
        this.windows.set(key(provider, baseUrl, model.id), model.contextWindow);
    }
  }

  /** The `contextWindow` setting when set (> 0), else the server's reported window, else 0 (look it up). */
  windowFor(provider: string, baseUrl: string, model: string, setting: number): number {
    if (setting > 0) return setting;
    return this.windows.get(key(provider, baseUrl, model)) ?? 0;
  }
}

const key = (provider: string, baseUrl: string, model: string): string =>
  `${provider}\n${baseUrl.trim().replace(/\/+$/, '')}\n${model}`;
