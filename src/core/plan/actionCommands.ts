/**
 * The palette commands of the saved actions, as far as start-up needs them: ids and names read from the setting
 * without validating the plans. Apart from the store (savedActions.ts) so that registering the commands when the
 * plugin loads evaluates no plan code and no JSON-schema validator.
 */

export const SAVED_ACTION_COMMAND_PREFIX = 'run-saved-action-';

/** The command id Obsidian gets (it adds "embedded-agent:" in front). */
export function savedActionCommandId(action: Pick<ActionCommandInfo, 'id'>): string {
  return `${SAVED_ACTION_COMMAND_PREFIX}${action.id}`;
}

/** The command's name in the palette. */
export function savedActionCommandName(action: Pick<ActionCommandInfo, 'name'>): string {
  return `Run saved action: ${action.name}`;
}

/** What the command list needs of an action. */
export interface ActionCommandInfo {
  id: string;
  name: string;
}

/** Keeps one palette command per saved action, in step with the actions (the plugin wires it to Obsidian). */
export interface ActionCommandSync {
  sync(actions: readonly ActionCommandInfo[]): void;
  ids(): string[];
}

/**
 * Id and name of each entry of the `savedActions` setting that has them, without validating the plans: enough to
 * register the commands at start-up, before the agent's services exist. Running one validates it fully.
 */
export function commandInfoFromSetting(raw: unknown): ActionCommandInfo[] {
  if (!Array.isArray(raw)) return [];
  const found: ActionCommandInfo[] = [];
  for (const entry of raw as unknown[]) {
    if (entry === null || typeof entry !== 'object') continue;
    const { id, name } = entry as Record<string, unknown>;
    if (
      typeof id === 'string' &&
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id) &&
      typeof name === 'string' &&
      name.trim() !== '' &&
      !found.some((info) => info.id === id)
    ) {
      found.push({ id, name });
    }
  }
  return found;
}
