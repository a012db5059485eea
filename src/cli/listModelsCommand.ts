import type { Writable } from 'node:stream';
import { describeError } from '../core/errors';
import type { HttpPort } from '../core/ports/http';
import { formatModelLine, listModels } from '../providers/models/listModels';
import type { ListModelsArgs } from './args';
import { resolveProvider, type Environment } from './providerConfig';
import { terminalOutput } from './terminalText';
import { noProviderHelp } from './usage';

/**
 * `--list-models`: the configured provider's models, one per line (id, context window, tool support), then exit.
 * The provider is resolved as for a chat (flags, then environment); a failure prints what to fix and exits 2.
 */
export async function listModelsCommand(
  args: ListModelsArgs,
  env: Environment,
  http: HttpPort,
  stdout: Writable,
  fail: (message: string) => number,
): Promise<number> {
  const choice = resolveProvider(args, env);
  if (choice === null) return fail(noProviderHelp('<folder>'));
  let models;
  try {
    models = await listModels(http, { provider: choice.provider, baseUrl: choice.baseUrl, apiKey: choice.apiKey });
  } catch (error) {
    return fail(
      `Could not list the models of ${choice.provider}${choice.baseUrl ? ` at ${choice.baseUrl}` : ''}: ${describeError(error)}`,
    );
  }
  const where = choice.baseUrl ? ` at ${choice.baseUrl}` : '';
  if (models.length === 0) {
    stdout.write(
      terminalOutput(
        `${choice.provider}${where} offers no models${choice.provider === 'openai-compatible' ? ' (for Ollama: ollama pull llama3.1)' : ''}.\n`,
      ),
    );
    return 0;
  }
  stdout.write(
    terminalOutput(
      `${models.length} model${models.length === 1 ? '' : 's'} from ${choice.provider}${where}:\n${models.map((model) => `  ${formatModelLine(model)}`).join('\n')}\n`,
    ),
  );
  return 0;
}
