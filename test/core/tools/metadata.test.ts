import { describe, expect, it } from 'vitest';
import { TOOL_METADATA } from '../../../src/core/tools/metadata';
import { fromWireName, toWireName } from '../../../src/core/tools/wireNames';

const SEED_TOOLS = [
  'commands.list',
  'commands.run',
  'editor.getActiveFilePath',
  'editor.getSelection',
  'editor.insertAtCursor',
  'editor.replaceSelection',
  'plugins.search',
  'util.parseMarkdownBullets',
  'util.slugifyTitle',
  'vault.createFile',
  'vault.delete',
  'vault.ensureFolder',
  'vault.listFiles',
  'vault.readFile',
  'vault.rename',
  'vault.searchText',
  'vault.writeFile',
  'workspace.getContext',
  'workspace.openFile',
];

describe('the tool metadata table', () => {
  it('should hold the 19 tools of the tool reference', () => {
    const names = TOOL_METADATA.map((meta) => meta.name);
    for (const seed of SEED_TOOLS) expect(names).toContain(seed);
  });

  it('should hold the checkpoint tools, deferred, with restore as a write', () => {
    const rows = TOOL_METADATA.filter((meta) => meta.name.startsWith('checkpoints.'));
    expect(rows.map((meta) => [meta.name, meta.risk, meta.deferred])).toEqual([
      ['checkpoints.list', 'read-only', true],
      ['checkpoints.diff', 'read-only', true],
      ['checkpoints.restore', 'writes', true],
    ]);
  });

  it('should hold the agent tools: read-only loop controls that run alone and write nothing', () => {
    const rows = TOOL_METADATA.filter((meta) => meta.group === 'agent');
    expect(rows.map((meta) => [meta.name, meta.risk, meta.isWrite, meta.parallelSafe, meta.deferred])).toEqual([
      ['agent.attemptCompletion', 'read-only', false, false, false],
      ['agent.switchMode', 'read-only', false, false, false],
      ['agent.newTask', 'read-only', false, false, false],
      ['agent.findTool', 'read-only', false, false, false],
    ]);
  });

  it('should give every tool a dotted name without "_" whose wire name providers accept and maps back', () => {
    for (const { name } of TOOL_METADATA) {
      expect(name).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
      expect(toWireName(name)).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(fromWireName(toWireName(name))).toBe(name);
    }
  });

  it('should keep the risk levels of the tool reference', () => {
    const risk = Object.fromEntries(TOOL_METADATA.map((meta) => [meta.name, meta.risk]));
    expect(risk['commands.run']).toBe('commands');
    for (const name of [
      'vault.ensureFolder',
      'vault.createFile',
      'vault.writeFile',
      'vault.rename',
      'vault.delete',
      'editor.replaceSelection',
      'editor.insertAtCursor',
    ]) {
      expect(risk[name]).toBe('writes');
    }
    expect(TOOL_METADATA.filter((meta) => SEED_TOOLS.includes(meta.name) && meta.risk === 'read-only')).toHaveLength(
      11,
    );
  });

  it('should make every writer a non-parallel write and every parallel tool read-only', () => {
    for (const meta of TOOL_METADATA) {
      if (meta.risk === 'writes') expect([meta.isWrite, meta.parallelSafe]).toEqual([true, false]);
      if (meta.parallelSafe) expect(meta.risk).toBe('read-only');
    }
  });

  it('should name only existing input fields as path arguments', () => {
    for (const meta of TOOL_METADATA) {
      const properties = Object.keys((meta.inputSchema as { properties: object }).properties);
      for (const arg of meta.pathArgs) expect(properties).toContain(arg.field);
    }
  });

  it('should describe every input property, so the model knows what each one means', () => {
    for (const meta of TOOL_METADATA) {
      expect(meta.description.length).toBeGreaterThan(20);
      expect((meta.inputSchema as { additionalProperties: boolean }).additionalProperties).toBe(false);
    }
  });
});

describe('builtinTools and agentTools', () => {
  it('should implement every tool of the metadata table exactly once', async () => {
    const { builtinTools } = await import('../../../src/core/tools/builtinTools');
    const { agentTools } = await import('../../../src/core/tools/agent');
    expect([...builtinTools(), ...agentTools()].map((tool) => tool.name).sort()).toEqual(
      TOOL_METADATA.map((meta) => meta.name).sort(),
    );
  });
});
