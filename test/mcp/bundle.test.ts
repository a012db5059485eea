import { builtinModules } from 'node:module';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** src/mcp/httpServer.ts bundled as esbuild.config.mjs bundles main.js, which will start it inside Obsidian. */
let bundled: Promise<Metafile> | undefined;
function httpServerBundle(): Promise<Metafile> {
  bundled ??= build({
    entryPoints: ['src/mcp/httpServer.ts'],
    bundle: true,
    minify: true,
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    external: ['obsidian', 'electron', ...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
    write: false,
    metafile: true,
    logLevel: 'silent',
  }).then((result) => result.metafile);
  return bundled;
}

describe('the MCP HTTP server as bundled into main.js', () => {
  it('should leave out McpServer, Hono and Express, which the low-level Server and the web-standard transport do without', async () => {
    const inputs = Object.keys((await httpServerBundle()).inputs);
    const heavy = inputs.filter((path) =>
      /node_modules\/(@hono\/|hono\/|express\/)|\/sdk\/dist\/[^/]+\/server\/(mcp|express)\.js$/.test(path),
    );
    expect(heavy).toEqual([]);
  });

  it("should keep no more of zod-to-json-schema than the one constant that the SDK's protocol.js pulls in", async () => {
    // shared/protocol.js imports the SDK's zod-json-schema-compat, which imports zod-to-json-schema: the package stays
    // an input, and tree shaking keeps only a module-level `new Set(…)` it cannot prove free of side effects.
    const output = Object.values((await httpServerBundle()).outputs)[0];
    const bytes = Object.entries(output?.inputs ?? {})
      .filter(([path]) => path.includes('node_modules/zod-to-json-schema/'))
      .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
    expect(bytes).toBeLessThan(200);
  });
});
