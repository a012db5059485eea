import { redactTextForReader } from '../tool-execution/redact';
import type { ToolMeta } from '../tools/types';
import { CONTEXT_NAMES } from './bindings';
import { ACTION_PLAN_SCHEMA } from './schema';

export interface PlannerContext {
  activeFile: string | null;
  /** The selected text; it is cut to `maxSelectionChars` in the prompt. */
  selection: string | null;
}

/** How the planner asks: the spec's instruction, the plan schema, the allowed tools, the vault's rules. */
export function plannerSystemPrompt(
  tools: readonly ToolMeta[],
  rules: { configDir: string; maxRetries: number },
): string {
  const toolLines = tools.map((tool) =>
    [
      `### ${tool.name} (risk: ${tool.risk})`,
      tool.description,
      `input: ${JSON.stringify(tool.inputSchema)}`,
      `output: ${JSON.stringify(tool.outputSchema)}`,
    ].join('\n'),
  );
  return [
    'You are an Obsidian automation planner. Output only valid JSON matching schema: one ActionPlan object, no prose, no code fences.',
    '',
    '## ActionPlan schema',
    JSON.stringify(ACTION_PLAN_SCHEMA),
    '',
    '## Rules',
    "- Use only the tools listed below; `args` must match the tool's input schema.",
    '- A step uses another step\'s output with "$steps.<id>.<field>" as the whole string value (the type is kept, e.g. a list), or "${steps.<id>.<field>}" inside text.',
    '- foreach: {"from": "$steps.<id>.<list field>", "itemName": "item"} runs the step once per element; inside its args write ${item.<field>}.',
    `- Context placeholders: ${CONTEXT_NAMES.map((name) => `\${${name}}`).join(', ')} (today as YYYY-MM-DD). \${selectionBullets} as a whole value is the list of the selection's bullets, nested ones too (each with text, raw, depth), so foreach can go over it; for the top-level bullets only, parse \${selection} with util.parseMarkdownBullets and allowNested: true.`,
    '- Values the user may want to change next time (a folder name) can be declared in "parameters" and used as ${name}; ${folderName} is always available.',
    '- Never copy the selected text into the plan: use ${selection} or ${selectionBullets}.',
    `- Paths are relative to the vault root, with "/" between folders: no leading "/", no "..", no drive letters. Never write inside "${rules.configDir}/", ".git/" or ".trash/".`,
    '- riskLevel is the highest risk of the steps: "read-only" < "writes" < "commands".',
    `- onError is "stop" (default), "skip" or "retry"; retry.maxAttempts is at most ${rules.maxRetries + 1}.`,
    '- Step ids: letters, digits, "_" or "-", unique. Keep plans short; say in "assumptions" what you assume about the selection or the vault.',
    '',
    '## Tools',
    ...toolLines,
  ].join('\n');
}

/** The user's instruction verbatim, with the context: active file and a bounded excerpt of the selection. */
export function plannerUserMessage(instruction: string, context: PlannerContext, maxSelectionChars: number): string {
  const lines = [`Instruction: ${instruction}`, '', `Active file: ${context.activeFile ?? '(none)'}`];
  const selection = context.selection ?? '';
  if (selection.trim() === '') {
    lines.push('Selection: (nothing is selected)');
  } else {
    // Keys redacted as in every tool result; the plan binds ${selection} from the context, never from this text.
    const cut =
      selection.length > maxSelectionChars
        ? `${selection.slice(0, maxSelectionChars)}\n[… ${selection.length - maxSelectionChars} more characters]`
        : selection;
    const excerpt = redactTextForReader(cut);
    lines.push(
      `Selection (${selection.length} characters; refer to it as \${selection} or \${selectionBullets}):`,
      '"""',
      excerpt,
      '"""',
    );
  }
  return lines.join('\n');
}

/** The repair round: every problem, and what to send back. */
export function repairMessage(errors: readonly string[]): string {
  return [
    'That plan cannot run. Problems:',
    ...errors.map((error) => `- ${error}`),
    '',
    'Send the whole corrected ActionPlan as one JSON object, nothing else.',
  ].join('\n');
}
