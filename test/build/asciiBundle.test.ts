import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { asciiOutput, asciiScript, escapeNonAsciiUnits } from '../../scripts/asciiBundle.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'ascii-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pattern and flags of a regular expression literal, read as a RegExp would be built from them. */
function literal(source: string): RegExp {
  const end = source.lastIndexOf('/');
  return new RegExp(source.slice(1, end), source.slice(end + 1));
}

describe('escapeNonAsciiUnits', () => {
  it.each([
    ['/(⟦U\\+[0-9A-F]{4,6}⟧)/', ['⟦U+202E⟧'], ['[U+202E]']],
    ['/[\\ud800-￿]/', ['\ud900', '￿'], ['é', '~']],
    ['/^(com[0-9¹²³])$/i', ['COM¹', 'com3'], ['com⁴']],
    ['/^\\é+$/', ['éé'], ['\\é']],
    ['/^\\\\é$/', ['\\é'], ['é']],
    ['/😀{2}/u', ['😀😀'], ['😀']],
  ])('should keep what %s matches once escaped to ASCII', (source, matching, notMatching) => {
    const escaped = escapeNonAsciiUnits(source);
    expect(escaped).toMatch(/^[\t\n\x20-\x7e]*$/);
    for (const text of matching) expect(literal(escaped).test(text)).toBe(true);
    for (const text of notMatching) expect(literal(escaped).test(text)).toBe(false);
  });
});

describe('asciiScript', () => {
  it('should escape regular expression literals and comments, and tell a division from a pattern', () => {
    const code = 'var a=b/2/c,r=/[⟦⟧]/g;/* ¹ */\n// é\nvar s="ok";';
    expect(asciiScript(code)).toBe('var a=b/2/c,r=/[\\u27e6\\u27e7]/g;/* \\u00b9 */\n// \\u00e9\nvar s="ok";');
  });

  it('should refuse, naming the character, a raw template whose text a program can read', () => {
    expect(() => asciiScript('var t=String.raw`⟦x⟧`;')).toThrow(
      /non-ASCII character \(U\+27e6\) outside a regular expression/,
    );
  });
});

describe('the asciiOutput build step', () => {
  it('should leave an esbuild bundle in ASCII that behaves as before', async () => {
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      'export const marker = /(⟦U\\+[0-9A-F]{4,6}⟧)/; export const split = (s: string) => s.split(marker).filter(Boolean);',
    );
    const outfile = join(dir, 'out.cjs');
    await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'cjs',
      outfile,
      logLevel: 'silent',
      plugins: [asciiOutput],
    });
    const text = readFileSync(outfile, 'utf8');
    expect(text).toMatch(/^[\t\n\x20-\x7e]*$/);
    const { createRequire } = await import('node:module');
    const built = createRequire(import.meta.url)(outfile) as { split: (s: string) => string[] };
    expect(built.split('a⟦U+202E⟧b')).toEqual(['a', '⟦U+202E⟧', 'b']);
  });
});

describe('main.js as esbuild.config.mjs builds it', () => {
  it('should be ASCII, so V8 holds its source at one byte a character', async () => {
    // eslint-disable-next-line no-unsanitized/method -- the project's own build configuration
    const { mainJsOptions } = (await import(pathToFileURL(join(ROOT, 'esbuild.config.mjs')).href)) as {
      mainJsOptions: (production: boolean) => Parameters<typeof build>[0];
    };
    const outfile = join(dir, 'main.js');
    await build({ ...mainJsOptions(true), outfile, metafile: false, logLevel: 'silent' });
    const text = readFileSync(outfile, 'utf8');
    expect(/[^\t\n\r\x20-\x7e]/.exec(text)?.[0]).toBeUndefined();
  }, 60_000);
});
