import { AgentError } from '../../errors';
import type { AnyTool } from '../../tools/BaseTool';
import type { ToolRegistry } from '../../tools/ToolRegistry';
import type { ToolMeta } from '../../tools/types';
import type { PipelineSettings, RunState } from '../types';

/** Whether the settings switch a tool needs is on. A tool gated off is also hidden from the model. */
export function gateOpen(meta: ToolMeta, settings: Pick<PipelineSettings, 'allowDeletes' | 'allowCommands'>): boolean {
  if (meta.gate === 'allowDeletes') return settings.allowDeletes;
  if (meta.gate === 'allowCommands') return settings.allowCommands;
  return true;
}

const GATE_NAMES = { allowDeletes: 'Allow deletes and renames', allowCommands: 'Allow commands' } as const;

/** Stage 1: the tool exists, the mode allows it and its settings gate is open. */
export function resolveTool(registry: ToolRegistry, name: string, run: RunState, settings: PipelineSettings): AnyTool {
  const tool = registry.get(name);
  if (!tool) {
    throw new AgentError('UNKNOWN_TOOL', `Unknown tool "${name}". Known tools: ${registry.names().join(', ')}`);
  }
  if (run.allowedTools && !run.allowedTools.has(name)) {
    throw new AgentError(
      'NOT_ALLOWED',
      `${name} is not available in the current mode; switch to a mode that allows it (agent.switchMode) or use another tool`,
    );
  }
  const meta = tool.meta;
  if (!gateOpen(meta, settings) && meta.gate) {
    throw new AgentError(
      'NOT_ALLOWED',
      `${name} is turned off: the user has not enabled "${GATE_NAMES[meta.gate]}" (${meta.gate}) in the settings`,
    );
  }
  return tool;
}
