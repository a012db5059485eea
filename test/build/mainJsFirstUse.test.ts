// @vitest-environment happy-dom
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileFunction } from 'node:vm';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { build, type BuildOptions } from 'esbuild';
import * as obsidian from 'obsidian';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type EmbeddedAgentPlugin from '../../src/main';
import { commandsOf, createTestApp, manifest } from '../obsidian-double/harness';
import { connectWorkerClient, type WorkerClient } from '../plugin/support/mcpClient';
import { buildRequest, collect, summary } from '../providers/helpers';
import { useWireServer } from '../builders/useWireServer';
import { recordedStream, type WireServer } from '../builders/wireServer';

/**
 * The parts of main.js the plugin loads on first use, run from the built main.js itself: the production build
 * leaves SDK modules out (scripts/leaveOut.mjs), which tests of the sources never see.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'main-js-first-use-'));
const js = join(dir, 'main.js');
let server: WireServer;
useWireServer((started) => {
  server = started;
  // happy-dom's fetch (window.fetch and the requestUrl double) applies CORS, as a local server set up for Obsidian allows.
  server.cors = true;
});
const plugins: EmbeddedAgentPlugin[] = [];
const clients: WorkerClient[] = [];

beforeAll(async () => {
  // eslint-disable-next-line no-unsanitized/method -- the project's own build configuration
  const { mainJsOptions } = (await import(pathToFileURL(join(ROOT, 'esbuild.config.mjs')).href)) as {
    mainJsOptions: (production: boolean) => BuildOptions;
  };
  await build({ ...mainJsOptions(true), absWorkingDir: ROOT, outfile: js, logLevel: 'silent' });
}, 120_000);
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const plugin of plugins.splice(0)) plugin.unload();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** main.js's plugin class, evaluated as Obsidian does it: the file's text wrapped in a function and called. */
function bundledPluginClass(): typeof EmbeddedAgentPlugin {
  const ownRequire = createRequire(js);
  const provided: Record<string, unknown> = { obsidian, electron: {} };
  const module = { exports: {} as { default?: typeof EmbeddedAgentPlugin } };
  const wrapper = compileFunction(readFileSync(js, 'utf8'), ['exports', 'require', 'module'], { filename: js }) as (
    exports: unknown,
    require: (id: string) => unknown,
    module: unknown,
  ) => void;
  wrapper(module.exports, (id) => (Object.hasOwn(provided, id) ? provided[id] : ownRequire(id)), module);
  if (!module.exports.default) throw new Error('main.js exports no plugin class');
  return module.exports.default;
}

/** The plugin from main.js, loaded over the double on a vault of `files`, its checkpoints in a temporary folder. */
async function loadedPlugin(files: Record<string, string>): Promise<EmbeddedAgentPlugin> {
  const app = createTestApp({ files });
  const Plugin = bundledPluginClass();
  const plugin = new Plugin(app, manifest('embedded-agent', 'Embedded Agent'));
  const base = mkdtempSync(join(dir, 'plugin-'));
  plugin.overrides = { vaultPath: join(base, 'vault'), modesFile: join(base, 'modes.json') };
  plugin.load();
  plugins.push(plugin);
  await vi.waitFor(() => {
    if (!commandsOf(app).findCommand('embedded-agent:open-chat')) throw new Error('onload did not finish');
  });
  Object.assign(plugin.settings, { checkpointLocation: join(base, 'checkpoints') });
  return plugin;
}

const textOf = (result: CallToolResult): string => (result.content[0] as { text: string }).text;

describe('main.js on first use', () => {
  it('should stream an answer from an OpenAI-compatible server through the part of the openai SDK it keeps', async () => {
    server.reply('/v1/chat/completions', { sse: recordedStream('openai_chat_text_only_stop_with_usage.sse') });
    const plugin = await loadedPlugin({});
    Object.assign(plugin.settings, {
      provider: 'openai-compatible',
      baseUrl: server.openAiBaseUrl,
      model: 'qwen2.5-coder:7b',
    });
    const events = await collect(await plugin.llm(), buildRequest());
    expect(summary(events)).toMatchObject({ text: '{"city":"San Francisco","units":"c"}', stop: 'end_turn' });
  });

  it('should stream an answer from Anthropic through the part of its SDK main.js keeps', async () => {
    server.reply('/v1/messages', { sse: recordedStream('anthropic_text_only_end_turn.sse') });
    const plugin = await loadedPlugin({});
    Object.assign(plugin.settings, { provider: 'anthropic', baseUrl: server.origin, model: 'claude-opus-4-8' });
    plugin.app.secretStorage.setSecret(plugin.settings.apiKeySecret, 'sk-ant-test');
    const events = await collect(await plugin.llm(), buildRequest());
    expect(summary(events)).toMatchObject({ text: 'Hello there!', stop: 'end_turn' });
  });

  it('should start the MCP server and answer a regular-expression search over it (the MCP SDK, zod, re2js)', async () => {
    const plugin = await loadedPlugin({
      'Inbox.md': '- plan the weekly review\n',
      'Archive.md': '- a weekly chore\n',
    });
    Object.assign(plugin.settings, { mcpServer: true, mcpPort: 0 });
    await plugin.saveSettings();
    const state = plugin.mcpServer.state();
    if (state.status !== 'listening') throw new Error(`the server is not listening: ${JSON.stringify(state)}`);
    const client = await connectWorkerClient(new URL(state.url), plugin.mcpServer.takeUnseenToken() ?? '');
    clients.push(client);

    expect(await client.listTools()).toEqual(expect.arrayContaining(['vault_searchText', 'vault_readFile']));
    const found = textOf(await client.callTool('vault_searchText', { query: 'weekly\\s+rev(iew)?', mode: 'regex' }));
    expect(found).toContain('Inbox.md');
    expect(found).not.toContain('Archive.md');
  });
});
