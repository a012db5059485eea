import { fileNameFromTitle } from '../paths/fileNameFromTitle';
import { parentFolder } from '../paths/normalizePath';
import { stableJson } from '../tool-execution/ToolRepetitionDetector';
import type { AnyTool } from '../tools/BaseTool';
import { parseBullets } from '../util/bullets';
import { BUILTIN_PARAMETERS, isoDate, type PlanBindings, usedNames } from './bindings';
import { mentions, parameterizeString, type Replacement } from './parameterize';
import { isRecord } from './schema';
import { mapStrings } from './templates';
import { type ActionPlan, maxRisk, type PlanParameter, type PlanStep, PLAN_VERSION } from './types';

/** A tool call of a finished agent run, as the run recorded it. */
export interface ExecutedCall {
  tool: string;
  input: unknown;
  ok: boolean;
}

/** What the run started from, to tell which values came from the person rather than from the vault. */
export interface FreezeContext {
  /** The person's message, verbatim: folder names it mentions become parameters. */
  userMessage: string;
  selection: string | null;
  activeFile: string | null;
  now: number;
  /** More values to make parameters wherever they occur (the person chose them in "Save as button"). */
  parameters?: { name: string; value: string; description?: string }[];
}

export interface FrozenPlan {
  plan: ActionPlan;
  kind: 'template' | 'fixed';
  /** The parameters the plan uses, with the values of this run as defaults. */
  parameters: PlanParameter[];
}

type Tools = { get(name: string): Pick<AnyTool, 'meta' | 'readsSavedActionContext'> | undefined };

/**
 * Turns the successful calls of a run into a plan that replays them without a model: one step per call, the
 * selection's bullets as a foreach when the run did the same call once per bullet, and values that came from the
 * person (the selection, folders named in their message, the active file, today's date) as placeholders.
 */
export function freezeCalls(
  calls: readonly ExecutedCall[],
  context: FreezeContext,
  tools: Tools,
  goal?: string,
): FrozenPlan {
  const selection = context.selection?.trim() ? context.selection : null;
  // Calls that steer the loop, or read what the saved action gets from its placeholders, are not replayed.
  const kept = calls.filter((call) => {
    const tool = call.ok ? tools.get(call.tool) : undefined;
    return (
      tool !== undefined &&
      tool.meta.group !== 'agent' &&
      !tool.meta.deferred &&
      !tool.readsSavedActionContext(call.input, selection)
    );
  });
  const bullets = selection ? parseBullets(selection).map((bullet) => bullet.text) : [];
  const steps: PlanStep[] = [];
  const ids = new Set<string>();
  for (let i = 0; i < kept.length;) {
    const run = bulletRun(kept, i, bullets, tools);
    const call = kept[i] as ExecutedCall;
    const id = uniqueId(call.tool, ids);
    if (run) {
      steps.push({ id, tool: call.tool, foreach: { from: '${selectionBullets}', itemName: 'item' }, args: run });
      i += bullets.length;
    } else {
      steps.push({ id, tool: call.tool, args: literalArgs(call.input) });
      i++;
    }
  }
  const plan: ActionPlan = {
    version: PLAN_VERSION,
    goal: (goal ?? context.userMessage).trim().slice(0, 200) || 'Saved action',
    assumptions: [],
    riskLevel: maxRisk(steps.map((step) => tools.get(step.tool)?.meta.risk ?? 'read-only')),
    steps,
  };
  return parameterizePlan(plan, context, tools);
}

/**
 * Makes a plan that ran reusable: values that came from the person become placeholders (see `freezeCalls`).
 * A plan that already uses placeholders keeps them.
 */
export function parameterizePlan(plan: ActionPlan, context: FreezeContext, tools: Tools): FrozenPlan {
  const selection = context.selection?.trim() ? context.selection : null;
  const folders = mentionedFolders(plan, context.userMessage, tools);
  const replacements: Replacement[] = [
    ...folders.map((folder, index) => ({
      value: folder,
      placeholder: `\${${folderParameter(index)}}`,
      mode: 'prefix' as const,
      pathsOnly: true,
    })),
    ...(context.activeFile
      ? [{ value: context.activeFile, placeholder: '${activeFile}', mode: 'whole' as const, pathsOnly: true }]
      : []),
    ...(selection
      ? [
          { value: selection, placeholder: '${selection}', mode: 'whole' as const },
          { value: selection.trim(), placeholder: '${selection}', mode: 'whole' as const },
        ]
      : []),
    // A long selection copied into text is the selection; a short one may be a coincidence.
    ...(selection && selection.trim().length >= 12
      ? [{ value: selection.trim(), placeholder: '${selection}', mode: 'anywhere' as const }]
      : []),
    { value: isoDate(context.now), placeholder: '${date}', mode: 'anywhere' },
    ...(context.parameters ?? [])
      .filter((parameter) => parameter.value.length >= 2)
      .map((parameter) => ({
        value: parameter.value,
        placeholder: `\${${parameter.name}}`,
        mode: 'anywhere' as const,
      })),
  ];
  const steps = plan.steps.map((step) => {
    const paths = new Set(tools.get(step.tool)?.meta.pathArgs.map((arg) => arg.field) ?? []);
    const args = mapStrings(
      step.args,
      (text, path) => parameterizeString(text, 'plan', replacements, paths.has(String(path[0]))).text,
    ) as Record<string, unknown>;
    return { ...step, args };
  });
  const declared: PlanParameter[] = [
    ...(plan.parameters ?? []),
    ...folders.map((folder, index) => ({
      name: folderParameter(index),
      description: index === 0 ? 'Folder name' : `Folder name ${index + 1}`,
      default: folder,
    })),
    ...(context.parameters ?? []).map((parameter) => ({
      name: parameter.name,
      description: parameter.description ?? parameter.name,
      default: parameter.value,
    })),
  ];
  const names = usedNames({ steps });
  const parameters = declared.filter(
    (parameter, index) =>
      names.includes(parameter.name) && declared.findIndex((other) => other.name === parameter.name) === index,
  );
  const { parameters: _dropped, ...rest } = plan;
  const frozen: ActionPlan = { ...rest, steps, ...(parameters.length > 0 ? { parameters } : {}) };
  return { plan: frozen, kind: names.length > 0 ? 'template' : 'fixed', parameters };
}

const folderParameter = (index: number): string => (index === 0 ? 'folderName' : `folderName${index + 1}`);

/** Folders of the plan's literal paths that the person named in their message, longest match per path. */
function mentionedFolders(plan: ActionPlan, message: string, tools: Tools): string[] {
  const found: string[] = [];
  for (const step of plan.steps) {
    for (const arg of tools.get(step.tool)?.meta.pathArgs ?? []) {
      const values =
        arg.array && Array.isArray(step.args[arg.field]) ? (step.args[arg.field] as unknown[]) : [step.args[arg.field]];
      for (const value of values) {
        if (typeof value !== 'string' || value.includes('$')) continue;
        const chain: string[] = [];
        for (
          let folder = arg.folder ? value : parentFolder(value);
          folder !== '/' && folder !== '';
          folder = parentFolder(folder)
        )
          chain.push(folder);
        const named = chain.find((folder) => mentions(message, folder));
        if (named && !found.includes(named)) found.push(named);
      }
    }
  }
  return found;
}

/** The args of a bullet run when calls i…i+n-1 are one call per bullet, identical but for the bullet's text. */
function bulletRun(
  calls: readonly ExecutedCall[],
  start: number,
  bullets: readonly string[],
  tools: Tools,
): Record<string, unknown> | null {
  if (bullets.length < 2 || start + bullets.length > calls.length) return null;
  const first = calls[start] as ExecutedCall;
  if (!tools.get(first.tool)?.meta.isWrite) return null;
  const paths = new Set(tools.get(first.tool)?.meta.pathArgs.map((arg) => arg.field) ?? []);
  let shape: Record<string, unknown> | null = null;
  for (const [k, bullet] of bullets.entries()) {
    const call = calls[start + k] as ExecutedCall;
    if (call.tool !== first.tool || bullet.trim() === '') return null;
    let mentioned = false;
    // A model may have typed the bullet into a path as the file-name rule makes it; replaying makes it so again.
    const asName: Replacement = {
      value: fileNameFromTitle(bullet),
      placeholder: '${item.text}',
      mode: 'anywhere',
      pathsOnly: true,
    };
    const templated = mapStrings(call.input, (text, path) => {
      const result = parameterizeString(
        text,
        'literal',
        [{ value: bullet, placeholder: '${item.text}', mode: 'anywhere' }, asName],
        paths.has(String(path[0])),
      );
      if (result.used.length > 0) mentioned = true;
      return result.text;
    });
    if (!mentioned || !isRecord(templated)) return null;
    if (shape === null) shape = templated;
    else if (stableJson(shape) !== stableJson(templated)) return null;
  }
  return shape;
}

function literalArgs(input: unknown): Record<string, unknown> {
  const args = mapStrings(isRecord(input) ? input : {}, (text) => parameterizeString(text, 'literal', [], false).text);
  return args as Record<string, unknown>;
}

function uniqueId(tool: string, taken: Set<string>): string {
  const base = (tool.split('.').pop() ?? 'step').replace(/[^A-Za-z0-9_-]/g, '') || 'step';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  taken.add(id);
  return id;
}

/**
 * The values a run fixed stay as they were (each parameter's default); the ones the person marks "ask each time"
 * in the save modal are asked on every run, prefilled with that value.
 */
export function askEachTime(plan: ActionPlan, names: readonly string[]): ActionPlan {
  if (!plan.parameters || names.length === 0) return plan;
  return {
    ...plan,
    parameters: plan.parameters.map((parameter) =>
      names.includes(parameter.name) ? { ...parameter, ask: true } : parameter,
    ),
  };
}

/**
 * A plan keeps the values its run bound to its parameters (typed into the dry run's missing-input modal, or their
 * defaults) as defaults, so saving it keeps what the run fixed instead of asking with an empty field.
 */
export function keepBoundValues(plan: ActionPlan, bindings: PlanBindings): ActionPlan {
  const names = usedNames(plan);
  const declared = plan.parameters ?? [];
  const builtins = BUILTIN_PARAMETERS.filter(
    (builtin) => names.includes(builtin.name) && !declared.some((parameter) => parameter.name === builtin.name),
  );
  const parameters = [...declared, ...builtins].map((parameter) => {
    const bound = bindings[parameter.name]?.value;
    return typeof bound === 'string' && bound.trim() !== '' ? { ...parameter, default: bound } : parameter;
  });
  return parameters.length > 0 ? { ...plan, parameters } : plan;
}
