import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { isServerSource, loaderSource, sourcesThatRan, type LoadReport } from '../../bench/cases/pluginStartupLoader';

const dir = mkdtempSync(join(tmpdir(), 'startup-loader-'));
const loader = join(dir, 'loader.cjs');
writeFileSync(loader, loaderSource(['Plugin', 'Modal']));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const load = (bundle: string, ...flags: string[]): LoadReport =>
  JSON.parse(execFileSync(process.execPath, [loader, bundle, ...flags], { encoding: 'utf8' })) as LoadReport;

describe('the start-up bench loader', () => {
  it('should load a bundle that extends the stubbed obsidian classes and list the modules it required, once each', () => {
    const bundle = file(
      'extends.cjs',
      "const o = require('obsidian'); class P extends o.Plugin {} class M extends o.Modal {} require('node:path'); require('obsidian'); module.exports = { P, M };",
    );
    const report = load(bundle);
    expect(report.required).toEqual(['obsidian', 'node:path']);
    expect(report.ms).toBeGreaterThan(0);
  });

  it('should fail naming the obsidian member that the stub lacks when the bundle reads it while loading', () => {
    const bundle = file('platform.cjs', "const o = require('obsidian'); module.exports = o.Platform.isMobile;");
    const run = spawnSync(process.execPath, [loader, bundle], { encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(
      "main.js read obsidian.Platform while loading; the start-up bench's obsidian stub lacks it (bench/cases/pluginStartupLoader.ts)",
    );
  });

  it('should attribute code that ran at load to its source, a wrapped module run eagerly included, and not a module only imported lazily', async () => {
    file('eager.ts', 'export const twice = (n: number): number => n * 2;');
    file('both.ts', "import { twice } from './eager'; export const table = new Map([[1, twice(1)]]);");
    file('lazy.ts', "import { twice } from './eager'; export const lazyTable = new Map([[2, twice(2)]]);");
    file(
      'entry.ts',
      "import { table } from './both'; export const size = table.size; export const later = () => Promise.all([import('./lazy'), import('./both')]);",
    );
    const js = join(dir, 'bundle.js');
    await build({
      entryPoints: [join(dir, 'entry.ts')],
      bundle: true,
      minify: true,
      format: 'cjs',
      platform: 'browser',
      outfile: js,
      sourcemap: 'external',
      logLevel: 'silent',
    });
    const ran = sourcesThatRan(
      readFileSync(js, 'utf8'),
      JSON.parse(readFileSync(`${js}.map`, 'utf8')) as Parameters<typeof sourcesThatRan>[1],
      dir,
      load(js, '--coverage').ran ?? [],
    );
    expect([...ran].map((path) => path.slice(dir.length + 1)).sort()).toEqual(['both.ts', 'eager.ts']);
  });
});

describe('isServerSource', () => {
  it.each([
    'node_modules/@modelcontextprotocol/sdk/dist/esm/server/index.js',
    '/repo/node_modules/zod/v4/core/core.js',
    'node_modules/zod-to-json-schema/dist/esm/parsers/string.js',
    'src/mcp/httpServer.ts',
    '/repo/src/plugin/mcpRuntime.ts',
  ])('should count %s as the MCP server', (path) => {
    expect(isServerSource(path)).toBe(true);
  });

  it.each([
    'src/plugin/lazyModules.ts',
    'src/core/session/OutsideSession.ts',
    'node_modules/ajv/dist/core.js',
    'node_modules/js-yaml/dist/js-yaml.mjs',
  ])('should not count %s as the MCP server', (path) => {
    expect(isServerSource(path)).toBe(false);
  });
});
