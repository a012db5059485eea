import { AgentError } from '../core/errors';
import { OUTSIDE_APPROVAL_MODES, type OutsideApprovalMode } from '../core/session/outsideApproval';
import type { ProviderKind, ToolCallFormat } from '../providers/createProvider';
import type { ApprovalPolicy } from '../settings/settings';
import { isCostLimit, type BudgetLimits, type LimitKind } from '../core/budget/limits';

/** What the command line asked for. */
export interface CliArgs {
  vault: string;
  provider?: ProviderKind;
  model?: string;
  baseUrl?: string;
  /** Mode slug to start in; the built-in default (Ask) when absent. */
  mode?: string;
  approval: ApprovalPolicy;
  allowDeletes: boolean;
  allowCommands: boolean;
  streaming: boolean;
  /** How an OpenAI-compatible model's tool calls travel; `auto` when absent. */
  toolCallFormat?: ToolCallFormat;
  /** Folder of the checkpoint repository; the per-user default when absent. */
  checkpoints?: string;
  /** A saved conversation to continue (`/history` lists them). */
  resume?: string;
  /** Budget limits given on the command line; they win over the vault's settings. */
  budget: Partial<BudgetLimits>;
}

/** `--list-models` needs only the provider options: it lists and exits, so no vault is asked for. */
export type ListModelsArgs = Pick<CliArgs, 'provider' | 'model' | 'baseUrl'>;

/** `npm start -- mcp …`: the vault as an MCP server over stdio (no model: the client is the model). */
export interface McpArgs {
  vault: string;
  mode?: string;
  approval: OutsideApprovalMode;
  allowDeletes: boolean;
  allowCommands: boolean;
  checkpoints?: string;
  /** Minutes an approval form may stay unanswered; the `approvalTimeoutMinutes` default when absent. */
  approvalTimeoutMinutes?: number;
}

export type ParsedArgs =
  { help: true } | { help: false; listModels: ListModelsArgs } | { help: false; listModels?: undefined; args: CliArgs };

const PROVIDERS: readonly ProviderKind[] = ['anthropic', 'openai', 'openai-compatible'];
const APPROVALS: readonly ApprovalPolicy[] = ['always', 'writes'];
const TOOL_CALL_FORMATS: readonly ToolCallFormat[] = ['auto', 'native', 'text'];

/** Options that take a value, and an example of one for the error that says it is missing. */
const VALUE_OPTIONS: Record<string, string> = {
  '--vault': 'a folder, e.g. --vault examples/vault',
  '--provider': 'anthropic, openai or openai-compatible',
  '--model': 'a model id, e.g. --model claude-sonnet-4-6',
  '--base-url': 'a URL, e.g. --base-url http://localhost:11434/v1',
  '--mode': 'a mode slug, e.g. --mode agent',
  '--approval': 'always or writes',
  '--checkpoints': 'a folder outside the vault, e.g. --checkpoints ~/checkpoints',
  '--tool-call-format': 'auto, native or text',
  '--resume': 'a conversation id from /history, e.g. --resume 20260101T120000-k3f9',
  '--max-tokens-per-run': 'a whole number of tokens, e.g. --max-tokens-per-run 50000 (0: no limit)',
  '--max-cost-per-run': 'US dollars, e.g. --max-cost-per-run 0.50 (0: no limit)',
  '--max-tokens-per-day': 'a whole number of tokens, e.g. --max-tokens-per-day 1000000 (0: no limit)',
  '--max-cost-per-day': 'US dollars, e.g. --max-cost-per-day 5 (0: no limit)',
};

const BUDGET_OPTIONS: readonly [option: string, kind: LimitKind][] = [
  ['--max-tokens-per-run', 'maxTokensPerRun'],
  ['--max-cost-per-run', 'maxCostPerRun'],
  ['--max-tokens-per-day', 'maxTokensPerDay'],
  ['--max-cost-per-day', 'maxCostPerDay'],
];
const FLAGS = new Set(['--list-models', '--allow-deletes', '--allow-commands', '--no-stream', '--help', '-h']);
/** What `mcp` takes: the vault, the mode and its switches, and how writes are approved; no model options. */
const MCP_VALUE_OPTIONS: Record<string, string> = {
  '--vault': VALUE_OPTIONS['--vault'] as string,
  '--mode': VALUE_OPTIONS['--mode'] as string,
  '--checkpoints': VALUE_OPTIONS['--checkpoints'] as string,
  '--approval': `${OUTSIDE_APPROVAL_MODES.join(', ')}`,
  '--approval-timeout': 'minutes, e.g. --approval-timeout 5',
};
const MCP_FLAGS = new Set(['--allow-deletes', '--allow-commands', '--help', '-h']);

const usageError = (message: string): AgentError =>
  new AgentError('INVALID_INPUT', `${message}. Run with --help to see every option`);

/** The options and flags of a command line, each checked against what it takes. */
function readOptions(
  argv: readonly string[],
  valueOptions: Record<string, string>,
  flagNames: ReadonlySet<string>,
): { values: Map<string, string>; flags: Set<string> } {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (flagNames.has(name)) {
      if (eq > 0) throw usageError(`${name} takes no value, got "${arg}"`);
      flags.add(name);
      continue;
    }
    const expected = valueOptions[name];
    if (expected === undefined) {
      throw usageError(
        name.startsWith('-')
          ? `Unknown option ${name}`
          : `Unexpected argument "${arg}" (the vault folder goes after --vault)`,
      );
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '' || (eq < 0 && value.startsWith('--')))
      throw usageError(`${name} needs ${expected}`);
    if (values.has(name)) throw usageError(`${name} is given twice ("${values.get(name)}" and "${value}")`);
    values.set(name, value);
  }
  return { values, flags };
}

/** Whether the command line asks for the MCP server: `mcp` first, then its own options. */
export function isMcpCommand(argv: readonly string[]): boolean {
  return argv[0] === 'mcp';
}

/** The options after `mcp`: `--vault <folder> [--mode <slug>] [--approval ask|review|client|writes-refused] [--allow-deletes] …`. */
export function parseMcpArgs(argv: readonly string[]): { help: true } | { help: false; mcp: McpArgs } {
  const { values, flags } = readOptions(argv, MCP_VALUE_OPTIONS, MCP_FLAGS);
  if (flags.has('--help') || flags.has('-h')) return { help: true };
  const vault = values.get('--vault');
  if (vault === undefined)
    throw usageError('mcp: --vault is required: the folder of the vault to serve, e.g. mcp --vault examples/vault');
  const approval = values.get('--approval') ?? 'ask';
  if (!(OUTSIDE_APPROVAL_MODES as readonly string[]).includes(approval))
    throw usageError(`mcp: --approval must be one of ${OUTSIDE_APPROVAL_MODES.join(', ')}, got "${approval}"`);
  const timeout = values.get('--approval-timeout');
  const minutes = timeout === undefined ? undefined : Number(timeout);
  if (minutes !== undefined && !(Number.isFinite(minutes) && minutes > 0))
    throw usageError(`mcp: --approval-timeout must be a number of minutes above 0, got "${timeout}"`);
  const mode = values.get('--mode');
  const checkpoints = values.get('--checkpoints');
  return {
    help: false,
    mcp: {
      vault,
      approval: approval as OutsideApprovalMode,
      allowDeletes: flags.has('--allow-deletes'),
      allowCommands: flags.has('--allow-commands'),
      ...(mode === undefined ? {} : { mode }),
      ...(checkpoints === undefined ? {} : { checkpoints }),
      ...(minutes === undefined ? {} : { approvalTimeoutMinutes: minutes }),
    },
  };
}

/**
 * Reads `--name value`, `--name=value` and plain flags. Errors name the option, what it takes and what came, so
 * a typo is fixed from the message alone.
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const { values, flags } = readOptions(argv, VALUE_OPTIONS, FLAGS);
  if (flags.has('--help') || flags.has('-h')) return { help: true };
  const provider = values.get('--provider');
  if (provider !== undefined && !(PROVIDERS as readonly string[]).includes(provider)) {
    throw usageError(`--provider must be one of ${PROVIDERS.join(', ')}, got "${provider}"`);
  }
  const toolCallFormat = values.get('--tool-call-format');
  if (toolCallFormat !== undefined && !(TOOL_CALL_FORMATS as readonly string[]).includes(toolCallFormat)) {
    throw usageError(`--tool-call-format must be one of ${TOOL_CALL_FORMATS.join(', ')}, got "${toolCallFormat}"`);
  }
  const optional = (name: string, key: keyof CliArgs): Partial<CliArgs> => {
    const value = values.get(name);
    return value === undefined ? {} : { [key]: value };
  };
  const chosen = {
    ...(provider === undefined ? {} : { provider: provider as ProviderKind }),
    ...optional('--model', 'model'),
    ...optional('--base-url', 'baseUrl'),
  };
  if (flags.has('--list-models')) return { help: false, listModels: chosen };

  const vault = values.get('--vault');
  if (vault === undefined)
    throw usageError(`--vault is required: the folder of the vault to work on, e.g. --vault examples/vault`);
  const approval = values.get('--approval') ?? 'writes';
  if (!(APPROVALS as readonly string[]).includes(approval))
    throw usageError(`--approval must be always or writes, got "${approval}"`);
  const budget: Partial<BudgetLimits> = {};
  for (const [option, kind] of BUDGET_OPTIONS) {
    const raw = values.get(option);
    if (raw === undefined) continue;
    const value = Number(raw);
    const whole = !isCostLimit(kind);
    if (!/^\d+(\.\d+)?$/.test(raw) || !Number.isFinite(value) || (whole && !Number.isInteger(value))) {
      throw usageError(`${option} needs ${VALUE_OPTIONS[option] ?? 'a number'}, got "${raw}"`);
    }
    budget[kind] = value;
  }
  return {
    help: false,
    args: {
      budget,
      vault,
      ...chosen,
      ...optional('--mode', 'mode'),
      ...optional('--checkpoints', 'checkpoints'),
      ...optional('--resume', 'resume'),
      ...(toolCallFormat === undefined ? {} : { toolCallFormat: toolCallFormat as ToolCallFormat }),
      approval: approval as ApprovalPolicy,
      allowDeletes: flags.has('--allow-deletes'),
      allowCommands: flags.has('--allow-commands'),
      streaming: !flags.has('--no-stream'),
    },
  };
}
