/** The plan module's public API: plan → confirm → execute, dry runs, the planner and saved actions. */
export type { ActionPlan, OnError, PlanParameter, PlanStep } from './types';
export { ACTION_PLAN_SCHEMA } from './schema';
export { allowedPlanTools, type PlanPolicy, type PlanValidation, validatePlan } from './validatePlan';
export { bindPlan, CONTEXT_NAMES, isoDate, type MissingInput, type PlanBindings, type PlanContext } from './bindings';
export { planPolicy, type PlanHost, type PlanSettings } from './host';
export { dryRunPlan, type DryRunOptions, type DryRunResult } from './dryRun';
export { executePlan, resumePlan, type ExecuteOptions } from './executor';
export {
  confirmPlan,
  executeApproved,
  planApprovalRequest,
  needsPlanConfirmation,
  type PlanRan,
  type PlanRest,
  runPlan,
  runRest,
  type RunPlanOptions,
  type RunPlanOutcome,
} from './runPlan';
export {
  type ItemResult,
  type PlanProgress,
  type PlanRunResult,
  type ResumeState,
  runHeadline,
  type StepResult,
  type StepStatus,
} from './progress';
export { applyPlanEdits, editableArgs, type PlanEdit } from './editPlan';
export { requestPlan, type PlannerOptions, type PlannerResult } from './planner';
export {
  askEachTime,
  freezeCalls,
  keepBoundValues,
  parameterizePlan,
  type ExecutedCall,
  type FreezeContext,
  type FrozenPlan,
} from './freeze';
export {
  createPromptAction,
  createSavedAction,
  type PlanSavedAction,
  planOf,
  type PromptSavedAction,
  SAVED_ACTION_COMMAND_PREFIX,
  savedActionCommandId,
  commandInfoFromSetting,
  type ActionCommandInfo,
  type ActionCommandSync,
  savedActionCommandName,
  type SavedAction,
} from './savedActions';
export { exportSavedActions, importSavedActions, loadSavedActions, type ImportResult } from './savedActionsIO';
export { SavedActionStore, type SavedActionsStorage, storeForHost } from './SavedActionStore';
export { bindPrompt, type BoundPrompt, promptParameters, promptProblems } from './promptAction';
export {
  missingInputs,
  preparePromptAction,
  readPlanContext,
  runSavedAction,
  type SavedActionOutcome,
  type SavedActionRunOptions,
} from './runSavedAction';
export { type ActionSummary, describeSavedAction } from './describeAction';
