import { DEFAULT_SETTINGS } from '../settings/settings';

/** The chat's commands, as `--help` and an unknown command list them. */
export const COMMANDS =
  '/dry-run /actions /run /rest /continue /revert /runs /changes /keep /undo /redo /history /resume /mode /new /help /quit';

/** What `--help` prints. */
export const USAGE = `Embedded Agent in the terminal: chat with an agent that works on a vault folder.
Every write is shown with its diff and waits for your approval; every run can be reverted.

Usage: npm start -- --vault <folder> [options]

Options:
  --vault <folder>        the vault to work on (required)
  --provider <name>       anthropic, openai or openai-compatible (default: from the environment)
  --model <id>            the model id (default: EMBEDDED_AGENT_MODEL, else the provider's default)
  --base-url <url>        the API base URL, e.g. http://localhost:11434/v1 for Ollama
  --mode <slug>           ask, agent or one of your own modes (default: ask)
  --approval <policy>     writes: approve writes and commands (default); always: approve every call
  --allow-deletes         let the agent delete, rename and move files
  --allow-commands        let the agent run commands
  --no-stream             ask for whole answers instead of streamed ones
  --tool-call-format <f>  auto, native or text: how a local model's tool calls travel (default: auto)
  --checkpoints <folder>  where the checkpoint repository lives (default: your user config folder)
  --resume <id>           continue a saved conversation of this vault (/history lists them)
  --max-tokens-per-run <n>  stop a run before a model call that would take it past n tokens (/continue goes on)
  --max-cost-per-run <usd>  the same in US dollars, at list prices (models with a known price)
  --max-tokens-per-day <n>  the same for all runs of the day, in the terminal and in Obsidian together
  --max-cost-per-day <usd>  the same in US dollars; without these options, the limits set in Obsidian apply
  --list-models           list the provider's models (id, context window, tool support) and exit; no --vault needed
  --help                  show this text

Environment:
  ANTHROPIC_API_KEY       use Anthropic
  OPENAI_API_KEY          use OpenAI
  OPENAI_BASE_URL         an OpenAI-compatible server; without OPENAI_API_KEY no key is sent (Ollama, LM Studio)
  EMBEDDED_AGENT_MODEL    the model id, when --model is not given

In the chat: ${COMMANDS}. Ctrl-C cancels a run; twice exits.

The vault as an MCP server for Claude Code, Codex or any MCP client: npm start -- mcp --help
`;

/** What `mcp --help` prints (to stderr: stdout is the client's JSON-RPC channel). */
export const MCP_USAGE = `Embedded Agent as an MCP server on stdio: an MCP client (Claude Code, Codex, …) works on a vault
through the same gate as the chat panel: ignore rules, approval, a checkpoint before each write, the audit log,
and "Revert last run" (or /revert in the terminal) undoes the client's whole session.

Usage: npm start -- mcp --vault <folder> [options]

Options:
  --vault <folder>          the vault to serve (required)
  --mode <slug>             ask (reads only), agent or one of your own modes (default: ask)
  --approval <mode>         ask: each write is shown in the client as a form with the change, and runs only if
                                 accepted; a client without MCP elicitation gets every write refused (default)
                            review: writes run without a question, each checkpointed and audited, and wait to
                                 be kept or undone afterwards (/changes in the terminal runner, or the Changes
                                 view in Obsidian); commands are still asked for as with ask
                            client: no question here; the client's own permission prompt decides, and writes are
                                 still sandboxed, checkpointed and audited
                            writes-refused: only read-only tools are offered
  --approval-timeout <min>  minutes an approval form may stay unanswered before the write is refused (default: ${DEFAULT_SETTINGS.approvalTimeoutMinutes})
  --allow-deletes           offer deleting, renaming and moving files
  --allow-commands          offer running commands
  --checkpoints <folder>    where the checkpoint repository lives (default: your user config folder)
  --help                    show this text

stdout carries only the client's JSON-RPC messages; what the server tells you goes to stderr.
`;

/** What the chat's `/help` prints. */
export const CHAT_HELP = `Type a message and press Enter to run the agent. Commands:
  /dry-run <message>  plan the message and preview it (nothing is written), then ask once before running it
  /actions       list the saved actions of this vault (saved in Obsidian, kept in the plugin's data.json)
  /run <action>  run a saved action by name or id: asks for what is missing, previews, asks once, runs
  /rest          run what the last plan left undone, on its first confirmation
  /continue      go on with a run that stopped at a budget limit, from where it stopped
  /revert        undo the last run that changed the vault (shows the plan first)
  /runs          list the runs kept in the checkpoint repository
  /changes [run] review what runs changed: the list, newest first, or one run's files and changes
  /keep <run> [path] [change]  mark a run, a file or one change reviewed (writes nothing)
  /undo <run> [path] [change]  take back only that run's own lines; asks before replacing lines changed since
  /redo <run> [path] [change]  put back what an undo took away
  /mode [slug]   show the modes, or switch to one
  /history       list the saved conversations of this vault (the chat panel's too)
  /resume <id>   continue one of them
  /new           start a new conversation
  /help          show this text
  /quit          leave (Ctrl-D too)
While approving: y approves, n rejects (n <reason> tells the agent why), a approves the rest of the run.
Ctrl-C cancels a run; a second Ctrl-C exits.`;

/** A path as it can be pasted into a POSIX shell. */
export function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** What to do when no provider is configured: the three ways, each with commands to copy. */
export function noProviderHelp(vault: string): string {
  const start = `npm start -- --vault ${shellQuote(vault)}`;
  return `No LLM provider is configured. Set one up in one of these three ways, then start again:

  1. Anthropic: put your API key in ANTHROPIC_API_KEY
       export ANTHROPIC_API_KEY=sk-ant-...
       ${start}

  2. OpenAI: put your API key in OPENAI_API_KEY
       export OPENAI_API_KEY=sk-...
       ${start}

  3. A local OpenAI-compatible server (Ollama, LM Studio): put its URL in OPENAI_BASE_URL; no key is needed
       export OPENAI_BASE_URL=http://localhost:11434/v1
       ${start} --model llama3.1

Pick the model with --model or EMBEDDED_AGENT_MODEL. On Windows PowerShell, set a variable with
$env:ANTHROPIC_API_KEY = "sk-ant-..." instead of export.
`;
}
