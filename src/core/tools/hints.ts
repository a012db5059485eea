import type { ToolMeta } from './types';

/**
 * What a tool may do to the world, as MCP's tool annotations say it (readOnlyHint, destructiveHint, idempotentHint,
 * openWorldHint), read from the metadata table. Clients gate on them: Codex asks before a destructive call as
 * before a delete, so a create must not claim to be one.
 */
export interface ToolHints {
  /** Changes nothing: no write, no command. */
  readOnly: boolean;
  /** May replace or remove what is there; false for a read-only tool and for one that only adds. */
  destructive: boolean;
  /** Calling it again with the same input changes nothing more; true for every read-only tool. */
  idempotent: boolean;
  /** Reaches beyond the vault and this computer. */
  openWorld: boolean;
}

/** Whether a tool only reads: no write, no command (the tools offered when writes are refused). */
export function readsOnly(meta: Pick<ToolMeta, 'isWrite' | 'risk'>): boolean {
  return !meta.isWrite && meta.risk === 'read-only';
}

export function toolHints(meta: ToolMeta): ToolHints {
  const readOnly = readsOnly(meta);
  return {
    readOnly,
    destructive: !readOnly && meta.additive !== true,
    idempotent: readOnly || meta.idempotent === true,
    openWorld: meta.openWorld === true,
  };
}

/** The hints of steps run one after another (a saved action's plan): as strong as its strongest step's. */
export function combinedHints(steps: readonly ToolHints[]): ToolHints {
  return {
    readOnly: steps.every((step) => step.readOnly),
    destructive: steps.some((step) => step.destructive),
    idempotent: steps.every((step) => step.idempotent),
    openWorld: steps.some((step) => step.openWorld),
  };
}
