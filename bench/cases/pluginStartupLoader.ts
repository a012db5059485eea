import { SourceMap, type SourceMapPayload, type SourceMapping } from 'node:module';
import { resolve } from 'node:path';

/**
 * The `obsidian` classes main.js extends while it loads (found by loading it with a stub that records every name
 * read). Everything else it takes from `obsidian` is read later, inside functions that loading does not call.
 */
export const OBSIDIAN_LOAD_CLASSES = ['Component', 'ItemView', 'Modal', 'Plugin', 'PluginSettingTab'] as const;

/** What one fresh process reports after loading a bundle. */
export interface LoadReport {
  /** Milliseconds to read, compile and evaluate the bundle (`require` of it). */
  ms: number;
  /** The modules the bundle required while it loaded (`obsidian`, `node:zlib`, …), each once, in order. */
  required: string[];
  /** With coverage: [start offset, end offset] in the bundle of every function that ran while it loaded. */
  ran?: [number, number][];
}

/** One start-up over the obsidian double, by phase (bench/cases/pluginStartupOnloadEntry.ts). */
export interface PhasedLoadReport {
  /** Milliseconds from reading main.js to the end of the plugin's onload. */
  ms: number;
  /** The process's CPU time over the same span (all its threads): less moved than `ms` by other work on the machine. */
  cpuMs: number;
  readMs: number;
  /** Compiling main.js wrapped in a function, as require and Obsidian's loader do: V8 parses all of it. */
  compileMs: number;
  /** Running that function: main.js's top-level code and every module it evaluates at load. */
  evaluateMs: number;
  /** Constructing the plugin and awaiting its onload. */
  onloadMs: number;
  /** Heap used after a full collection, with the plugin loaded, less before reading main.js. */
  heapBytes: number;
}

/**
 * A CommonJS script for a fresh `node` process: `node loader.cjs <bundle> [--coverage]`. It resolves `obsidian` and
 * `electron` to stubs, requires the bundle, and prints a LoadReport as JSON. A stub throws when the bundle reads a
 * name it lacks at load time, naming it, so a new base class shows up as an error rather than as a faster load.
 * With `--coverage`, V8's precise coverage records which functions ran (it slows the load: not for timing).
 */
export function loaderSource(classes: readonly string[] = OBSIDIAN_LOAD_CLASSES): string {
  return `'use strict';
const Module = require('node:module');
const classes = new Set(${JSON.stringify(classes)});
const stub = (name, provides) => new Proxy({}, {
  get(_target, key) {
    if (typeof key !== 'string' || key === '__esModule' || key === 'then') return undefined;
    if (provides(key)) return class {};
    throw new Error(\`main.js read \${name}.\${key} while loading; the start-up bench's \${name} stub lacks it (bench/cases/pluginStartupLoader.ts)\`);
  },
});
const stubs = { obsidian: stub('obsidian', (key) => classes.has(key)), electron: stub('electron', () => false) };
const required = [];
const ownRequire = Module.prototype.require;
Module.prototype.require = function (id) {
  if (!required.includes(id)) required.push(id);
  return Object.hasOwn(stubs, id) ? stubs[id] : ownRequire.apply(this, arguments);
};
const [bundle, flag] = process.argv.slice(2);
let session;
if (flag === '--coverage') {
  session = new (require('node:inspector').Session)();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
}
const start = performance.now();
require(bundle);
const ms = performance.now() - start;
const report = { ms, required: required.filter((id) => id !== bundle) };
if (session) {
  session.post('Profiler.takePreciseCoverage', (error, result) => {
    if (error) throw error;
    const script = result.result.find((entry) => entry.url.endsWith(require('node:path').basename(bundle)));
    report.ran = script.functions.map((fn) => fn.ranges[0]).filter((range) => range.count > 0).map((range) => [range.startOffset, range.endOffset]);
  });
}
process.stdout.write(JSON.stringify(report));
`;
}

/** A source file of the MCP server: the SDK, zod (which only the SDK brings), src/mcp or the plugin's mcpRuntime. */
export const isServerSource = (path: string): boolean =>
  /(^|\/)node_modules\/(@modelcontextprotocol\/sdk|zod|zod-to-json-schema)\/|(^|\/)src\/mcp\/|(^|\/)src\/plugin\/mcpRuntime\.ts$/.test(
    path,
  );

/**
 * The source files whose code ran, from the functions that ran and the bundle's source map: each function is
 * attributed to the source of the mapping at its first character (esbuild maps the start of every function, a
 * module's lazy-init wrapper included, to the file it came from). Paths are made absolute against `mapDir`.
 */
export function sourcesThatRan(
  bundle: string,
  payload: SourceMapPayload,
  mapDir: string,
  ran: readonly [number, number][],
): Set<string> {
  const lineStarts = [0];
  for (let i = bundle.indexOf('\n'); i !== -1; i = bundle.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const map = new SourceMap(payload);
  const sources = new Set<string>();
  for (const [offset] of ran) {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    const entry = map.findEntry(lo, offset - (lineStarts[lo] as number)) as Partial<SourceMapping>;
    if (entry.originalSource !== undefined) sources.add(resolve(mapDir, entry.originalSource));
  }
  return sources;
}

/**
 * A source file the plugin needs only on first use (issue [15] item 7): the plans and the saved-action UI (save for
 * the palette commands' ids and names, registered at load, and the preview summary the chat panel's cards use),
 * the JSON-schema validator, YAML, the search index, the
 * link keeper, the providers' SDKs and checkpoints' git; the Changes view's list and the review core (save for the
 * view's shell, the status-bar count and the types they share).
 */
export const isFirstUseSource = (path: string): boolean =>
  /(^|\/)node_modules\/(ajv|ajv-formats|fast-uri|json-schema-traverse|js-yaml|openai|@anthropic-ai\/sdk|@opentelemetry\/api|isomorphic-git|re2js)\/|(^|\/)src\/(core\/plan\/(?!actionCommands\.ts$|previewSummary\.ts$)|ui\/savedActions\/|ui\/plan\/|ui\/changes\/(?!ChangesView\.ts$|ChangesCount\.ts$|types\.ts$)|core\/review\/(?!types\.ts$)|core\/search\/|core\/links\/|providers\/)/.test(
    path,
  );
