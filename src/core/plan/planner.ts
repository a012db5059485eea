import { AgentError } from '../errors';
import type { HistoryMessage, LlmPort } from '../ports/llm';
import type { ToolMeta } from '../tools/types';
import { extractJsonObject } from './extractJson';
import { type PlannerContext, plannerSystemPrompt, plannerUserMessage, repairMessage } from './plannerPrompt';
import { allowedPlanTools, type PlanPolicy, type PlanValidation, validatePlan } from './validatePlan';

export interface PlannerOptions {
  llm: LlmPort;
  /** What the plan is checked against; only its allowed tools are shown to the model. */
  policy: PlanPolicy;
  instruction: string;
  context: PlannerContext;
  signal: AbortSignal;
  maxTokens: number;
  temperature?: number;
  /** Characters of the selection the model sees (default 4000). */
  maxSelectionChars?: number;
}

export interface PlannerResult {
  validation: Extract<PlanValidation, { ok: true }>;
  /** 1 when the first answer was valid, 2 after the repair round. */
  rounds: 1 | 2;
}

/**
 * Asks the model for one ActionPlan (a JSON answer), extracts and validates it; when it is invalid, sends the
 * problems back once for a corrected plan. Still invalid: an `INVALID_PLAN` AgentError listing what is wrong.
 * Provider failures (auth, network, cancel) pass through unchanged.
 */
export async function requestPlan(options: PlannerOptions): Promise<PlannerResult> {
  const tools = allowedPlanTools(options.policy)
    .map((name) => options.policy.tools.get(name)?.meta)
    .filter((meta): meta is ToolMeta => meta !== undefined);
  const system = plannerSystemPrompt(tools, {
    configDir: options.policy.configDir,
    maxRetries: options.policy.maxRetries,
  });
  const messages: HistoryMessage[] = [
    { role: 'user', text: plannerUserMessage(options.instruction, options.context, options.maxSelectionChars ?? 4000) },
  ];
  let errors: string[] = [];
  for (const round of [1, 2] as const) {
    const answer = await ask(options, system, messages);
    const checked = check(answer, options.policy);
    if (checked.ok) return { validation: checked, rounds: round };
    errors = checked.errors;
    messages.push(
      { role: 'assistant', text: answer.text, toolCalls: [] },
      { role: 'user', text: repairMessage(errors) },
    );
  }
  throw new AgentError(
    'INVALID_PLAN',
    `The model did not produce a valid plan, even after being told what was wrong:\n${errors.map((error) => `- ${error}`).join('\n')}`,
    { errors },
  );
}

function check(answer: { text: string; truncated: boolean }, policy: PlanPolicy): PlanValidation {
  const extracted = extractJsonObject(answer.text);
  if (!extracted.ok) {
    const cut = answer.truncated ? '; the answer was cut off at the token limit, so keep the plan shorter' : '';
    return { ok: false, errors: [`answer: ${extracted.error}${cut}`] };
  }
  return validatePlan(extracted.value, policy);
}

async function ask(
  options: PlannerOptions,
  system: string,
  messages: readonly HistoryMessage[],
): Promise<{ text: string; truncated: boolean }> {
  let text = '';
  let truncated = false;
  // Tools are described in the prompt, not offered as callable: the answer must be a plan, not a call.
  const stream = options.llm.stream({
    system,
    messages,
    tools: [],
    maxTokens: options.maxTokens,
    ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    json: true,
    signal: options.signal,
  });
  for await (const event of stream) {
    if (event.type === 'text') text += event.delta;
    else if (event.type === 'stop' && event.reason === 'max_tokens') truncated = true;
  }
  return { text, truncated };
}
