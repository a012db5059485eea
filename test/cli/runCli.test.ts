import { afterEach, describe, expect, it } from 'vitest';
import { USAGE } from '../../src/cli/usage';
import { ScriptedModel, textReply } from '../builders/scriptedModel';
import { exampleVaultCopy, removeTemporaryFolders, startSession } from './harness';

afterEach(async () => {
  await removeTemporaryFolders();
});

const NO_PROVIDER_HELP = `No LLM provider is configured. Set one up in one of these three ways, then start again:

  1. Anthropic: put your API key in ANTHROPIC_API_KEY
       export ANTHROPIC_API_KEY=sk-ant-...
       npm start -- --vault examples/vault

  2. OpenAI: put your API key in OPENAI_API_KEY
       export OPENAI_API_KEY=sk-...
       npm start -- --vault examples/vault

  3. A local OpenAI-compatible server (Ollama, LM Studio): put its URL in OPENAI_BASE_URL; no key is needed
       export OPENAI_BASE_URL=http://localhost:11434/v1
       npm start -- --vault examples/vault --model llama3.1

Pick the model with --model or EMBEDDED_AGENT_MODEL. On Windows PowerShell, set a variable with
$env:ANTHROPIC_API_KEY = "sk-ant-..." instead of export.
`;

describe('terminal runner: starting up', () => {
  it('should print exactly how to configure a provider and exit with 2 when none is configured', async () => {
    const run = startSession({ argv: ['--vault', 'examples/vault'], env: {}, lines: [] });
    expect(await run.code).toBe(2);
    expect(run.stderr()).toBe(NO_PROVIDER_HELP);
    expect(run.stdout()).toBe('');
  });

  it('should quote a vault path with spaces in the example commands', async () => {
    const run = startSession({ argv: ['--vault', 'My Vault'], env: { ANTHROPIC_API_KEY: ' ' }, lines: [] });
    expect(await run.code).toBe(2);
    expect(run.stderr()).toContain("npm start -- --vault 'My Vault'\n");
  });

  it('should print the usage with --help and exit with 0, without needing a provider', async () => {
    const run = startSession({ argv: ['--help'], env: {}, lines: [] });
    expect(await run.code).toBe(0);
    expect(run.stdout()).toBe(USAGE);
  });

  it.each([
    [
      [],
      '--vault is required: the folder of the vault to work on, e.g. --vault examples/vault. Run with --help to see every option\n',
    ],
    [['--vault'], '--vault needs a folder, e.g. --vault examples/vault. Run with --help to see every option\n'],
    [
      ['--vault', 'v', '--provider', 'gemini'],
      '--provider must be one of anthropic, openai, openai-compatible, got "gemini". Run with --help to see every option\n',
    ],
    [
      ['--vault', 'v', '--approval', 'never'],
      '--approval must be always or writes, got "never". Run with --help to see every option\n',
    ],
    [['--vault', 'v', '--yolo'], 'Unknown option --yolo. Run with --help to see every option\n'],
  ])('should refuse %j with a message that says what to do, and exit with 2', async (argv, message) => {
    const run = startSession({ argv, env: { ANTHROPIC_API_KEY: 'sk-ant-test' }, lines: [] });
    expect(await run.code).toBe(2);
    expect(run.stderr()).toBe(message);
  });

  it('should name the variable to set when --provider is given without its key', async () => {
    const run = startSession({
      argv: ['--vault', 'v', '--provider', 'openai'],
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
      lines: [],
    });
    expect(await run.code).toBe(2);
    expect(run.stderr()).toBe('--provider openai needs an API key: export OPENAI_API_KEY=sk-... and start again\n');
  });

  it('should refuse a vault folder that does not exist', async () => {
    const run = startSession({
      argv: ['--vault', 'no/such/vault'],
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
      lines: [],
    });
    expect(await run.code).toBe(2);
    expect(run.stderr()).toMatch(
      /^--vault "no\/such\/vault" does not exist \(looked at .*no\/such\/vault\): give the folder of an existing vault, e.g. --vault examples\/vault\n$/,
    );
  });

  it('should refuse a checkpoint folder inside the vault and an unknown --mode', async () => {
    const paths = await exampleVaultCopy();
    const inside = startSession({
      argv: ['--vault', paths.vault, '--checkpoints', `${paths.vault}/.checkpoints`],
      env: { ANTHROPIC_API_KEY: 'k' },
      lines: [],
      modesFile: paths.modesFile,
    });
    expect(await inside.code).toBe(2);
    expect(inside.stderr()).toContain('is inside the vault');
    const mode = startSession({
      argv: ['--vault', paths.vault, '--checkpoints', paths.checkpoints, '--mode', 'writer'],
      env: { ANTHROPIC_API_KEY: 'k' },
      lines: [],
      modesFile: paths.modesFile,
    });
    expect(await mode.code).toBe(2);
    expect(mode.stderr()).toBe('--mode: Unknown mode "writer". Modes: ask, agent\n');
  });

  it('should build the model from OPENAI_BASE_URL alone as a keyless openai-compatible server, with EMBEDDED_AGENT_MODEL', async () => {
    const paths = await exampleVaultCopy();
    const configs: unknown[] = [];
    const model = new ScriptedModel([textReply('Hello from the local model.')]);
    const run = startSession({
      argv: ['--vault', paths.vault, '--checkpoints', paths.checkpoints, '--no-stream'],
      env: { OPENAI_BASE_URL: 'http://localhost:11434/v1', EMBEDDED_AGENT_MODEL: 'qwen2.5:7b' },
      lines: ['Hi'],
      modesFile: paths.modesFile,
      createLlm: (config) => {
        configs.push({ ...config, clock: undefined, log: undefined });
        return model;
      },
    });
    expect(await run.code).toBe(0);
    expect(configs).toEqual([
      {
        provider: 'openai-compatible',
        model: 'qwen2.5:7b',
        baseUrl: 'http://localhost:11434/v1',
        apiKey: '',
        streaming: false,
        maxRetries: 3,
        toolCallFormat: 'auto',
        clock: undefined,
        log: undefined,
      },
    ]);
    expect(run.stdout()).toContain(
      'Model:       openai-compatible · qwen2.5:7b at http://localhost:11434/v1 (no key), without streaming',
    );
    expect(run.stdout()).toContain('ask> Hi\nHello from the local model.\n');
    // The default mode is Ask: no write tool reaches the model.
    expect(model.requests[0]?.toolNames).not.toContain('vault.createFile');
  });
});
