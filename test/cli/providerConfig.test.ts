import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args';
import { describeProvider, resolveProvider } from '../../src/cli/providerConfig';

describe('parseArgs', () => {
  it('should read every option, in both spellings', () => {
    expect(
      parseArgs([
        '--vault=notes',
        '--provider',
        'openai',
        '--model',
        'gpt-4.1',
        '--base-url=http://x/v1',
        '--mode',
        'agent',
        '--approval',
        'always',
        '--allow-deletes',
        '--allow-commands',
        '--no-stream',
        '--checkpoints',
        '/tmp/cp',
      ]),
    ).toEqual({
      help: false,
      args: {
        vault: 'notes',
        provider: 'openai',
        model: 'gpt-4.1',
        baseUrl: 'http://x/v1',
        mode: 'agent',
        approval: 'always',
        allowDeletes: true,
        allowCommands: true,
        streaming: false,
        checkpoints: '/tmp/cp',
        budget: {},
      },
    });
  });

  it('should default to approving writes, streaming, and nothing gated allowed', () => {
    expect(parseArgs(['--vault', 'v'])).toEqual({
      help: false,
      args: { vault: 'v', approval: 'writes', allowDeletes: false, allowCommands: false, streaming: true, budget: {} },
    });
  });

  it('should read the budget limits, and refuse a limit that is not a number of its unit', () => {
    const parsed = parseArgs(['--vault', 'v', '--max-tokens-per-run', '50000', '--max-cost-per-day=2.5']);
    expect(parsed).toMatchObject({ args: { budget: { maxTokensPerRun: 50000, maxCostPerDay: 2.5 } } });
    expect(() => parseArgs(['--vault', 'v', '--max-tokens-per-run', '1.5'])).toThrow(
      '--max-tokens-per-run needs a whole number of tokens, e.g. --max-tokens-per-run 50000 (0: no limit), got "1.5"',
    );
    expect(() => parseArgs(['--vault', 'v', '--max-cost-per-run', '-1'])).toThrow(
      '--max-cost-per-run needs US dollars',
    );
    expect(() => parseArgs(['--vault', 'v', '--max-cost-per-run', 'lots'])).toThrow('got "lots"');
  });

  it('should refuse an option given twice and a value for a flag', () => {
    expect(() => parseArgs(['--vault', 'a', '--vault', 'b'])).toThrow('--vault is given twice ("a" and "b")');
    expect(() => parseArgs(['--vault', 'a', '--no-stream=yes'])).toThrow(
      '--no-stream takes no value, got "--no-stream=yes"',
    );
    expect(() => parseArgs(['--vault', '--model', 'x'])).toThrow('--vault needs a folder');
  });
});

describe('resolveProvider', () => {
  const args = {};
  it('should take Anthropic first, then OpenAI, then a keyless OPENAI_BASE_URL', () => {
    expect(resolveProvider(args, { ANTHROPIC_API_KEY: 'sk-ant', OPENAI_API_KEY: 'sk-oa' })).toMatchObject({
      provider: 'anthropic',
      apiKey: 'sk-ant',
      model: 'claude-sonnet-4-6',
      baseUrl: '',
    });
    expect(
      resolveProvider(args, { OPENAI_API_KEY: 'sk-oa', OPENAI_BASE_URL: 'https://openrouter.ai/api/v1' }),
    ).toMatchObject({ provider: 'openai', apiKey: 'sk-oa', baseUrl: 'https://openrouter.ai/api/v1' });
    expect(resolveProvider(args, { OPENAI_BASE_URL: 'http://localhost:11434/v1' })).toMatchObject({
      provider: 'openai-compatible',
      apiKey: '',
      model: 'llama3.1',
      keySource: 'no key',
    });
    expect(resolveProvider(args, { ANTHROPIC_API_KEY: '', OPENAI_API_KEY: '  ' })).toBeNull();
  });

  it('should take the provider, model and base URL from flags before the environment', () => {
    const choice = resolveProvider(
      { provider: 'openai-compatible', model: 'qwen3', baseUrl: 'http://localhost:1234/v1' },
      { ANTHROPIC_API_KEY: 'sk-ant', EMBEDDED_AGENT_MODEL: 'other' },
    );
    expect(choice).toEqual({
      provider: 'openai-compatible',
      model: 'qwen3',
      baseUrl: 'http://localhost:1234/v1',
      apiKey: '',
      keySource: 'no key',
    });
    expect(describeProvider(choice!)).toBe('openai-compatible · qwen3 at http://localhost:1234/v1 (no key)');
    expect(resolveProvider({}, { ANTHROPIC_API_KEY: 'k', EMBEDDED_AGENT_MODEL: 'claude-opus-4-1' })?.model).toBe(
      'claude-opus-4-1',
    );
  });

  it('should say which variable to set for a provider named without its key or URL', () => {
    expect(() => resolveProvider({ provider: 'anthropic' }, {})).toThrow(
      '--provider anthropic needs an API key: export ANTHROPIC_API_KEY=sk-ant-... and start again',
    );
    expect(() => resolveProvider({ provider: 'openai-compatible' }, {})).toThrow(
      "--provider openai-compatible needs the server's URL: add --base-url http://localhost:11434/v1 (Ollama) or export OPENAI_BASE_URL",
    );
  });
});
