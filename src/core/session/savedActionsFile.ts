import { AgentError } from '../errors';
import { type PlanHost, type SavedActionStore, storeForHost } from '../plan';
import { isRecord } from '../plan/schema';
import type { PluginFilesPort } from '../ports/pluginFiles';

/**
 * The saved actions of the plugin's data.json (its `savedActions` key), loaded with the store the panel uses, so
 * an entry the panel would refuse is refused here too (and reported in `loadProblems`). Read at each call: the
 * panel may have saved one meanwhile. Read-only: data.json belongs to Obsidian, which rewrites it whole.
 */
export async function savedActionsFromDataJson(files: PluginFilesPort, host: PlanHost): Promise<SavedActionStore> {
  const text = await files.read('data.json');
  let raw: unknown = undefined;
  if (text !== null) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new AgentError(
        'INVALID_INPUT',
        `The plugin's data.json is not valid JSON (${error instanceof Error ? error.message : String(error)}); no saved actions were loaded`,
      );
    }
    raw = isRecord(data) ? data.savedActions : undefined;
  }
  return storeForHost(host, {
    load: () => raw,
    save: () =>
      Promise.reject(
        new AgentError(
          'NOT_ALLOWED',
          'Saved actions are read-only in the terminal: save, rename or delete them in Obsidian',
        ),
      ),
  });
}
