import { storedResultsFolder } from '../tool-execution/ResultExternalizer';
import type { RecordedCall } from './types';

/**
 * The calls without those that touch the run's stored results (reading back a long result in parts): those files
 * are gone once the run ends, so a recipe or a saved action that kept such a step, or its path, would replay a read
 * of nothing.
 */
export function withoutStoredResultReads(calls: readonly RecordedCall[], runId: string): RecordedCall[] {
  const folder = `${storedResultsFolder(runId)}/`;
  return calls.filter((call) => !mentions(call.input, folder));
}

function mentions(value: unknown, folder: string): boolean {
  if (typeof value === 'string') return value.includes(folder);
  if (Array.isArray(value)) return value.some((item) => mentions(item, folder));
  if (value !== null && typeof value === 'object')
    return Object.values(value as Record<string, unknown>).some((item) => mentions(item, folder));
  return false;
}
