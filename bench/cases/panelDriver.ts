/**
 * Opening the chat panel over the Obsidian double as a person would, for the benchmarks that drive it (bundled
 * into each entry with `obsidian` aliased to the double): the plugin loads, the command opens the panel.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { App } from 'obsidian';
import type { LlmPort } from '../../src/core/ports/llm';
import EmbeddedAgentPlugin from '../../src/main';
import { commandsOf, createTestApp, manifest } from '../../test/obsidian-double/harness';

/** Polls a macrotask at a time, for setup steps that are not measured; `shows` says what the panel showed. */
export async function until<T>(
  find: () => T | null | undefined,
  what: string,
  options: { timeoutMs?: number; shows?: () => string } = {},
): Promise<T> {
  const started = performance.now();
  for (;;) {
    const found = find();
    if (found) return found;
    if (performance.now() - started > (options.timeoutMs ?? 60_000))
      throw new Error(`Timed out waiting for ${what}${options.shows ? `; the panel shows: ${options.shows()}` : ''}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export interface OpenedPanel {
  app: App;
  plugin: EmbeddedAgentPlugin;
  root: HTMLElement;
  box: HTMLTextAreaElement;
  /** The temporary folder of the checkpoints and modes file, for the caller to remove. */
  base: string;
}

/** The plugin over `files` with `model`, its chat panel open and in the document. */
export async function openPanel(files: Record<string, string>, model: LlmPort, prefix: string): Promise<OpenedPanel> {
  const base = await mkdtemp(join(tmpdir(), prefix));
  const app = createTestApp({ files });
  const plugin = new EmbeddedAgentPlugin(app, manifest('embedded-agent', 'Embedded Agent'));
  plugin.overrides = { llm: () => model, vaultPath: join(base, 'vault'), modesFile: join(base, 'modes.json') };
  plugin.load();
  await until(() => commandsOf(app).findCommand('embedded-agent:open-chat'), 'onload');
  Object.assign(plugin.settings, { checkpointLocation: join(base, 'checkpoints') });
  commandsOf(app).executeCommandById('embedded-agent:open-chat');
  const view = await until(() => app.workspace.getLeavesOfType('embedded-agent-chat')[0]?.view, 'the chat panel');
  // In Obsidian the panel is in the document; the double leaves leaves detached from it.
  if (!view.containerEl.isConnected) document.body.appendChild(view.containerEl);
  const root = await until(() => view.containerEl.querySelector<HTMLElement>('.embedded-agent-chat'), 'the chat panel');
  const box = await until(() => root.querySelector('textarea'), 'the message box');
  return { app, plugin, root, box, base };
}
