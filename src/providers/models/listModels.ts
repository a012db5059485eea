import type { HttpPort } from '../../core/ports/http';
import { contextWindowFor, isKnownModel } from '../contextWindows';
import { listAnthropicModels } from './anthropicModels';
import type { ModelEndpoint, ModelInfo } from './modelHttp';
import { listOllamaModels } from './ollamaModels';
import { listOpenAiModels } from './openAiModels';

export type { ModelEndpoint, ModelInfo } from './modelHttp';

/**
 * The models the configured server offers, sorted by id, each with its context window from the server where it
 * says, else from the known-models table. The settings tab and `--list-models` share it. Rejects with an
 * AgentError whose message says what to fix.
 */
export async function listModels(http: HttpPort, endpoint: ModelEndpoint): Promise<ModelInfo[]> {
  const listed =
    endpoint.provider === 'anthropic'
      ? await listAnthropicModels(http, endpoint.baseUrl, endpoint.apiKey)
      : ((endpoint.provider === 'openai-compatible' && endpoint.baseUrl.trim() !== ''
          ? await listOllamaModels(http, endpoint.baseUrl, endpoint.apiKey)
          : null) ?? (await listOpenAiModels(http, endpoint.baseUrl, endpoint.apiKey)));
  return listed
    .map((model) =>
      model.contextWindow || !isKnownModel(model.id)
        ? model
        : { ...model, contextWindow: contextWindowFor(model.id), contextSource: 'table' as const },
    )
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** One line per model for the terminal: id, context window and where it came from, tool support when known. */
export function formatModelLine(model: ModelInfo): string {
  const parts = [model.id];
  if (model.contextWindow)
    parts.push(
      `${model.contextWindow.toLocaleString('en-US')} tokens${model.contextSource === 'table' ? ' (known-models table)' : ''}`,
    );
  if (model.tools !== undefined) parts.push(model.tools ? 'tools' : 'no tools');
  return parts.join('  ·  ');
}
