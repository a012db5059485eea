import type { ToolRegistry } from './ToolRegistry';
import type { DriverKind } from './types';

/**
 * The tools among `names` (what the mode allows) that `driver` is offered, as the metadata table's `offeredTo` says:
 * the one rule for every driver of a session. A name without a registered tool is left out.
 */
export function offeredTools(names: readonly string[], driver: DriverKind, registry: ToolRegistry): string[] {
  return names.filter((name) => registry.get(name)?.meta.offeredTo.includes(driver) === true);
}
