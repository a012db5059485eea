import type { ModeConfig } from '../modes/types';
import { redactTextForReader } from '../tool-execution/redact';
import type { ToolSet } from './toolSet';
import type { RunContext, VaultContext } from './types';

export interface PromptInput {
  mode: ModeConfig;
  /** Modes agent.switchMode may go to (a sub-task gets only those no stronger than its own). */
  switchableModes: readonly ModeConfig[];
  tools: ToolSet;
  context: RunContext;
  vault: VaultContext | null;
  /** 0 for the user's task, more for a sub-task. */
  depth: number;
}

type Section = (input: PromptInput) => string | null;

const role: Section = ({ mode, depth }) =>
  [
    mode.roleDefinition,
    depth > 0
      ? 'You are a sub-agent: another agent gave you this task and sees only your final answer, not this conversation.'
      : null,
  ]
    .filter(Boolean)
    .join('\n');

const modeSection: Section = ({ mode, switchableModes, tools }) => {
  const lines = [`## Mode\nYou are in ${mode.name} mode ("${mode.slug}").`];
  if (mode.customInstructions) lines.push(mode.customInstructions);
  const others = switchableModes.filter((other) => other.slug !== mode.slug);
  if (others.length > 0 && tools.allowed.has('agent.switchMode')) {
    lines.push(
      'Other modes (switch with agent.switchMode):',
      ...others.map((other) => `- ${other.slug}: ${other.whenToUse ?? other.name}`),
    );
  }
  return lines.join('\n');
};

const toolsSection: Section = ({ tools }) => {
  const lines = [
    '## Tools',
    'Use the tools to look things up and to act; never guess what a note says. Paths are relative to the vault root, e.g. "Projects/Idea.md".',
  ];
  if (tools.deferred.length > 0) {
    lines.push(
      `More tools exist that are listed by name only; load one with agent.findTool before calling it: ${tools.deferred.join(', ')}.`,
    );
  }
  return lines.join('\n');
};

const rulesSection: Section = ({ context, tools }) => {
  const lines = [
    '## Rules',
    '- Work step by step: call the tools you need, read their results, then continue.',
    '- Several reads that do not depend on each other can go in one answer; they run together.',
    '- Every change to the vault is shown to the user for approval. When a call is rejected, do not repeat it: ask or try another way.',
    '- When a tool returns an error, read it and correct the call instead of sending the same call again.',
    tools.allowed.has('agent.attemptCompletion')
      ? '- When the task is done, call agent.attemptCompletion with the final answer (or reply with text and no tool call).'
      : '- When the task is done, reply with the final answer and no tool call.',
    ...(context.rules ?? []).map((rule) => `- ${rule}`),
  ];
  return lines.join('\n');
};

const skillsSection: Section = ({ context }) =>
  context.skills?.length ? `## Active skills\n${context.skills.join(', ')}` : null;

const memorySection: Section = ({ context }) =>
  context.memory?.trim() ? `## Remembered\n${context.memory.trim()}` : null;

const vaultSection: Section = ({ vault }) => {
  if (!vault) return null;
  const lines: string[] = [];
  if (vault.activeFile) lines.push(`Active file: ${vault.activeFile}`);
  // Key-shaped text is replaced as in every tool result: the selection may be a whole note that holds one.
  if (vault.selection) lines.push(`Selected text:\n"""\n${redactTextForReader(vault.selection)}\n"""`);
  if (vault.folderOverview) lines.push(`Top of the vault:\n${vault.folderOverview}`);
  return lines.length ? `## The user's vault\n${lines.join('\n')}` : null;
};

/** The prompt, in this order: stable parts first, so a provider's prompt cache covers as much as possible. */
export const PROMPT_SECTIONS: readonly Section[] = [
  role,
  modeSection,
  toolsSection,
  rulesSection,
  skillsSection,
  memorySection,
  vaultSection,
];

export function buildSystemPrompt(input: PromptInput): string {
  return PROMPT_SECTIONS.map((section) => section(input))
    .filter((text): text is string => text !== null && text !== '')
    .join('\n\n');
}

/** Keeps the last prompt and rebuilds it only when its key (mode and tool set) changes. */
export class SystemPromptCache {
  private key: string | null = null;
  private prompt = '';
  builds = 0;

  get(key: string, build: () => string): string {
    if (key !== this.key) {
      this.prompt = build();
      this.key = key;
      this.builds++;
    }
    return this.prompt;
  }
}
