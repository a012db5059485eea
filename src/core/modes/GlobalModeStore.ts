import { AgentError, describeError, isAgentError } from '../errors';
import type { ModesFilePort } from '../ports/modesFile';
import { parseModeList, serializeMode, type LoadedModes } from './modeSchema';
import type { ModeConfig } from './types';

/**
 * The user's global modes, shared by every vault: `{ "modes": [ { slug, name, toolGroups, roleDefinition,
 * customInstructions?, whenToUse? } ] }`. A broken file never takes the built-in modes down with it: load reports
 * what is wrong and returns what it could read.
 */
export class GlobalModeStore {
  constructor(private readonly file: ModesFilePort) {}

  async load(): Promise<LoadedModes> {
    let text: string | null;
    try {
      text = await this.file.read();
    } catch (error) {
      return {
        modes: [],
        errors: [
          new AgentError(
            isAgentError(error) ? error.code : 'INTERNAL',
            `Could not read the global modes file ${this.file.location}: ${describeError(error)}`,
          ),
        ],
      };
    }
    if (text === null || text.trim() === '') return { modes: [], errors: [] };
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      return {
        modes: [],
        errors: [
          new AgentError(
            'INVALID_INPUT',
            `${this.file.location} is not valid JSON (${describeError(error)}); only the built-in modes are available until it is fixed`,
          ),
        ],
      };
    }
    const entries = data !== null && typeof data === 'object' ? (data as { modes?: unknown }).modes : undefined;
    if (!Array.isArray(entries)) {
      return {
        modes: [],
        errors: [
          new AgentError(
            'INVALID_INPUT',
            `${this.file.location} must hold an object with a "modes" list, like {"modes": []}`,
          ),
        ],
      };
    }
    return parseModeList(entries, this.file.location, 'global');
  }

  /** Validates `modes` and writes them; throws the first problem without touching the file. */
  async save(modes: readonly ModeConfig[]): Promise<void> {
    const entries = modes.map(serializeMode);
    const { errors } = parseModeList(entries, this.file.location, 'global');
    if (errors[0]) throw errors[0];
    await this.file.write(`${JSON.stringify({ modes: entries }, null, 2)}\n`);
  }
}
