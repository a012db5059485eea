import { checkSavedAction, entryLabel, newActionId, type SavedAction } from './savedActions';
import type { PlanPolicy } from './validatePlan';

/** The export file: the same JSON array the `savedActions` setting holds. */
export function exportSavedActions(actions: readonly SavedAction[]): string {
  return `${JSON.stringify(actions, null, 2)}\n`;
}

export type ImportResult =
  | { ok: true; actions: SavedAction[]; imported: SavedAction[]; renamed: { from: string; to: string }[] }
  | { ok: false; errors: string[] };

/**
 * Imports an export file: all of it or nothing. Any invalid entry leaves the list as it was, with one message per
 * problem naming the entry and field. Imported actions go after the existing ones; an id already in use gets a
 * new one (reported in `renamed`), so an import never replaces an action.
 */
export function importSavedActions(json: string, existing: readonly SavedAction[], policy: PlanPolicy): ImportResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    return {
      ok: false,
      errors: [
        `The file is not valid JSON (${error instanceof Error ? error.message : String(error)}); nothing was imported`,
      ],
    };
  }
  if (!Array.isArray(parsed)) {
    return {
      ok: false,
      errors: [
        `The file must hold a list of saved actions (as exported), got ${parsed === null ? 'null' : typeof parsed}; nothing was imported`,
      ],
    };
  }
  const errors: string[] = [];
  const checked: SavedAction[] = [];
  const seen = new Map<string, number>();
  parsed.forEach((entry: unknown, index) => {
    const label = entryLabel(index, entry);
    const result = checkSavedAction(entry, label, policy);
    if (!result.ok) {
      errors.push(...result.errors);
      return;
    }
    const first = seen.get(result.action.id);
    if (first !== undefined)
      errors.push(`${label}.id: "${result.action.id}" is also the id of actions[${first}]; ids must be unique`);
    seen.set(result.action.id, index);
    checked.push(result.action);
  });
  if (errors.length > 0) return { ok: false, errors };
  const taken = new Set(existing.map((action) => action.id));
  const renamed: { from: string; to: string }[] = [];
  const imported = checked.map((action) => {
    if (!taken.has(action.id)) {
      taken.add(action.id);
      return action;
    }
    const id = newActionId(action.name, [...taken, ...checked.map((other) => other.id)]);
    taken.add(id);
    renamed.push({ from: action.id, to: id });
    return { ...action, id };
  });
  return { ok: true, actions: [...existing, ...imported], imported, renamed };
}

/**
 * Reads the `savedActions` setting at start-up. Unlike an import, one bad entry does not lose the others: it is
 * left out and reported.
 */
export function loadSavedActions(raw: unknown, policy: PlanPolicy): { actions: SavedAction[]; problems: string[] } {
  if (!Array.isArray(raw))
    return {
      actions: [],
      problems: raw === undefined ? [] : ['Setting "savedActions" is not a list; no saved actions were loaded'],
    };
  const actions: SavedAction[] = [];
  const problems: string[] = [];
  raw.forEach((entry: unknown, index) => {
    const result = checkSavedAction(entry, entryLabel(index, entry), policy);
    if (!result.ok) problems.push(...result.errors.map((error) => `${error} (this saved action was not loaded)`));
    else if (actions.some((action) => action.id === result.action.id))
      problems.push(`${entryLabel(index, entry)}.id: "${result.action.id}" is used twice; the second was not loaded`);
    else actions.push(result.action);
  });
  return { actions, problems };
}
