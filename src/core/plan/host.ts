import { AgentError } from '../errors';
import type { IgnoreService } from '../tool-execution/IgnoreService';
import type { ToolExecutionPipeline } from '../tool-execution/ToolExecutionPipeline';
import type { PipelineSettings, RunOpener, RunState } from '../tool-execution/types';
import type { ToolRegistry } from '../tools/ToolRegistry';
import { type PlanPolicy, type PlanValidation, validatePlan } from './validatePlan';

/** The settings plans read: the pipeline's, and the cap on a step's retries. */
export interface PlanSettings extends PipelineSettings {
  maxRetries: number;
}

/** What planning, dry runs and execution need from the composition (`AgentServices.planHost` provides all of it). */
export interface PlanHost {
  pipeline: ToolExecutionPipeline;
  registry: ToolRegistry;
  ignore: IgnoreService;
  /** The ports every tool call gets. */
  ports: RunState['ports'];
  settings: () => PlanSettings;
  /**
   * Opens and ends the plan's runs, its dry run's included, with the approval of whoever runs the plan: the plan's
   * confirmation and every card after it ask `runs.approval`, failing closed.
   */
  runs: RunOpener;
  /** The secrets the audit redacts (the configured API key), so that no saved action keeps one. */
  knownSecrets?: () => readonly string[];
}

/** The policy a plan is checked against now: current settings, the mode's tools, the loaded ignore rules. */
export async function planPolicy(
  host: PlanHost,
  allowedTools: ReadonlySet<string> | null | undefined,
): Promise<PlanPolicy> {
  await host.ignore.ensureLoaded();
  const settings = host.settings();
  return {
    tools: host.registry,
    allowedTools: allowedTools ?? null,
    gates: { allowDeletes: settings.allowDeletes, allowCommands: settings.allowCommands },
    maxRetries: settings.maxRetries,
    configDir: host.ports.vault.configDir,
    ignore: host.ignore,
  };
}

/** Validates or throws `INVALID_PLAN` listing every problem. */
export function requireValidPlan(validation: PlanValidation, what = 'The plan'): Extract<PlanValidation, { ok: true }> {
  if (validation.ok) return validation;
  throw new AgentError(
    'INVALID_PLAN',
    `${what} is not valid:\n${validation.errors.map((error) => `- ${error}`).join('\n')}`,
    { errors: validation.errors },
  );
}

export async function validateForHost(
  plan: unknown,
  host: PlanHost,
  allowedTools: ReadonlySet<string> | null | undefined,
): Promise<Extract<PlanValidation, { ok: true }>> {
  return requireValidPlan(validatePlan(plan, await planPolicy(host, allowedTools)));
}
