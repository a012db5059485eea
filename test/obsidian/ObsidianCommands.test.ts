// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { Plugin } from 'obsidian';
import type { App } from 'obsidian';
import { ObsidianCommands } from '../../src/obsidian/ObsidianCommands';
import { createTestApp, manifest } from '../obsidian-double/harness';

class TestPlugin extends Plugin {}

function setup(): { app: App; commands: ObsidianCommands; runs: string[] } {
  const app = createTestApp({ plugins: [manifest('dataview', 'Dataview'), manifest('calendar', 'Calendar')] });
  const plugin = new TestPlugin(app, manifest('dataview', 'Dataview'));
  const runs: string[] = [];
  plugin.addCommand({ id: 'refresh', name: 'Refresh', callback: () => runs.push('refresh') });
  plugin.addCommand({ id: 'busy', name: 'Busy', checkCallback: () => false });
  plugin.addCommand({
    id: 'broken',
    name: 'Broken',
    callback: () => {
      throw new Error('index not ready');
    },
  });
  return { app, commands: new ObsidianCommands(app), runs };
}

describe('ObsidianCommands', () => {
  it('should list every command with its full id and name, sorted by id', () => {
    expect(setup().commands.list()).toEqual([
      { id: 'dataview:broken', name: 'Dataview: Broken' },
      { id: 'dataview:busy', name: 'Dataview: Busy' },
      { id: 'dataview:refresh', name: 'Dataview: Refresh' },
    ]);
  });

  it('should run a command and report that it ran', async () => {
    const { commands, runs } = setup();
    expect(await commands.run('dataview:refresh')).toBe(true);
    expect(runs).toEqual(['refresh']);
  });

  it('should report false for a command that cannot run now or does not exist', async () => {
    const { commands } = setup();
    expect(await commands.run('dataview:busy')).toBe(false);
    expect(await commands.run('dataview:nothing')).toBe(false);
  });

  it('should fail with COMMAND_FAILED naming the command when it throws', async () => {
    await expect(setup().commands.run('dataview:broken')).rejects.toMatchObject({
      code: 'COMMAND_FAILED',
      message: 'Command "dataview:broken" failed: index not ready',
    });
  });

  it('should give the ids of installed community plugins', () => {
    expect(setup().commands.communityPluginIds()).toEqual(['calendar', 'dataview']);
  });

  it('should list nothing and refuse to run when Obsidian has no command registry', async () => {
    const app = createTestApp();
    Object.assign(app, { commands: undefined, plugins: undefined });
    const commands = new ObsidianCommands(app);
    expect(commands.list()).toEqual([]);
    expect(commands.communityPluginIds()).toEqual([]);
    await expect(commands.run('editor:toggle-bold')).rejects.toMatchObject({
      code: 'COMMAND_FAILED',
      message: 'Cannot run "editor:toggle-bold": this version of Obsidian has no command registry',
    });
  });
});
