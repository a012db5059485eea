import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { isFirstUseSource, loaderSource, sourcesThatRan, type LoadReport } from '../../bench/cases/pluginStartupLoader';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'startup-evaluates-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loading main.js', () => {
  it('should run no code of what the plugin needs only on first use (plans, saved-action UI, ajv, YAML, search, SDKs)', async () => {
    // eslint-disable-next-line no-unsanitized/method -- the project's own build configuration
    const { mainJsOptions } = (await import(pathToFileURL(join(ROOT, 'esbuild.config.mjs')).href)) as {
      mainJsOptions: (production: boolean) => BuildOptions;
    };
    const js = join(dir, 'main.js');
    await build({
      ...mainJsOptions(true),
      absWorkingDir: ROOT,
      outfile: js,
      sourcemap: 'external',
      logLevel: 'silent',
    });
    const loader = join(dir, 'loader.cjs');
    writeFileSync(loader, loaderSource());
    const report = JSON.parse(
      execFileSync(process.execPath, [loader, js, '--coverage'], { encoding: 'utf8' }),
    ) as LoadReport;
    const ran = sourcesThatRan(
      readFileSync(js, 'utf8'),
      JSON.parse(readFileSync(`${js}.map`, 'utf8')) as Parameters<typeof sourcesThatRan>[1],
      dir,
      report.ran ?? [],
    );
    const paths = [...ran].map((path) => relative(ROOT, path));
    // The check sees code that ran: the plugin's own modules that load do show.
    expect(paths).toContain('src/settings/settings.ts');
    expect(paths.filter(isFirstUseSource)).toEqual([]);
  }, 120_000);
});
