import { describe, expect, it } from 'vitest';
import { ModeService } from '../../../src/core/modes/ModeService';
import type { ModeConfig } from '../../../src/core/modes/types';
import { TOOL_METADATA } from '../../../src/core/tools/metadata';

const allGates = () => ({ allowDeletes: true, allowCommands: true });
const mode = (
  slug: string,
  toolGroups: ModeConfig['toolGroups'],
  source: ModeConfig['source'] = 'vault',
): ModeConfig => ({
  slug,
  name: slug,
  toolGroups,
  roleDefinition: `You are ${slug}.`,
  source,
});
const inGroups = (...groups: string[]) =>
  TOOL_METADATA.filter((meta) => groups.includes(meta.group)).map((meta) => meta.name);

describe('ModeService', () => {
  it('should offer the built-in Ask and Agent modes', () => {
    const modes = new ModeService({ gates: allGates });
    expect(modes.listModes().map((m) => [m.slug, m.name, m.source])).toEqual([
      ['ask', 'Ask', 'built-in'],
      ['agent', 'Agent', 'built-in'],
    ]);
    expect(modes.getMode('ask')?.toolGroups).toEqual(['read', 'vault', 'agent']);
    expect(modes.getMode('agent')?.toolGroups).toEqual(['read', 'vault', 'edit', 'web', 'agent', 'mcp', 'skill']);
  });

  it('should expand Ask to exactly the read, vault and agent tools of the metadata table, without any write', () => {
    const modes = new ModeService({ gates: allGates });
    const tools = modes.toolNames('ask');
    expect(tools).toEqual(inGroups('read', 'vault', 'agent'));
    expect(tools).toContain('agent.switchMode');
    for (const name of tools) expect(TOOL_METADATA.find((meta) => meta.name === name)?.isWrite).toBe(false);
  });

  it('should give Agent every tool whose settings switch is on', () => {
    const modes = new ModeService({ gates: allGates });
    expect(modes.toolNames('agent')).toEqual(TOOL_METADATA.map((meta) => meta.name));
  });

  it('should remove a tool whose settings switch is off, in every mode, read at each call', () => {
    const gates = { allowDeletes: false, allowCommands: true };
    const modes = new ModeService({ gates: () => gates });
    expect(modes.toolNames('agent')).not.toContain('vault.delete');
    expect(modes.toolNames('agent')).not.toContain('vault.rename');
    expect(modes.toolNames('agent')).toContain('commands.run');
    gates.allowCommands = false;
    expect(modes.toolNames('agent')).not.toContain('commands.run');
  });

  it('should let a vault mode with a built-in slug replace the built-in, and a vault mode replace a global one', () => {
    const modes = new ModeService({
      gates: allGates,
      globalModes: [mode('ask', ['read'], 'global'), mode('researcher', ['read', 'vault'], 'global')],
      vaultModes: [mode('researcher', ['read'], 'vault')],
    });
    expect(modes.listModes().map((m) => [m.slug, m.source])).toEqual([
      ['ask', 'global'],
      ['agent', 'built-in'],
      ['researcher', 'vault'],
    ]);
    expect(modes.toolNames('researcher')).toEqual(inGroups('read'));
  });

  it('should fall back to Ask for a saved slug that no longer exists', () => {
    const modes = new ModeService({ gates: allGates, activeMode: 'gone' });
    expect(modes.getActiveMode().slug).toBe('ask');
    expect(modes.resolve('gone').slug).toBe('ask');
    expect(modes.resolve(undefined).slug).toBe('ask');
  });

  it('should switch the active mode and report it for saving', () => {
    const saved: unknown[] = [];
    const modes = new ModeService({ gates: allGates, onChange: (state) => saved.push(state) });
    expect(modes.setActiveMode('agent').slug).toBe('agent');
    expect(modes.getActiveMode().slug).toBe('agent');
    expect(saved).toEqual([{ activeMode: 'agent', toolOverrides: {} }]);
  });

  it('should name the modes there are when asked for an unknown one', () => {
    const modes = new ModeService({ gates: allGates });
    expect(() => modes.setActiveMode('writer')).toThrow('Unknown mode "writer". Modes: ask, agent');
  });

  it('should narrow a mode with an override', () => {
    const modes = new ModeService({ gates: allGates });
    modes.setModeToolOverride('agent', ['vault.readFile', 'vault.createFile']);
    expect(modes.toolNames('agent')).toEqual(['vault.createFile', 'vault.readFile']);
    modes.setModeToolOverride('agent', null);
    expect(modes.toolNames('agent')).toHaveLength(TOOL_METADATA.length);
  });

  it("should refuse an override that would add a tool outside the mode's groups", () => {
    const modes = new ModeService({ gates: allGates });
    expect(() => modes.setModeToolOverride('ask', ['vault.readFile', 'vault.createFile'])).toThrow(
      'Mode "ask" cannot be given vault.createFile: overrides can only remove tools from the mode\'s groups (read, vault, agent)',
    );
    expect(modes.getModeToolOverride('ask')).toBeUndefined();
  });

  it("should ignore saved override entries outside the mode's groups, so a saved override never escalates", () => {
    const modes = new ModeService({ gates: allGates, toolOverrides: { ask: ['vault.readFile', 'vault.delete'] } });
    expect(modes.toolNames('ask')).toEqual(['vault.readFile']);
  });

  it('should tell whether one mode is no stronger than another', () => {
    const modes = new ModeService({ gates: allGates, vaultModes: [mode('reader', ['read'])] });
    expect(modes.isNoStrongerThan('ask', 'agent')).toBe(true);
    expect(modes.isNoStrongerThan('reader', 'ask')).toBe(true);
    expect(modes.isNoStrongerThan('agent', 'ask')).toBe(false);
    expect(modes.isNoStrongerThan('ask', 'reader')).toBe(false);
  });
});
