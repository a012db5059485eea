import { AgentError } from '../errors';
import { describeSavedAction, runHeadline, type SavedAction } from '../plan';
import type { JsonSchema } from '../ports/toolDefinition';
import { toolMeta } from '../tools/metadata';
import type { AgentSession } from './AgentSession';

/** An outside client sees each saved action as a tool named `saved_action_<id>` (ids are `a-z0-9-`: valid wire names). */
export const SAVED_ACTION_TOOL_PREFIX = 'saved_action_';

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
  /** Reads only: nothing it does is asked for or checkpointed. */
  readOnly: boolean;
  target: { kind: 'tool'; name: string } | { kind: 'saved-action'; id: string };
}

/** Whether every step of the action only reads; a prompt action writes nothing itself (its message is returned). */
function readsOnly(action: SavedAction): boolean {
  if (action.kind === 'prompt') return true;
  return action.plan.steps.every((step) => {
    const meta = toolMeta(step.tool);
    return meta !== undefined && !meta.isWrite && meta.risk === 'read-only';
  });
}

/**
 * The saved actions as tools: each parameter (and the selection or active note the action uses, which an outside
 * client has to give, as it has no editor here) a string property; required are those the run would ask for.
 */
export async function savedActionTools(session: AgentSession, readOnly: boolean): Promise<OutsideTool[]> {
  const { actions } = await session.savedActions();
  const tools: OutsideTool[] = [];
  for (const action of actions) {
    const onlyReads = readsOnly(action);
    if (readOnly && !onlyReads) continue;
    const missing = await session.savedActionInputs(action);
    const properties: Record<string, JsonSchema> = {};
    for (const parameter of action.parameters) {
      properties[parameter.name] = { type: 'string', description: parameter.description ?? `The value of \${${parameter.name}}`, ...(parameter.default !== undefined ? { default: parameter.default } : {}) };
    }
    for (const input of missing) properties[input.name] ??= { type: 'string', description: input.description };
    const summary = describeSavedAction(action);
    const does = action.kind === 'prompt' ? 'Returns the saved prompt with its placeholders filled in, for you to carry out with the vault tools' : summary.does.join('; ');
    tools.push({
      wireName: `${SAVED_ACTION_TOOL_PREFIX}${action.id}`,
      description: `The user's saved action "${action.name}": ${does}. Each write is approved as any other.`,
      inputSchema: { type: 'object', properties, required: missing.filter((input) => input.default === undefined).map((input) => input.name), additionalProperties: false },
      readOnly: onlyReads,
      target: { kind: 'saved-action', id: action.id },
    });
  }
  return tools;
}

/** Runs a saved action as the panel's palette does (bind, preview, one approval, execute), with the client's values. */
export async function runSavedActionTool(session: AgentSession, wireName: string, id: string, args: Record<string, unknown>, signal: AbortSignal): Promise<OutsideResult> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(args)) {
    if (typeof value !== 'string') throw new AgentError('INVALID_INPUT', `${wireName}: \`${name}\` must be a string, got ${value === null ? 'null' : typeof value}`);
    values[name] = value;
  }
  const outcome = await session.runSavedAction(id, values, {}, signal);
  switch (outcome.status) {
    case 'needs-input':
      return {
        ok: false,
        code: 'INVALID_INPUT',
        text: `${wireName} needs ${outcome.missing.map((input) => `\`${input.name}\` (${input.description})`).join(', ')}; nothing was run.`,
      };
    case 'prompt':
      return { ok: true, text: `The saved prompt, with its placeholders filled in; carry it out with the vault tools:\n\n${outcome.message}` };
    case 'rejected':
      return { ok: false, code: 'DENIED', text: `${wireName} was not approved: ${outcome.reason}. Nothing was changed.` };
    case 'ran': {
      const { result } = outcome;
      const text = [runHeadline(result), ...result.summary, `Run id: ${result.runId} (undo it with "Revert last run" or the terminal's /revert).`].join('\n');
      return result.status === 'completed' ? { ok: true, text } : { ok: false, code: result.failures[0]?.error.code ?? 'INTERNAL', text };
    }
  }
}
