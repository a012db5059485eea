import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';
import { requireAgent } from './requireAgent';

export interface SwitchModeInput {
  mode: string;
  reason?: string;
}

export interface SwitchModeOutput {
  mode: string;
  name: string;
  tools: string[];
}

/** Changes the run's mode, e.g. Ask → Agent when the user wants notes written; the new tools show next step. */
export class SwitchModeTool extends BaseTool<SwitchModeInput, SwitchModeOutput> {
  readonly name = 'agent.switchMode' as const;

  execute(input: SwitchModeInput, context: ToolContext): Promise<SwitchModeOutput> {
    return requireAgent(this.name, context).switchMode(input.mode, input.reason);
  }
}
