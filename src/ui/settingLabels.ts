import type { EmbeddedAgentSettings } from '../settings/settings';

export type SettingSection = 'Model' | 'Safety' | 'Budget' | 'Checkpoints' | 'MCP server' | 'Advanced';

export interface SettingLabel {
  /** The row's name, in sentence case. */
  name: string;
  section: SettingSection;
  /** Display names of an enumeration's values; a value without one shows as itself. */
  options?: Record<string, string>;
  /** Numbers: whether fractions are allowed (otherwise whole numbers only). */
  fractional?: boolean;
  /** Shown by the field when it is empty. */
  placeholder?: string;
}

/**
 * What a person reads for each setting; keys, defaults, ranges and descriptions come from SETTING_SPECS. Typed as
 * a record over every key, so a setting added there does not compile until it has a name here.
 */
export const SETTING_LABELS: Record<keyof EmbeddedAgentSettings, SettingLabel> = {
  provider: {
    name: 'Provider',
    section: 'Model',
    options: {
      anthropic: 'Anthropic',
      openai: 'OpenAI',
      'openai-compatible': 'OpenAI-compatible (Ollama, LM Studio, …)',
    },
  },
  model: { name: 'Model', section: 'Model' },
  baseUrl: { name: 'Base URL', section: 'Model', placeholder: 'http://localhost:11434/v1' },
  apiKeySecret: { name: 'API key', section: 'Model' },
  streaming: { name: 'Stream answers', section: 'Model' },
  toolCallFormat: {
    name: 'Tool call format',
    section: 'Model',
    options: { auto: 'Automatic', native: 'Native tool calls', text: 'Written in the text (local models)' },
  },
  maxTokens: { name: 'Maximum tokens per answer', section: 'Model' },
  temperature: { name: 'Temperature', section: 'Model', fractional: true },
  approval: {
    name: 'Ask for approval',
    section: 'Safety',
    options: {
      always: 'For every plan and tool call',
      writes: 'For writes and commands only',
      review: 'For commands only; review writes afterwards',
    },
  },
  allowCommands: { name: 'Allow commands', section: 'Safety' },
  allowDeletes: { name: 'Allow deletes and renames', section: 'Safety' },
  approvalTimeoutMinutes: { name: 'Approval timeout (minutes)', section: 'Safety' },
  maxRetries: { name: 'Maximum retries', section: 'Safety' },
  maxTokensPerRun: { name: 'Token limit per run', section: 'Budget', placeholder: '0' },
  maxCostPerRun: { name: 'Cost limit per run (USD)', section: 'Budget', fractional: true, placeholder: '0' },
  maxTokensPerDay: { name: 'Token limit per day', section: 'Budget', placeholder: '0' },
  maxCostPerDay: { name: 'Cost limit per day (USD)', section: 'Budget', fractional: true, placeholder: '0' },
  checkpointLocation: { name: 'Checkpoint folder', section: 'Checkpoints', placeholder: 'Outside the vault' },
  checkpointMaxMb: { name: 'Checkpoint size limit (MB)', section: 'Checkpoints' },
  mcpServer: { name: 'Serve the vault to MCP clients', section: 'MCP server' },
  mcpPort: { name: 'Port', section: 'MCP server' },
  mcpApproval: {
    name: 'Who approves their changes',
    section: 'MCP server',
    options: {
      ask: 'You, in the chat panel',
      review: 'You, afterwards, in the Changes view',
      client: "The client's own prompt",
      'writes-refused': 'Nobody: reads only',
    },
  },
  condensingThreshold: { name: 'Condense the conversation at (%)', section: 'Advanced' },
  contextWindow: { name: 'Context window (tokens)', section: 'Advanced', placeholder: '0' },
  customModes: { name: 'Custom modes (JSON)', section: 'Advanced' },
  savedActions: { name: 'Saved actions', section: 'Advanced' },
};

export const SECTION_ORDER: readonly SettingSection[] = [
  'Model',
  'Safety',
  'Budget',
  'Checkpoints',
  'MCP server',
  'Advanced',
];
