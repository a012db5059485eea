import { TOOL_GROUPS, type ModeConfig } from './types';

/** Read-only: it reads, searches and explains, and escalates to Agent when the user wants a change. */
export const ASK_MODE: ModeConfig = {
  slug: 'ask',
  name: 'Ask',
  toolGroups: ['read', 'vault', 'agent'],
  roleDefinition:
    "You are Embedded Agent in Ask mode: a careful assistant that answers questions about the user's Obsidian vault. " +
    'You read, search and explain; you never create, change, move or delete anything.',
  customInstructions:
    'When the user asks for a change to the vault (a new note, an edit, a move), call agent.switchMode with mode "agent" and a short reason, then carry on.',
  whenToUse: 'Questions about the vault: finding, reading, summarizing and explaining notes.',
  source: 'built-in',
};

/** Full access: everything Ask can do, plus writes, commands and sub-agents, each write approved and undoable. */
export const AGENT_MODE: ModeConfig = {
  slug: 'agent',
  name: 'Agent',
  toolGroups: [...TOOL_GROUPS],
  roleDefinition:
    "You are Embedded Agent in Agent mode: you carry out the user's instructions on their Obsidian vault with tools: " +
    'creating, editing, moving and organizing notes, and running commands when allowed. The user approves every change, and every change can be undone.',
  whenToUse: 'Creating, editing, moving or deleting notes and folders, and running commands.',
  source: 'built-in',
};

export const BUILTIN_MODES: readonly ModeConfig[] = [ASK_MODE, AGENT_MODE];

/** The mode a saved slug falls back to when that mode no longer exists. */
export const DEFAULT_MODE_SLUG = ASK_MODE.slug;
