import { describe, expect, it } from 'vitest';
import { buildToolSet, matchTools } from '../../../src/core/agent/toolSet';
import { agentTools } from '../../../src/core/tools/agent';
import { builtinTools } from '../../../src/core/tools/builtinTools';
import { ToolRegistry } from '../../../src/core/tools/ToolRegistry';

const registry = new ToolRegistry([...builtinTools(), ...agentTools()]);
const tool = (name: string, description: string) => ({ name, description, inputSchema: {} });

describe('buildToolSet', () => {
  it('should hold back deferred tools until they are loaded', () => {
    const names = ['vault.readFile', 'checkpoints.list', 'agent.findTool'];
    const before = buildToolSet({ modeTools: names, registry, loaded: new Set(), canSpawn: true });
    expect([...before.allowed]).toEqual(['vault.readFile', 'agent.findTool']);
    expect(before.deferred).toEqual(['checkpoints.list']);
    const after = buildToolSet({ modeTools: names, registry, loaded: new Set(['checkpoints.list']), canSpawn: true });
    expect(after.definitions.map((d) => d.name)).toEqual(names);
    expect(after.key).not.toBe(before.key);
  });

  it('should drop agent.newTask when no more sub-tasks may start, and agent.findTool when nothing is deferred', () => {
    const set = buildToolSet({
      modeTools: ['vault.readFile', 'agent.newTask', 'agent.findTool', 'unregistered.tool'],
      registry,
      loaded: new Set(),
      canSpawn: false,
    });
    expect([...set.allowed]).toEqual(['vault.readFile']);
  });
});

describe('matchTools', () => {
  const tools = [
    tool('checkpoints.list', 'List runs and checkpoints.'),
    tool('checkpoints.diff', 'Show a diff.'),
    tool('notes.wordCount', 'Count the words of a text.'),
  ];

  it('should return the tool named exactly, by dotted or wire name', () => {
    expect(matchTools('checkpoints.diff', tools).map((t) => t.name)).toEqual(['checkpoints.diff']);
    expect(matchTools('checkpoints_diff', tools).map((t) => t.name)).toEqual(['checkpoints.diff']);
  });

  it('should rank by words in the name over words in the description', () => {
    expect(matchTools('count words', tools).map((t) => t.name)).toEqual(['notes.wordCount']);
    expect(matchTools('checkpoints list', tools).map((t) => t.name)).toEqual(['checkpoints.list', 'checkpoints.diff']);
    expect(matchTools('weather', tools)).toEqual([]);
  });
});
