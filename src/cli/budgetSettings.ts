import { isCostLimit, type BudgetLimits, type LimitKind } from '../core/budget/limits';
import type { PluginFilesPort } from '../core/ports/pluginFiles';
import { parseSettings } from '../settings/settings';

const KINDS: readonly LimitKind[] = ['maxTokensPerRun', 'maxCostPerRun', 'maxTokensPerDay', 'maxCostPerDay'];

/**
 * The budget limits the user set in Obsidian (the vault's data.json), read as the plugin reads them, so the
 * terminal spends under the same limits as the panel; `problems` names any value that was refused.
 */
export async function budgetFromDataJson(
  files: PluginFilesPort,
): Promise<{ limits: BudgetLimits; problems: string[] }> {
  let raw: unknown = {};
  const text = await files.read('data.json').catch(() => null);
  if (text !== null) {
    try {
      raw = JSON.parse(text);
    } catch {
      return {
        limits: pick(parseSettings({}).settings),
        problems: ["The plugin's data.json is not valid JSON: no budget limits were read from it"],
      };
    }
  }
  const { settings, problems } = parseSettings(raw);
  return {
    limits: pick(settings),
    problems: problems.filter((problem) => KINDS.some((kind) => problem.includes(`"${kind}"`))),
  };
}

/** "50,000 tokens per run, $2.00 per day", or null when no limit is set. */
export function describeLimits(limits: BudgetLimits): string | null {
  const parts = KINDS.filter((kind) => limits[kind] > 0).map((kind) => {
    const amount = isCostLimit(kind) ? `$${limits[kind].toFixed(2)}` : `${limits[kind].toLocaleString('en-US')} tokens`;
    return `${amount} per ${kind.endsWith('Run') ? 'run' : 'day'}`;
  });
  return parts.length === 0 ? null : parts.join(', ');
}

function pick(settings: BudgetLimits): BudgetLimits {
  return {
    maxTokensPerRun: settings.maxTokensPerRun,
    maxCostPerRun: settings.maxCostPerRun,
    maxTokensPerDay: settings.maxTokensPerDay,
    maxCostPerDay: settings.maxCostPerDay,
  };
}
