import { offeredTools } from '../tools/offered';
import type { ToolRegistry } from '../tools/ToolRegistry';
import type { ToolDefinition } from '../tools/types';

/** What one mode lets the model use in this run right now. */
export interface ToolSet {
  /** What the pipeline lets run: the mode's tools, minus deferred tools not loaded yet. */
  allowed: ReadonlySet<string>;
  /** Sent to the model with every call. */
  definitions: ToolDefinition[];
  /** Deferred tools of the mode not loaded yet: named in the prompt, loaded with agent.findTool. */
  deferred: string[];
  /** Changes whenever the tools the model sees change; the system prompt is rebuilt only then. */
  key: string;
}

export const NEW_TASK = 'agent.newTask';
export const FIND_TOOL = 'agent.findTool';

/**
 * The tools of a mode for one task: only registered ones; no agent.newTask at the sub-task depth limit (so
 * nesting ends); no agent.findTool when the mode has nothing deferred to find.
 */
export function buildToolSet(args: {
  modeTools: readonly string[];
  registry: ToolRegistry;
  loaded: ReadonlySet<string>;
  canSpawn: boolean;
}): ToolSet {
  const { registry, loaded } = args;
  let names = offeredTools(args.modeTools, 'model', registry);
  if (!args.canSpawn) names = names.filter((name) => name !== NEW_TASK);
  const isDeferred = (name: string): boolean => registry.get(name)?.meta.deferred === true;
  if (!names.some(isDeferred)) names = names.filter((name) => name !== FIND_TOOL);
  const deferred = names.filter((name) => isDeferred(name) && !loaded.has(name));
  const visible = names.filter((name) => !deferred.includes(name));
  const definitions = visible.flatMap((name) => registry.get(name)?.getDefinition() ?? []);
  return { allowed: new Set(visible), definitions, deferred, key: `${visible.join(',')}|${deferred.join(',')}` };
}

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 2);

/**
 * The deferred tools that fit `query`: the one named exactly (dotted or wire name), else the best few by words in
 * the name (weighted) and the description.
 */
export function matchTools(query: string, candidates: readonly ToolDefinition[], limit = 3): ToolDefinition[] {
  const wanted = query.trim().toLowerCase().replace(/_/g, '.');
  const exact = candidates.find((tool) => tool.name.toLowerCase() === wanted);
  if (exact) return [exact];
  const queryWords = words(query);
  return candidates
    .map((tool) => {
      const name = tool.name.toLowerCase();
      const description = tool.description.toLowerCase();
      const score = queryWords.reduce(
        (sum, word) => sum + (name.includes(word) ? 3 : 0) + (description.includes(word) ? 1 : 0),
        0,
      );
      return { tool, score };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.tool.name.localeCompare(b.tool.name))
    .slice(0, limit)
    .map((entry) => entry.tool);
}
