import type { CommandInfo } from '../../ports/commands';
import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';
import { CORE_COMMAND_NAMESPACES } from './coreCommandNamespaces';

export interface ListCommandsInput {
  query?: string;
  prefix?: string;
  limit: number;
}

export interface ListedCommand {
  id: string;
  name: string;
  ownerHint?: string;
  ownerType: 'core' | 'community' | 'unknown';
}

export interface ListCommandsOutput {
  commands: ListedCommand[];
  truncated: boolean;
}

/**
 * Lists commands, sorted by name then id so that the same query always gives the same page. `query` words must
 * all appear in the name or the id; `prefix` filters ids. Both ignore case: plugin ids are not consistently
 * lowercase, and models guess the case.
 */
export class ListCommandsTool extends BaseTool<ListCommandsInput, ListCommandsOutput> {
  readonly name = 'commands.list' as const;

  execute(input: ListCommandsInput, context: ToolContext): Promise<ListCommandsOutput> {
    const words = (input.query ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => word !== '');
    const prefix = (input.prefix ?? '').toLowerCase();
    const community = new Set(context.commands.communityPluginIds());
    const matches = context.commands
      .list()
      .filter((command) => command.id.toLowerCase().startsWith(prefix) && matchesAll(command, words))
      .sort(byNameThenId);
    return Promise.resolve({
      commands: matches.slice(0, input.limit).map((command) => describe(command, community)),
      truncated: matches.length > input.limit,
    });
  }
}

function matchesAll(command: CommandInfo, words: string[]): boolean {
  const haystack = `${command.name}\n${command.id}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

function byNameThenId(a: CommandInfo, b: CommandInfo): number {
  return compare(a.name.toLowerCase(), b.name.toLowerCase()) || compare(a.name, b.name) || compare(a.id, b.id);
}

/** Code-unit order, not locale order: the same on every machine. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function describe(command: CommandInfo, community: ReadonlySet<string>): ListedCommand {
  const colon = command.id.indexOf(':');
  const owner = colon > 0 ? command.id.slice(0, colon) : undefined;
  if (owner === undefined) {
    // Ids without a prefix belong to the app (Obsidian registers a few such); a known one is still core.
    const ownerType = CORE_COMMAND_NAMESPACES.has(command.id) ? 'core' : 'unknown';
    return { id: command.id, name: command.name, ownerType };
  }
  const ownerType = community.has(owner) ? 'community' : CORE_COMMAND_NAMESPACES.has(owner) ? 'core' : 'unknown';
  return { id: command.id, name: command.name, ownerHint: owner, ownerType };
}
