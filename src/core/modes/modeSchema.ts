import { AgentError, describeError, isAgentError } from '../errors';
import type { JsonSchema } from '../tools/types';
import { validateInput } from '../tools/validateInput';
import { TOOL_GROUPS, type ModeConfig, type ModeSource } from './types';

/** A mode as users write it (global modes.json, vault settings): everything but `source`. */
export const MODE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    slug: { type: 'string', minLength: 1, description: 'Lowercase letters, digits and "-", at most 40.' },
    name: { type: 'string', minLength: 1, maxLength: 60 },
    toolGroups: { type: 'array', items: { type: 'string', enum: [...TOOL_GROUPS] }, minItems: 1, uniqueItems: true },
    roleDefinition: { type: 'string', minLength: 1 },
    customInstructions: { type: 'string' },
    whenToUse: { type: 'string' },
  },
  required: ['slug', 'name', 'toolGroups', 'roleDefinition'],
  additionalProperties: false,
};

const SLUG = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** How a mode at `index` of a list is named in messages: by its slug when it has a readable one. */
export function modeLabel(where: string, entry: unknown, index: number): string {
  const slug = entry !== null && typeof entry === 'object' ? (entry as { slug?: unknown }).slug : undefined;
  return typeof slug === 'string' && slug !== ''
    ? `${where}: mode "${slug}" (modes[${index}])`
    : `${where}: modes[${index}]`;
}

/**
 * Checks one user-written mode and returns it with its source. Throws an `INVALID_INPUT` AgentError naming the
 * place, the mode and the field: modes.json: mode "researcher" (modes[1]): `toolGroups[0]` must be one of …
 */
export function parseMode(entry: unknown, label: string, source: Exclude<ModeSource, 'built-in'>): ModeConfig {
  const valid = validateInput<Omit<ModeConfig, 'source'>>(label, MODE_SCHEMA, entry);
  if (!SLUG.test(valid.slug)) {
    throw new AgentError(
      'INVALID_INPUT',
      `${label}: \`slug\` must be lowercase letters, digits and "-" (at most 40, starting with a letter or digit), got ${JSON.stringify(valid.slug)}`,
    );
  }
  return { ...valid, source };
}

/** A mode as it is written to a file: without `source`, which the file it is in already says. */
export function serializeMode(mode: ModeConfig): Omit<ModeConfig, 'source'> {
  const { source: _source, ...rest } = mode;
  return rest;
}

export interface LoadedModes {
  /** The valid modes, in list order. */
  modes: ModeConfig[];
  /** One error per problem, each naming the place, the mode and the field; the valid modes still load. */
  errors: AgentError[];
}

/** Parses a list of user-written modes (modes.json, the vault's settings), keeping the valid ones. */
export function parseModeList(
  entries: readonly unknown[],
  where: string,
  source: Exclude<ModeSource, 'built-in'>,
): LoadedModes {
  const modes: ModeConfig[] = [];
  const errors: AgentError[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const label = modeLabel(where, entry, index);
    try {
      const mode = parseMode(entry, label, source);
      if (seen.has(mode.slug))
        throw new AgentError('INVALID_INPUT', `${label}: \`slug\` "${mode.slug}" is already used by an earlier mode`);
      seen.add(mode.slug);
      modes.push(mode);
    } catch (error) {
      errors.push(isAgentError(error) ? error : new AgentError('INVALID_INPUT', `${label}: ${describeError(error)}`));
    }
  });
  return { modes, errors };
}
