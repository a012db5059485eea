import { toolMeta } from '../tools/metadata';
import { usedNames } from './bindings';
import { promptRefs } from './promptAction';
import type { SavedAction } from './savedActions';
import type { PlanParameter, PlanStep } from './types';

/** What a saved action does, step by step in words, and what it needs from where the person works. */
export interface ActionSummary {
  does: string[];
  needs: string[];
}

/** The imperative of each tool's "done" verb (metadata), so a step reads as an instruction. */
const IMPERATIVE: Readonly<Record<string, string>> = {
  ensured: 'Make the folder',
  created: 'Create',
  read: 'Read',
  written: 'Write',
  moved: 'Move',
  deleted: 'Delete',
  searched: 'Search',
  listed: 'List',
  replaced: 'Replace the selection',
  inserted: 'Insert at the cursor',
  opened: 'Open',
  run: 'Run the command',
};

const PROMPT_PREVIEW_LENGTH = 80;

/**
 * The palette's line for an action: each step as a verb and its path ("Create Projects/‹bullet›.md, for each bullet
 * of the selection"), with kept values shown as they are and the rest as ‹name›; then what running it needs (a
 * selection, an open note, the values asked each time).
 */
export function describeSavedAction(action: SavedAction): ActionSummary {
  const parameters = action.parameters;
  if (action.kind === 'prompt') {
    const names = promptRefs(action.prompt).refs.flatMap((ref) => (ref.source === 'name' ? [ref.name] : []));
    const text = action.prompt.replace(/\s+/g, ' ').trim();
    const shown = text.length > PROMPT_PREVIEW_LENGTH ? `${text.slice(0, PROMPT_PREVIEW_LENGTH - 1)}…` : text;
    return { does: [`Send to the agent: ${readable(shown, parameters)}`], needs: needs(names, parameters) };
  }
  return {
    does: action.plan.steps.map((step) => describeStep(step, parameters)),
    needs: needs(usedNames(action.plan), parameters),
  };
}

function describeStep(step: PlanStep, parameters: readonly PlanParameter[]): string {
  const meta = toolMeta(step.tool);
  const verb = (meta?.done ? IMPERATIVE[meta.done.verb] : undefined) ?? `Run ${step.tool}`;
  const subjectField = meta?.done?.subject ?? meta?.pathArgs[0]?.field;
  const subject = subjectField === undefined ? undefined : step.args[subjectField];
  const target = meta?.pathArgs[1] ? step.args[meta.pathArgs[1].field] : undefined;
  let words = verb;
  if (typeof subject === 'string') words += ` ${readable(subject, parameters)}`;
  if (typeof target === 'string') words += ` to ${readable(target, parameters)}`;
  if (step.foreach)
    words +=
      step.foreach.from === '${selectionBullets}'
        ? ', for each bullet of the selection'
        : `, for each of ${readable(step.foreach.from, parameters)}`;
  return words;
}

function needs(names: readonly string[], parameters: readonly PlanParameter[]): string[] {
  const found: string[] = [];
  if (names.includes('selection') || names.includes('selectionBullets')) found.push('a selection');
  if (names.includes('activeFile')) found.push('an open note');
  for (const parameter of parameters) {
    if (names.includes(parameter.name) && (parameter.ask === true || parameter.default === undefined))
      found.push(`${parameter.name} (asked)`);
  }
  return found;
}

/** Placeholders in words: a kept value as it is, the context and asked values as ‹name›. */
function readable(text: string, parameters: readonly PlanParameter[]): string {
  return text.replace(/\$\{([^}]*)\}/g, (raw, inner: string) => {
    const name = inner.split('.')[0] ?? inner;
    const kept = parameters.find(
      (parameter) => parameter.name === name && parameter.ask !== true && parameter.default !== undefined,
    );
    if (kept?.default !== undefined) return kept.default;
    if (name === 'item') return '‹bullet›';
    if (name === 'activeFile') return '‹open note›';
    if (name === 'steps') return `‹output of ${inner.split('.')[1] ?? 'a step'}›`;
    return name === '' ? raw : `‹${name}›`;
  });
}
