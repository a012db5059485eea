import { describeError, isAgentError } from '../errors';
import { ApprovedChanges } from '../tool-execution/ApprovedChanges';
import type { ChangePreview, FileChange } from '../ports/changePreview';
import type { RunState } from '../tool-execution/types';
import type { RiskLevel } from '../tools/types';
import type { PlanBindings } from './bindings';
import { type CallResult, type StepCall, walkPlan, type WalkResult } from './engine';
import { type PlanHost, validateForHost } from './host';
import { OverlayVault } from './OverlayVault';
import { countPreview, headline, highlightedChanges, type PreviewCounts, summaryLines } from './previewSummary';
import type { PlanProgress, PlanStatus, ResumeState, StepResult } from './progress';
import { applyChanges } from './simulate';
import type { ActionPlan } from './types';

export interface DryRunOptions {
  runId: string;
  signal: AbortSignal;
  bindings: PlanBindings;
  allowedTools?: ReadonlySet<string> | null;
  /** Preview only what a resumed run would still do. */
  resume?: ResumeState | null;
  onProgress?: (event: PlanProgress) => void;
}

export interface DryRunResult {
  plan: ActionPlan;
  /** Step ids in run order. */
  order: string[];
  /** From the steps' tools (the declared riskLevel is never lower). */
  risk: RiskLevel;
  /** Everything the plan would change, in order, with diffs; `notes` says what would fail or cannot be foreseen. */
  preview: ChangePreview;
  /** The same changes as a set to run against once approved: what is not in it is asked for on its own. */
  approved: ApprovedChanges;
  /** Moves and deletes, to show apart. */
  highlighted: FileChange[];
  counts: PreviewCounts;
  /** Per step: what it would do ("ok"), would fail, or cannot be foreseen ("unknown"). */
  steps: StepResult[];
  /** Sentences for the confirmation: "Will create 10 files under folder XYZ: …", "Will delete/rename: …". */
  summary: string[];
  /** A title for the approval card. */
  headline: string;
  /** How the real run would end, as far as a dry run can tell. */
  status: PlanStatus;
}

/**
 * Resolves the plan against the vault as it is now, without changing it: a tool whose row says `dryRun: 'run'`
 * runs for real through the pipeline (its approval policy applies); every other call goes through the pipeline's
 * `preview` (the stages of a real call up to its approval), its changes are applied to a copy-on-write overlay, so
 * each step sees what the earlier ones would have done, and its `simulatedOutput` stands for its output. Never writes.
 */
export async function dryRunPlan(plan: unknown, host: PlanHost, options: DryRunOptions): Promise<DryRunResult> {
  const { plan: valid, order, risk } = await validateForHost(plan, host, options.allowedTools);
  const overlay = new OverlayVault(host.ports.vault, () => host.ports.clock.now());
  // The vault's search index describes the vault, not the overlay's notes: searches in the dry run read them.
  const { searchIndex: _vaultsIndex, ...vaultPorts } = host.ports;
  const ports: RunState['ports'] = { ...vaultPorts, vault: overlay };
  const run = host.runs.open(options.runId, {
    ports,
    signal: options.signal,
    allowedTools: options.allowedTools ?? null,
    externalize: false,
    passOutputsOn: true,
  });
  const preview: ChangePreview = { files: [], commands: [], notes: [] };
  const approved = new ApprovedChanges();
  let calls = 0;

  const simulate = async (call: StepCall): Promise<CallResult> => {
    // A plan's repeats are deliberate (equal items), and its real run does not hold them to the repetition guard either.
    run.repetition.reset();
    // Before applying: a modification's diff is against the text as the earlier steps left it.
    const seen = await host.pipeline.preview({ id: call.callId, name: call.step.tool, input: call.input }, run);
    preview.files.push(...seen.preview.files);
    preview.commands.push(...seen.preview.commands);
    preview.notes.push(...seen.preview.notes);
    await approved.add(seen.tool.name, call.input, seen.changes, overlay, seen.shown);
    await applyChanges(overlay, seen.changes);
    return { ok: true, output: seen.tool.simulatedOutput(seen.input, seen.changes), attempts: 1 };
  };

  let walked: WalkResult;
  try {
    walked = await walkPlan({
      plan: valid,
      order,
      bindings: options.resume?.bindings ?? options.bindings,
      signal: options.signal,
      resume: options.resume ?? null,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      perform: async (call) => {
        calls++;
        if (host.registry.get(call.step.tool)?.meta.dryRun === 'run') {
          run.repetition.reset();
          const outcome = await host.pipeline.execute(
            { id: call.callId, name: call.step.tool, input: call.input },
            run,
          );
          // With the "always" policy a read needs approval too: the one it had here is what the run may repeat.
          if (outcome.ok) await approved.add(call.step.tool, call.input, [], overlay);
          return outcome.ok
            ? { ok: true, output: outcome.output, attempts: 1 }
            : { ok: false, error: outcome.error ?? { code: 'INTERNAL', message: 'failed' }, attempts: 1 };
        }
        try {
          return await simulate(call);
        } catch (error) {
          return {
            ok: false,
            error: { code: isAgentError(error) ? error.code : 'INTERNAL', message: describeError(error) },
            attempts: 1,
          };
        }
      },
    });
  } finally {
    await host.runs.end(run);
  }
  preview.notes.push(...problemNotes(walked.steps));
  const counts = countPreview(preview, valid.steps.length, calls);
  return {
    plan: valid,
    order,
    risk,
    preview,
    approved,
    highlighted: highlightedChanges(preview),
    counts,
    steps: walked.steps,
    summary: summaryLines(preview, counts, risk),
    headline: headline(valid.goal, counts, risk),
    status: walked.status,
  };
}

/** What would fail or cannot be foreseen, one line each, for the preview's notes. */
function problemNotes(steps: readonly StepResult[]): string[] {
  const notes: string[] = [];
  for (const step of steps) {
    const name = `Step ${step.id} (${step.tool})`;
    if (step.items) {
      for (const item of step.items) {
        if (item.status === 'failed')
          notes.push(`${name}, item ${item.index + 1} (${item.label}) would fail: ${item.error?.message ?? 'failed'}`);
      }
      if (step.items.some((item) => item.status === 'unknown'))
        notes.push(`${name}: some items are known only when the plan runs`);
    } else if (step.status === 'failed') notes.push(`${name} would fail: ${step.message}`);
    else if (step.status === 'unknown') notes.push(`${name}: ${step.message}`);
    else if (step.status === 'skipped' || step.status === 'not-run')
      notes.push(`${name} would not run: ${step.message.replace(/^not run: /, '')}`);
  }
  return notes;
}
