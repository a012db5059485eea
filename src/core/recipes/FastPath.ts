import { describeError, isAgentError } from '../errors';
import type { PlanHost, PlanRunResult } from '../plan';
import type { LlmPort, LlmUsage } from '../ports/llm';
import type { RecipeMatchingService } from './RecipeMatchingService';
import { VALUE_MARK } from './recipeShape';
import type { Recipe } from './types';
import { withStream } from '../util/withStream';

export interface FastPathOptions {
  llm: LlmPort;
  recipes: RecipeMatchingService;
  host: PlanHost;
  message: string;
  runId: string;
  signal: AbortSignal;
  allowedTools?: ReadonlySet<string> | null;
  maxTokens: number;
  onText?: (delta: string) => void;
}

export type FastPathOutcome =
  /** No proven recipe fits: run the normal loop. */
  | { status: 'no-match' }
  /** A recipe fit but its plan could not be made or used: run the normal loop (nothing was executed). */
  | { status: 'fell-back'; reason: string; llmCalls: number }
  | { status: 'rejected'; reason: string; llmCalls: number }
  | { status: 'done'; answer: string; result: PlanRunResult; recipe: Recipe; llmCalls: number; usage: LlmUsage };

/**
 * The fast path for a request like ones solved at least three times before: one planner call given the recipe,
 * the plan executed deterministically through the same pipeline (one confirmation after a dry run, checkpoints,
 * audit), then one short call for the answer. Any failure to plan falls back to the normal loop before anything
 * ran; the answer falls back to the plan's own summary if the last call fails.
 */
export async function tryFastPath(options: FastPathOptions): Promise<FastPathOutcome> {
  const match = await options.recipes.match(options.message);
  if (!match) return { status: 'no-match' };
  // The plan machinery (and the JSON-schema validator under it) loads with the first recipe that fits, not with
  // every session: most messages match none.
  const { bindPlan, planPolicy, readPlanContext, requestPlan, runPlan } = await import('../plan');
  const usage: LlmUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  await options.host.ignore.ensureLoaded();
  const context = readPlanContext(options.host);
  let planned;
  try {
    const policy = await planPolicy(options.host, options.allowedTools ?? null);
    planned = await requestPlan({
      llm: withUsage(options.llm, usage),
      policy,
      instruction: `${options.message}\n\n${recipeHint(match.recipe)}`,
      context: { activeFile: context.activeFile, selection: context.selection },
      signal: options.signal,
      maxTokens: options.maxTokens,
    });
  } catch (error) {
    if (isAgentError(error, 'CANCELLED')) throw error;
    return { status: 'fell-back', reason: describeError(error), llmCalls: 2 };
  }
  const { bindings, missing } = bindPlan(planned.validation.plan, context);
  if (missing.length > 0) {
    return {
      status: 'fell-back',
      reason: `the plan needs ${missing.map((input) => input.name).join(', ')}, which the request does not give`,
      llmCalls: planned.rounds,
    };
  }
  const outcome = await runPlan(planned.validation.plan, options.host, {
    runId: options.runId,
    signal: options.signal,
    bindings,
    allowedTools: options.allowedTools ?? null,
  });
  if (outcome.status === 'rejected') return { status: 'rejected', reason: outcome.reason, llmCalls: planned.rounds };
  const answer = await finalAnswer(options, outcome.result, usage);
  if (outcome.result.status === 'completed')
    await options.recipes.recordSuccess(options.message, callsOf(outcome.result), Date.now());
  return {
    status: 'done',
    answer: answer.text,
    result: outcome.result,
    recipe: match.recipe,
    llmCalls: planned.rounds + answer.calls,
    usage,
  };
}

function recipeHint(recipe: Recipe): string {
  const steps = recipe.steps.map((step) => ({
    tool: step.tool,
    args: step.args,
    ...(step.repeated ? { foreach: 'once per item' } : {}),
  }));
  return [
    `A plan of this shape worked ${recipe.successes} times for similar requests (e.g. "${recipe.example}").`,
    `Follow it, filling in the values of this request (${VALUE_MARK} marks one to choose); use foreach where a step repeats:`,
    JSON.stringify(steps),
  ].join('\n');
}

/** One short call for the answer, from the plan's summary; the summary itself when that call fails. */
async function finalAnswer(
  options: FastPathOptions,
  result: PlanRunResult,
  usage: LlmUsage,
): Promise<{ text: string; calls: number }> {
  const summary = result.summary.join('\n') || 'Nothing needed to change.';
  try {
    let text = '';
    for await (const event of withUsage(options.llm, usage).stream({
      system:
        "You are an assistant inside Obsidian. A plan ran for the user's request. Tell them briefly, in their language, what was done and what failed, if anything. No tool calls.",
      messages: [
        { role: 'user', text: `Request: ${options.message}\n\nWhat happened (${result.status}):\n${summary}` },
      ],
      tools: [],
      maxTokens: Math.min(options.maxTokens, 1024),
      signal: options.signal,
    })) {
      if (event.type === 'text') {
        text += event.delta;
        options.onText?.(event.delta);
      }
    }
    return { text: text || summary, calls: 1 };
  } catch (error) {
    if (isAgentError(error, 'CANCELLED')) throw error;
    options.onText?.(summary);
    return { text: summary, calls: 1 };
  }
}

/** The plan's calls as a recipe learns from them. */
function callsOf(result: PlanRunResult): { tool: string; input: Record<string, unknown>; ok: boolean }[] {
  const asInput = (input: unknown): Record<string, unknown> =>
    input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  return result.steps.flatMap((step) =>
    step.items
      ? step.items.map((item) => ({ tool: step.tool, input: asInput(item.input), ok: item.status === 'ok' }))
      : [{ tool: step.tool, input: asInput(step.input), ok: step.status === 'ok' }],
  );
}

/** The same model, adding each call's token usage to `usage`. */
function withUsage(llm: LlmPort, usage: LlmUsage): LlmPort {
  return withStream(llm, async function* (request) {
    for await (const event of llm.stream(request)) {
      if (event.type === 'usage') {
        usage.inputTokens += event.usage.inputTokens;
        usage.outputTokens += event.usage.outputTokens;
        usage.cacheReadTokens += event.usage.cacheReadTokens;
        usage.cacheWriteTokens += event.usage.cacheWriteTokens;
      }
      yield event;
    }
  });
}
