import type { ToolGroup, ToolMeta } from '../tools/types';

/** Every tool group, in the order the docs list them. */
export const TOOL_GROUPS = [
  'read',
  'vault',
  'edit',
  'web',
  'agent',
  'mcp',
  'skill',
] as const satisfies readonly ToolGroup[];

// Fails to compile when a group is added to ToolGroup but not to TOOL_GROUPS.
const everyGroupListed: Record<ToolGroup, true> = {
  read: true,
  vault: true,
  edit: true,
  web: true,
  agent: true,
  mcp: true,
  skill: true,
};
void everyGroupListed;

export type ModeSource = 'built-in' | 'global' | 'vault';

/**
 * What the agent can do and how it talks. A mode grants tool groups, never single tools, so a new tool joins every
 * mode that grants its group; per-mode overrides can only take tools away.
 */
export interface ModeConfig {
  /** Unique id, e.g. "ask", "agent", "researcher". */
  slug: string;
  /** Display name in the UI. */
  name: string;
  toolGroups: readonly ToolGroup[];
  /** The mode's identity, first in the system prompt. */
  roleDefinition: string;
  /** Extra instructions appended to the system prompt. */
  customInstructions?: string;
  /** When this mode fits; shown to the model next to agent.switchMode. */
  whenToUse?: string;
  source: ModeSource;
}

/** The settings switches a tool can need (ToolMeta.gate); a tool whose switch is off exists in no mode. */
export type ToolGate = NonNullable<ToolMeta['gate']>;
export type GateSettings = Readonly<Partial<Record<ToolGate, boolean>>>;
