/**
 * One plugin start-up in a fresh process as Obsidian performs it, over the obsidian double: read main.js, compile
 * it, evaluate it, construct the plugin and await its onload; then the heap it holds. Bundled by
 * bench/cases/pluginStartup.ts with `obsidian` aliased to the double and run as `node --expose-gc entry.mjs <main.js>`;
 * prints a PhasedLoadReport as JSON.
 */
import './pluginStartupDom';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { compileFunction } from 'node:vm';
import * as obsidian from 'obsidian';
import type { Plugin } from 'obsidian';
import { createTestApp, manifest } from '../../test/obsidian-double/harness';
import type { PhasedLoadReport } from './pluginStartupLoader';

function gcOrFail(): () => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc: the heap is measured after a full collection');
  return gc;
}
const gc = gcOrFail();

const loadedPlugins: Plugin[] = [];

async function startOnce(bundle: string): Promise<PhasedLoadReport> {
  const app = createTestApp();
  const ownRequire = createRequire(bundle);
  const provided: Record<string, unknown> = { obsidian, electron: {} };
  const bundleRequire = (id: string): unknown => (Object.hasOwn(provided, id) ? provided[id] : ownRequire(id));
  gc();
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const source = readFileSync(bundle, 'utf8');
  const read = performance.now();
  // What Node's require and Obsidian's loader both do: wrap the file in a function (compiled here) and call it.
  const wrapper = compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], {
    filename: bundle,
  });
  const compiled = performance.now();
  const module = { exports: {} as Record<string, unknown> };
  wrapper.call(module.exports, module.exports, bundleRequire, module, bundle, dirname(bundle));
  const evaluated = performance.now();
  const PluginClass = (module.exports.default ?? module.exports) as new (...args: unknown[]) => Plugin;
  const plugin = new PluginClass(app, manifest('embedded-agent', 'Embedded Agent'));
  await plugin.onload();
  const loaded = performance.now();
  const cpu = process.cpuUsage(cpuStart);
  // Held, as Obsidian holds a loaded plugin, so the heap after counts what it keeps.
  loadedPlugins.push(plugin);
  gc();
  gc();
  const heapAfter = process.memoryUsage().heapUsed;
  return {
    ms: loaded - start,
    cpuMs: (cpu.user + cpu.system) / 1000,
    readMs: read - start,
    compileMs: compiled - read,
    evaluateMs: evaluated - compiled,
    onloadMs: loaded - evaluated,
    heapBytes: heapAfter - heapBefore,
  };
}

const bundle = process.argv[2];
if (bundle === undefined) throw new Error('usage: node --expose-gc entry.mjs <main.js>');
process.stdout.write(JSON.stringify(await startOnce(bundle)));
