import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings } from '../../src/settings/settings';

describe('parseSettings', () => {
  it('should give the contract defaults for an empty data.json', () => {
    const { settings, problems } = parseSettings(null);
    expect(problems).toEqual([]);
    expect(settings).toMatchObject({
      provider: 'anthropic',
      baseUrl: '',
      apiKeySecret: 'embedded-agent-api-key',
      streaming: true,
      approval: 'writes',
      allowCommands: false,
      allowDeletes: false,
      savedActions: [],
    });
    expect(settings.model).not.toBe('');
  });

  it('should keep valid values and drop unknown keys', () => {
    const { settings } = parseSettings({
      provider: 'openai-compatible',
      baseUrl: 'http://localhost:11434/v1',
      apiKey: 'sk-leak',
    });
    expect(settings.provider).toBe('openai-compatible');
    expect(settings.baseUrl).toBe('http://localhost:11434/v1');
    expect(settings).not.toHaveProperty('apiKey');
  });

  it('should fall back to the default and say why for a wrong type, value or range', () => {
    const { settings, problems } = parseSettings({ streaming: 'yes', approval: 'never', temperature: 7 });
    expect(settings.streaming).toBe(true);
    expect(settings.approval).toBe('writes');
    expect(settings.temperature).toBe(DEFAULT_SETTINGS.temperature);
    expect(problems).toEqual([
      'Setting "streaming" should be a boolean, got "yes"; using true',
      'Setting "temperature" must be between 0 and 2, got 7; using 0.2',
      'Setting "approval" must be one of "always", "writes", "review", got "never"; using "writes"',
    ]);
  });

  it('should take review for the approval of the agent and of MCP clients', () => {
    const { settings, problems } = parseSettings({ approval: 'review', mcpApproval: 'review' });
    expect(problems).toEqual([]);
    expect(settings).toMatchObject({ approval: 'review', mcpApproval: 'review' });
  });

  it('should never share the default savedActions array between loads', () => {
    parseSettings({}).settings.savedActions.push({});
    expect(parseSettings({}).settings.savedActions).toEqual([]);
  });
});
