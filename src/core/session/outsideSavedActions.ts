import { AgentError } from '../errors';
import { describeSavedAction, runHeadline, type SavedAction } from '../plan';
import type { JsonSchema } from '../ports/toolDefinition';
import { combinedHints, type ToolHints, toolHints } from '../tools/hints';
import { toolMeta } from '../tools/metadata';
import { sha256 } from '../util/sha256';
import type { AgentSession } from './AgentSession';

/** An outside client sees each saved action as a tool named `saved_action_<id>` (ids are `a-z0-9-`: valid wire names). */
export const SAVED_ACTION_TOOL_PREFIX = 'saved_action_';

/**
 * The longest name a tool is offered under. Clients take names of at most 64 characters with their own prefix:
 * Claude Code calls a tool `mcp__<server>__<tool>`, so a server named in up to 16 characters leaves 41.
 */
export const MAX_OFFERED_NAME = 64 - 'mcp__'.length - 16 - '__'.length;

/** How many hex digits of the id's SHA-256 stand for the part of a long id that is cut. */
const ID_HASH_DIGITS = 8;

/** What an outside call returned: the text the client reads, and where a long result was stored (a vault path). */
export interface OutsideResult {
  ok: boolean;
  text: string;
  /** The error's code when not ok ("DENIED", "FORBIDDEN_PATH", …). */
  code?: string;
  /** The vault path of a result stored outside the answer (ResultExternalizer), readable until the session ends. */
  storedResult?: string;
}

export interface OutsideTool {
  /** As the providers send it: "vault_readFile", "saved_action_daily-note". */
  wireName: string;
  description: string;
  inputSchema: JsonSchema;
  /** What it may do, from the metadata table; `readOnly`: nothing it does is asked for or checkpointed. */
  hints: ToolHints;
  target: { kind: 'tool'; name: string } | { kind: 'saved-action'; id: string };
}

/** The hints of a prompt action, which writes nothing itself (its message is returned). */
const RETURNS_TEXT: ToolHints = { readOnly: true, destructive: false, idempotent: true, openWorld: false };

/**
 * A plan action's hints, or null when a step's tool is not among `offered`: an action runs with the session's
 * tools, so it is offered only where every step could be called on its own.
 */
function offeredHints(action: SavedAction, offered: ReadonlySet<string>): ToolHints | null {
  if (action.kind === 'prompt') return RETURNS_TEXT;
  const steps: ToolHints[] = [];
  for (const step of action.plan.steps) {
    const meta = toolMeta(step.tool);
    if (!meta || !offered.has(step.tool)) return null;
    steps.push(toolHints(meta));
  }
  return combinedHints(steps);
}

/**
 * The tool name of each action, by id: `saved_action_<id>`, or for an id too long for `MAX_OFFERED_NAME`, its
 * start and a hash of the whole id (`saved_action_summarize-the-week_1a2b3c4d` for `summarize-the-week-in-one-note`). The name depends on the id
 * alone, so it stays across restarts; an id never holds "_", so a cut name never equals a whole one, and two cut
 * names that meet (two ids alike in their start and hash) are both named by a longer hash instead.
 */
export async function savedActionToolNames(ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const hashed = async (id: string, digits: number): Promise<string> => {
    const hash = (await sha256(id)).slice(0, digits);
    const start = id.slice(0, MAX_OFFERED_NAME - SAVED_ACTION_TOOL_PREFIX.length - digits - 1).replace(/-+$/, '');
    return `${SAVED_ACTION_TOOL_PREFIX}${start}_${hash}`;
  };
  for (const id of ids) {
    const whole = `${SAVED_ACTION_TOOL_PREFIX}${id}`;
    names.set(id, whole.length <= MAX_OFFERED_NAME ? whole : await hashed(id, ID_HASH_DIGITS));
  }
  const counts = new Map<string, number>();
  for (const name of names.values()) counts.set(name, (counts.get(name) ?? 0) + 1);
  for (const [id, name] of names) {
    if ((counts.get(name) ?? 0) > 1)
      names.set(id, await hashed(id, MAX_OFFERED_NAME - SAVED_ACTION_TOOL_PREFIX.length - 2));
  }
  return names;
}

/**
 * The saved actions as tools, those whose every step's tool is among `offered` (the session's tools): each
 * parameter (and the selection or active note the action uses, which an outside client has to give, as it has no
 * editor here) a string property; required are those the run would ask for.
 */
export async function savedActionTools(session: AgentSession, offered: ReadonlySet<string>): Promise<OutsideTool[]> {
  const { actions } = await session.savedActions();
  const names = await savedActionToolNames(actions.map((action) => action.id));
  const tools: OutsideTool[] = [];
  for (const action of actions) {
    const hints = offeredHints(action, offered);
    if (!hints) continue;
    const missing = await session.savedActionInputs(action);
    const properties: Record<string, JsonSchema> = {};
    for (const parameter of action.parameters) {
      properties[parameter.name] = {
        type: 'string',
        description: parameter.description ?? `The value of \${${parameter.name}}`,
        ...(parameter.default !== undefined ? { default: parameter.default } : {}),
      };
    }
    for (const input of missing) properties[input.name] ??= { type: 'string', description: input.description };
    const summary = describeSavedAction(action);
    const does =
      action.kind === 'prompt'
        ? 'Returns the saved prompt with its placeholders filled in, for you to carry out with the vault tools'
        : summary.does.join('; ');
    tools.push({
      wireName: names.get(action.id) ?? `${SAVED_ACTION_TOOL_PREFIX}${action.id}`,
      description: `The user's saved action "${action.name}": ${does}. Each write is approved as any other.`,
      inputSchema: {
        type: 'object',
        properties,
        required: missing.filter((input) => input.default === undefined).map((input) => input.name),
        additionalProperties: false,
      },
      hints,
      target: { kind: 'saved-action', id: action.id },
    });
  }
  return tools;
}

/**
 * Runs a saved action as the panel's palette does (bind, preview, one approval, execute), with the client's values
 * and only the session's tools (`offered`): a step the session does not offer is refused, as its own call would be.
 */
export async function runSavedActionTool(
  session: AgentSession,
  wireName: string,
  id: string,
  args: Record<string, unknown>,
  offered: ReadonlySet<string>,
  signal: AbortSignal,
): Promise<OutsideResult> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(args)) {
    if (typeof value !== 'string')
      throw new AgentError(
        'INVALID_INPUT',
        `${wireName}: \`${name}\` must be a string, got ${value === null ? 'null' : typeof value}`,
      );
    values[name] = value;
  }
  const outcome = await session.runSavedAction(id, values, {}, signal, offered);
  switch (outcome.status) {
    case 'needs-input':
      return {
        ok: false,
        code: 'INVALID_INPUT',
        text: `${wireName} needs ${outcome.missing.map((input) => `\`${input.name}\` (${input.description})`).join(', ')}; nothing was run.`,
      };
    case 'prompt':
      return {
        ok: true,
        text: `The saved prompt, with its placeholders filled in; carry it out with the vault tools:\n\n${outcome.message}`,
      };
    case 'rejected':
      return {
        ok: false,
        code: 'DENIED',
        text: `${wireName} was not approved: ${outcome.reason}. Nothing was changed.`,
      };
    case 'ran': {
      const { result } = outcome;
      const text = [
        runHeadline(result),
        ...result.summary,
        `Run id: ${result.runId} (undo it with "Revert last run" or the terminal's /revert).`,
      ].join('\n');
      return result.status === 'completed'
        ? { ok: true, text }
        : { ok: false, code: result.failures[0]?.error.code ?? 'INTERNAL', text };
    }
  }
}
