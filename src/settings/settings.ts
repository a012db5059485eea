/**
 * Every setting the plugin keeps in data.json: key, default, and what it means. The settings tab, the loader,
 * docs/guide/settings.md's table and README.md's list of keys (`npm run docs`) are generated from this one list.
 */
export type ProviderId = 'anthropic' | 'openai' | 'openai-compatible';
export type ApprovalPolicy = 'always' | 'writes' | 'review';
export type ToolCallFormat = 'auto' | 'native' | 'text';
/** Who approves an MCP client's writes: see core/session/outsideApproval. */
export type McpApproval = 'ask' | 'review' | 'client' | 'writes-refused';

export interface EmbeddedAgentSettings {
  provider: ProviderId;
  model: string;
  baseUrl: string;
  apiKeySecret: string;
  streaming: boolean;
  toolCallFormat: ToolCallFormat;
  maxTokens: number;
  temperature: number;
  approval: ApprovalPolicy;
  allowCommands: boolean;
  allowDeletes: boolean;
  approvalTimeoutMinutes: number;
  maxRetries: number;
  maxTokensPerRun: number;
  maxCostPerRun: number;
  maxTokensPerDay: number;
  maxCostPerDay: number;
  checkpointLocation: string;
  checkpointMaxMb: number;
  condensingThreshold: number;
  contextWindow: number;
  mcpServer: boolean;
  mcpPort: number;
  mcpApproval: McpApproval;
  customModes: unknown[];
  savedActions: unknown[];
}

interface SettingSpec<K extends keyof EmbeddedAgentSettings> {
  key: K;
  default: EmbeddedAgentSettings[K];
  description: string;
  /** Allowed values for enumerations; a numeric range for numbers. */
  values?: readonly EmbeddedAgentSettings[K][];
  range?: { min: number; max: number };
}

type AnySettingSpec = { [K in keyof EmbeddedAgentSettings]: SettingSpec<K> }[keyof EmbeddedAgentSettings];

export const DEFAULT_MODELS: Record<ProviderId, string> = {
  anthropic: 'claude-sonnet-4-6',
  openai: 'gpt-4.1',
  'openai-compatible': 'llama3.1',
};

export const SETTING_SPECS: readonly AnySettingSpec[] = [
  {
    key: 'provider',
    default: 'anthropic',
    values: ['anthropic', 'openai', 'openai-compatible'],
    description:
      'Which API the agent talks to. `openai-compatible` covers Ollama, LM Studio, OpenRouter and other servers that speak the OpenAI chat API.',
  },
  {
    key: 'model',
    default: DEFAULT_MODELS.anthropic,
    description:
      'The model id sent to the provider, e.g. `claude-sonnet-4-6` (Anthropic), `gpt-4.1` (OpenAI), `llama3.1` (Ollama).',
  },
  {
    key: 'baseUrl',
    default: '',
    description:
      "API base URL; empty for the provider's own. `openai-compatible` needs it, e.g. `http://localhost:11434/v1`.",
  },
  {
    key: 'apiKeySecret',
    default: 'embedded-agent-api-key',
    description:
      "The *name* of the secret in Obsidian's secret storage that holds the API key. The key itself is never written to data.json.",
  },
  {
    key: 'streaming',
    default: true,
    description: "Stream answers as they are written. Off: one request per answer through Obsidian's `requestUrl`.",
  },
  {
    key: 'toolCallFormat',
    default: 'auto',
    values: ['auto', 'native', 'text'],
    description:
      "How tool calls travel to an OpenAI-compatible model. `native`: the API's tool calls. `text`: the tools are described in the system prompt and the model writes `<tool_call>` blocks, for a server with no tool template. `auto`: native, and calls the model writes in its text (`<tool_call>`, `[TOOL_CALLS]`, Llama's JSON) are recognized too.",
  },
  {
    key: 'maxTokens',
    default: 4096,
    range: { min: 1, max: 200000 },
    description: 'Most tokens the model may write in one answer.',
  },
  {
    key: 'temperature',
    default: 0.2,
    range: { min: 0, max: 2 },
    description: 'Sampling temperature; low keeps plans predictable. Anthropic takes at most 1.',
  },
  {
    key: 'approval',
    default: 'writes',
    values: ['always', 'writes', 'review'],
    description:
      '`always`: approve every plan and every tool call, reads included. `writes`: approve only writes and commands. `review`: writes run without a card (still sandboxed, checkpointed and audited) and each run waits in the Changes view, where you keep or undo it hunk by hunk; commands are still asked for, since they cannot be undone.',
  },
  { key: 'allowCommands', default: false, description: 'Let the agent run Obsidian commands by id (`commands.run`).' },
  {
    key: 'allowDeletes',
    default: false,
    description: 'Let the agent delete, rename and move files (`vault.delete`, `vault.rename`).',
  },
  {
    key: 'approvalTimeoutMinutes',
    default: 30,
    range: { min: 1, max: 1440 },
    description:
      "How long an approval (a tool call's card, a plan's confirmation) waits for an answer, in the panel and in the terminal; no answer by then counts as a no.",
  },
  {
    key: 'maxRetries',
    default: 3,
    range: { min: 0, max: 10 },
    description: 'Most retries of a failed provider request (429, 5xx, connection errors) and of a plan step.',
  },
  {
    key: 'maxTokensPerRun',
    default: 0,
    range: { min: 0, max: 100000000 },
    description:
      'Most tokens one message may spend (prompts, cached or not, and answers; sub-tasks and condensing included). Checked before each model call; at the limit the run stops and offers to continue. 0: no limit.',
  },
  {
    key: 'maxCostPerRun',
    default: 0,
    range: { min: 0, max: 10000 },
    description:
      'Most US dollars one message may spend, at the list prices of the pricing table. A model with no known price is bounded by the token limits only. 0: no limit.',
  },
  {
    key: 'maxTokensPerDay',
    default: 0,
    range: { min: 0, max: 1000000000 },
    description:
      "Most tokens all runs of a day may spend together, in the panel and the terminal, calls under way included (kept in the plugin folder's `spending/` ledger, counted while a daily limit is set). 0: no limit.",
  },
  {
    key: 'maxCostPerDay',
    default: 0,
    range: { min: 0, max: 100000 },
    description:
      'Most US dollars all runs of a day may spend together, counting the models whose price is known. 0: no limit.',
  },
  {
    key: 'checkpointLocation',
    default: '',
    description:
      'Folder of the shadow git repository that holds checkpoints. Empty: a per-vault folder in your user config directory, outside the vault, so sync services never see it.',
  },
  {
    key: 'checkpointMaxMb',
    default: 200,
    range: { min: 10, max: 10000 },
    description: 'Size cap of the checkpoint repository; the oldest runs are pruned beyond it, never the newest one.',
  },
  {
    key: 'condensingThreshold',
    default: 70,
    range: { min: 10, max: 95 },
    description: "Summarize older conversation when it fills this percentage of the model's context window.",
  },
  {
    key: 'contextWindow',
    default: 0,
    range: { min: 0, max: 10000000 },
    description: 'Context window of the model in tokens; 0 looks it up in the table of known models.',
  },
  {
    key: 'mcpServer',
    default: false,
    description:
      "Serve this vault to MCP clients on this computer (Claude Code, Codex, Cursor, …) at `http://127.0.0.1:<port>/mcp`, with the access token below. Their calls go through the same checks as the agent's: ignore rules, approval in the chat panel, a checkpoint before each write, the audit log.",
  },
  {
    key: 'mcpPort',
    default: 27150,
    range: { min: 1024, max: 65535 },
    description: 'The port of the MCP server, on 127.0.0.1 only.',
  },
  {
    key: 'mcpApproval',
    default: 'ask',
    values: ['ask', 'review', 'client', 'writes-refused'],
    description:
      "Who approves an MCP client's writes. `ask`: you, on a card in the chat panel that names the client. `review`: you, afterwards: writes run without a card and each of the client's runs waits in the Changes view, where you keep or undo it hunk by hunk (commands are still asked for on a card). `client`: the client's own permission prompt; each write is still checked, checkpointed and audited. `writes-refused`: the client may only read. A change applies to clients that connect after it.",
  },
  {
    key: 'customModes',
    default: [],
    description:
      'Modes of this vault: a JSON list of `{ slug, name, toolGroups, roleDefinition, customInstructions?, whenToUse? }`. A mode with a built-in slug (`ask`, `agent`) replaces it; tool groups only narrow what the agent can do.',
  },
  {
    key: 'savedActions',
    default: [],
    description: 'The saved actions, in the same JSON shape that export and import use.',
  },
];

export const DEFAULT_SETTINGS: EmbeddedAgentSettings = Object.fromEntries(
  SETTING_SPECS.map((spec) => [spec.key, structuredClone(spec.default)]),
) as unknown as EmbeddedAgentSettings;

/** The approval timeout as the pipeline and plans take it. */
export function approvalTimeoutMs(settings: Pick<EmbeddedAgentSettings, 'approvalTimeoutMinutes'>): number {
  return settings.approvalTimeoutMinutes * 60 * 1000;
}

/** The settings as a session and the pipeline take them: all of them, with the approval timeout in milliseconds. */
export function withApprovalTimeoutMs(
  settings: EmbeddedAgentSettings,
): EmbeddedAgentSettings & { approvalTimeoutMs: number } {
  return { ...settings, approvalTimeoutMs: approvalTimeoutMs(settings) };
}

/**
 * Reads data.json's content into complete settings: unknown keys are dropped, a value of the wrong type or out
 * of range falls back to its default, and each such fallback is reported so the user learns why.
 */
export function parseSettings(raw: unknown): { settings: EmbeddedAgentSettings; problems: string[] } {
  const source = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const settings = structuredClone(DEFAULT_SETTINGS) as unknown as Record<string, unknown>;
  const problems: string[] = [];
  for (const spec of SETTING_SPECS) {
    if (!(spec.key in source)) continue;
    const value = source[spec.key];
    const expected = Array.isArray(spec.default) ? 'array' : typeof spec.default;
    const actual = Array.isArray(value) ? 'array' : typeof value;
    if (actual !== expected) {
      problems.push(
        `Setting "${spec.key}" should be ${expected === 'array' ? 'a list' : `a ${expected}`}, got ${JSON.stringify(value)}; using ${JSON.stringify(spec.default)}`,
      );
    } else if (spec.values && !(spec.values as readonly unknown[]).includes(value)) {
      problems.push(
        `Setting "${spec.key}" must be one of ${spec.values.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(value)}; using ${JSON.stringify(spec.default)}`,
      );
    } else if (
      spec.range &&
      typeof value === 'number' &&
      (value < spec.range.min || value > spec.range.max || Number.isNaN(value))
    ) {
      problems.push(
        `Setting "${spec.key}" must be between ${spec.range.min} and ${spec.range.max}, got ${value}; using ${JSON.stringify(spec.default)}`,
      );
    } else {
      settings[spec.key] = value;
    }
  }
  return { settings: settings as unknown as EmbeddedAgentSettings, problems };
}
