import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cliBundle } from '../../scripts/cliBundle.mjs';

const run = promisify(execFile);
const root = resolve('.');
// Where scripts/start-cli.mjs keeps this checkout's bundle, and V8's code for it beside it.
const { bundle, codeCache } = cliBundle(root);

const help = async (): Promise<string> =>
  (await run(process.execPath, ['scripts/start-cli.mjs', '--help'], { cwd: root })).stdout;

describe('npm start: the bundle compiled from the code V8 cached at an earlier start', () => {
  it('should cache the code as the runner exits, start from it, and replace a cache V8 refuses', async () => {
    rmSync(codeCache, { force: true });
    const first = await help();
    expect(first).toContain('--vault');
    expect(existsSync(bundle)).toBe(true);
    expect(existsSync(codeCache)).toBe(true);

    // A start with the cache runs the same. (Whether it left the cache alone is not asked: other test files start
    // the runner too, and one that started before the cache existed writes its own as it exits.)
    expect(await help()).toBe(first);

    // A cache V8 refuses (another Node, a torn write) costs one compile: the runner works and writes a good one.
    writeFileSync(codeCache, Buffer.from('not V8 code'));
    expect(await help()).toBe(first);
    expect(readFileSync(codeCache).length).toBeGreaterThan(1000);
  }, 120_000);
});
