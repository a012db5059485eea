import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { compileFunction } from 'node:vm';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { exportNames, leaveOut } from '../../scripts/leaveOut.mjs';

const dir = mkdtempSync(join(tmpdir(), 'leave-out-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

// A package shaped as the SDKs are: a client that builds every resource in its constructor.
write({
  'node_modules/sdk/package.json': '{ "name": "sdk", "type": "module", "main": "client.js" }',
  'node_modules/sdk/client.js': [
    "import { Chat } from './chat.js';",
    "import { Batches, batchLimit } from './batches.js';",
    'export class Client { chat = new Chat(); batches = new Batches(); }',
    'export const limit = () => batchLimit(3);',
  ].join('\n'),
  'node_modules/sdk/chat.js': "export class Chat { create() { return 'answer'; } }",
  'node_modules/sdk/batches.js': [
    'export class Batches { create() { return "batch"; } }',
    'export function batchLimit(n) { return n; }',
    "export * from './batchTypes.js';",
    "export * as shapes from './batchTypes.js';",
    'export default Batches;',
  ].join('\n'),
  'node_modules/sdk/batchTypes.js': 'export const BATCH_KINDS = ["a"]; export let spare;',
  'entry.js': "import { Client, limit } from 'sdk'; export { Client, limit };",
});

const LIST = [{ package: 'sdk', why: 'the test calls only chat', modules: ['batches.js'] }];

async function bundled(list = LIST): Promise<{ Client: new () => Record<string, unknown>; limit: () => number }> {
  const result = await build({
    entryPoints: [join(dir, 'entry.js')],
    bundle: true,
    format: 'cjs',
    write: false,
    logLevel: 'silent',
    plugins: [leaveOut(list)],
  });
  const module = { exports: {} as Record<string, unknown> };
  const run = compileFunction(result.outputFiles[0]?.text ?? '', ['module', 'exports']) as (
    module: unknown,
    exports: unknown,
  ) => void;
  run(module, module.exports);
  return module.exports as Awaited<ReturnType<typeof bundled>>;
}

describe('exportNames', () => {
  it('should name declarations, specifiers, the default and what `export *` brings from the files it names', () => {
    expect(exportNames(join(dir, 'node_modules/sdk/batches.js')).sort()).toEqual(
      ['BATCH_KINDS', 'Batches', 'batchLimit', 'default', 'shapes', 'spare'].sort(),
    );
  });
});

describe('leaveOut', () => {
  it('should keep what is called and let a left-out class be constructed, as a client builds every resource', async () => {
    const { Client } = await bundled();
    const client = new Client();
    expect((client.chat as { create(): string }).create()).toBe('answer');
    expect(client.batches).toEqual({});
  });

  it('should throw when a left-out function is called, naming it, its module and why it was left out', async () => {
    const { limit } = await bundled();
    expect(limit).toThrow(
      'batchLimit (sdk/batches.js) is left out of main.js (scripts/leaveOut.mjs): the test calls only chat',
    );
  });

  it('should fail the build, naming the module, when it loads the package but no longer a module the list names', async () => {
    const stale = [{ ...LIST[0]!, modules: ['batches.js', 'moved.js'] }];
    await expect(bundled(stale)).rejects.toThrow(/no longer loads.*sdk\/moved\.js/s);
  });

  it('should build when the package is not in the build at all (a variant without the code that imports it)', async () => {
    const absent = [...LIST, { package: 'other-sdk', why: 'not imported here', modules: ['index.js'] }];
    expect(new (await bundled(absent)).Client().batches).toEqual({});
  });
});
