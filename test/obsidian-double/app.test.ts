// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { Plugin } from 'obsidian';
import { commandsOf, createTestApp, manifest, pluginsOf } from './harness';

class TestPlugin extends Plugin {}

describe('obsidian double: app.commands', () => {
  it('should register a plugin command under "<plugin id>:<id>" with the plugin name before its own', () => {
    const app = createTestApp();
    const plugin = new TestPlugin(app, manifest('embedded-agent', 'Embedded Agent'));
    plugin.addCommand({ id: 'open-chat', name: 'Open chat', callback: () => undefined });
    expect(commandsOf(app).findCommand('embedded-agent:open-chat')?.name).toBe('Embedded Agent: Open chat');
    expect(
      commandsOf(app)
        .listCommands()
        .map((command) => command.id),
    ).toEqual(['embedded-agent:open-chat']);
  });

  it('should run a command and say whether it ran', () => {
    const app = createTestApp();
    const plugin = new TestPlugin(app, manifest('p'));
    let runs = 0;
    plugin.addCommand({ id: 'go', name: 'Go', callback: () => runs++ });
    plugin.addCommand({ id: 'never', name: 'Never', checkCallback: () => false });
    plugin.addCommand({ id: 'edit', name: 'Edit', editorCallback: () => runs++ });
    expect(commandsOf(app).executeCommandById('p:go')).toBe(true);
    expect(commandsOf(app).executeCommandById('p:never')).toBe(false);
    expect(commandsOf(app).executeCommandById('p:edit')).toBe(false);
    expect(commandsOf(app).executeCommandById('p:missing')).toBe(false);
    expect(runs).toBe(1);
  });

  it("should forget a plugin's commands when it removes them or unloads", () => {
    const app = createTestApp();
    const plugin = new TestPlugin(app, manifest('p'));
    plugin.load();
    plugin.addCommand({ id: 'a', name: 'A', callback: () => undefined });
    plugin.addCommand({ id: 'b', name: 'B', callback: () => undefined });
    plugin.removeCommand('a');
    expect(commandsOf(app).findCommand('p:a')).toBeUndefined();
    plugin.unload();
    expect(commandsOf(app).listCommands()).toEqual([]);
  });
});

describe('obsidian double: app.plugins and app.secretStorage', () => {
  it('should list installed plugins in app.plugins.manifests', () => {
    const app = createTestApp({ plugins: [manifest('dataview', 'Dataview')] });
    expect(Object.keys(pluginsOf(app).manifests)).toEqual(['dataview']);
  });

  it('should store secrets and refuse ids that are not lowercase letters, digits and dashes', () => {
    const app = createTestApp();
    app.secretStorage.setSecret('embedded-agent-api-key', 'sk-1');
    expect(app.secretStorage.getSecret('embedded-agent-api-key')).toBe('sk-1');
    expect(app.secretStorage.getSecret('missing')).toBeNull();
    expect(() => app.secretStorage.setSecret('Bad Key', 'x')).toThrow('Invalid secret ID "Bad Key"');
  });
});
