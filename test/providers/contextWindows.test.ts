import { describe, expect, it } from 'vitest';
import { contextWindowFor, DEFAULT_CONTEXT_WINDOW } from '../../src/providers/contextWindows';

describe('contextWindowFor', () => {
  it.each([
    ['claude-opus-4-8', 200_000],
    ['claude-sonnet-4-5-20250929', 200_000],
    ['gpt-4.1-mini', 1_047_576],
    ['gpt-4o-2024-08-06', 128_000],
    ['gpt-4', 8_192],
    ['o1-mini', 128_000],
    ['o3', 200_000],
    ['o4-mini', 200_000],
    ['llama3.1:8b', 131_072],
    ['llama3:latest', 8_192],
    ['qwen2.5-coder:7b', 32_768],
    ['qwen3:30b-a3b', 40_960],
    ['mistral-nemo', 131_072],
    ['mistral:7b', 32_768],
    ['anthropic/claude-sonnet-4.5', 200_000],
    ['Meta-Llama/Llama-3.3-70B-Instruct', 131_072],
  ])('should know %s by its longest matching prefix', (model, tokens) => {
    expect(contextWindowFor(model)).toBe(tokens);
  });

  it('should use the default for an unknown model', () => {
    expect(contextWindowFor('my-finetune')).toBe(DEFAULT_CONTEXT_WINDOW);
  });

  it('should use the setting when it is positive, and the table when it is 0', () => {
    expect(contextWindowFor('claude-opus-4-8', 1_000_000)).toBe(1_000_000);
    expect(contextWindowFor('claude-opus-4-8', 0)).toBe(200_000);
  });
});
