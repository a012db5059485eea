import { describe, expect, it } from 'vitest';
import { buildSystemPrompt, SystemPromptCache } from '../../../src/core/agent/systemPrompt';
import { buildToolSet } from '../../../src/core/agent/toolSet';
import { AGENT_MODE, ASK_MODE } from '../../../src/core/modes/builtinModes';
import { agentTools } from '../../../src/core/tools/agent';
import { builtinTools } from '../../../src/core/tools/builtinTools';
import { ToolRegistry } from '../../../src/core/tools/ToolRegistry';

const registry = new ToolRegistry([...builtinTools(), ...agentTools()]);
const tools = buildToolSet({
  modeTools: ['vault.readFile', 'agent.switchMode', 'agent.attemptCompletion'],
  registry,
  loaded: new Set(),
  canSpawn: true,
});

describe('the system prompt', () => {
  it('should be built from named sections: role, mode, tools, rules, skills, memory, vault', () => {
    const prompt = buildSystemPrompt({
      mode: ASK_MODE,
      switchableModes: [ASK_MODE, AGENT_MODE],
      tools,
      context: { rules: ['Answer briefly.'], skills: ['daily-notes'], memory: 'The user writes in German.' },
      vault: { activeFile: 'Daily/2026-01-15.md', selection: 'a selected line', folderOverview: 'Daily/\nInbox.md' },
      depth: 0,
    });
    expect(prompt.startsWith(ASK_MODE.roleDefinition)).toBe(true);
    const headings = prompt.split('\n').filter((line) => line.startsWith('## '));
    expect(headings).toEqual([
      '## Mode',
      '## Tools',
      '## Rules',
      '## Active skills',
      '## Remembered',
      "## The user's vault",
    ]);
    expect(prompt).toContain('- agent: Creating, editing, moving or deleting notes and folders, and running commands.');
    expect(prompt).toContain('- Answer briefly.');
    expect(prompt).toContain(
      'Active file: Daily/2026-01-15.md\nSelected text:\n"""\na selected line\n"""\nTop of the vault:\nDaily/\nInbox.md',
    );
  });

  it('should send a selection that holds a key with the key redacted, as a tool result would be', () => {
    const key = 'sk-proj-Q8r2L0xVb7Nn3Ks9Tz1Hc4Wf6Yd5Jm2Pa8Ue0Gi3Oq7Rl';
    const prompt = buildSystemPrompt({
      mode: ASK_MODE,
      switchableModes: [ASK_MODE],
      tools,
      context: {},
      vault: { activeFile: 'Setup.md', selection: `export OPENAI_KEY=${key}`, folderOverview: null },
      depth: 0,
    });
    expect(prompt).toContain('Selected text:\n"""\nexport OPENAI_KEY=[redacted]\n"""');
    expect(prompt).not.toContain(key.slice(0, 12));
  });

  it('should leave out empty sections', () => {
    const prompt = buildSystemPrompt({
      mode: AGENT_MODE,
      switchableModes: [AGENT_MODE],
      tools,
      context: {},
      vault: null,
      depth: 0,
    });
    expect(prompt).not.toContain('## Active skills');
    expect(prompt).not.toContain("## The user's vault");
    expect(prompt).not.toContain('Other modes');
  });

  it('should be rebuilt only when its key changes', () => {
    const cache = new SystemPromptCache();
    let builds = 0;
    const build = () => `prompt ${++builds}`;
    expect(cache.get('ask|a', build)).toBe('prompt 1');
    expect(cache.get('ask|a', build)).toBe('prompt 1');
    expect(cache.get('agent|a,b', build)).toBe('prompt 2');
    expect(cache.builds).toBe(2);
  });
});
