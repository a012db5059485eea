import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCliRuntime } from '../../src/cli/cliServices';
import { LinkResolver } from '../../src/core/links/LinkResolver';
import { scanLinks } from '../../src/core/links/scanLinks';
import { NodeVault } from '../../src/node/NodeVault';
import { SystemClock } from '../../src/node/SystemClock';
import { ms, type BenchRow } from '../measure';

/** Every file under `root` (the checkpoint-free parts a rename may touch) with the SHA-256 of its bytes. */
async function hashes(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(root, join(entry.parentPath, entry.name)).split('\\').join('/');
    if (path.startsWith('.obsidian/plugins/')) continue;
    out.set(
      path,
      createHash('sha256')
        .update(await readFile(join(root, path)))
        .digest('hex'),
    );
  }
  return out;
}

function differing(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((path) => a.get(path) !== b.get(path)).sort();
}

/** How many links in the vault at `root` resolve to each file, read afresh from disk. */
async function linkCounts(root: string): Promise<Map<string, number>> {
  const vault = new NodeVault(root);
  try {
    const files = (await vault.list('/', true)).filter((entry) => entry.kind === 'file').map((entry) => entry.path);
    const resolver = new LinkResolver(files);
    const counts = new Map<string, number>();
    const notes = files.filter((path) => path.endsWith('.md'));
    const texts = await vault.cachedReadMany(notes);
    notes.forEach((source, index) => {
      const text = texts[index];
      if (typeof text !== 'string') return;
      for (const link of scanLinks(text)) {
        const target = resolver.resolve(link.linkpath, source);
        if (target !== null) counts.set(target, (counts.get(target) ?? 0) + 1);
      }
    });
    return counts;
  } finally {
    vault.close();
  }
}

/**
 * A rename in the terminal runner over a copy of a real vault (`--vault DIR`, optionally `--note PATH`): the
 * notes whose links it rewrites, the time to list them cold and warm, the approved rename through the pipeline
 * (card, checkpoint of every rewritten note, move, rewrite), and a revert that must give back every byte.
 */
export async function renameLinksBench(options: { vault?: string; note?: string }): Promise<BenchRow[]> {
  if (!options.vault) return [];
  const base = await mkdtemp(join(tmpdir(), 'ea-bench-rename-'));
  const root = join(base, 'vault');
  await cp(options.vault, root, { recursive: true });
  const runtime = await createCliRuntime({
    args: {
      vault: root,
      checkpoints: join(base, 'checkpoints'),
      approval: 'writes',
      allowDeletes: true,
      allowCommands: false,
    },
    clock: new SystemClock(),
    modesFile: join(base, 'modes.json'),
    watch: false,
    knownSecrets: [],
    onError: (error) => console.error(error),
  });
  try {
    const { vault, services } = runtime;
    const area = `vault.rename, ${relative(process.cwd(), options.vault) || options.vault}`;
    const countsBefore = await linkCounts(root);
    // The note most links lead to, when none is named: the rename that rewrites the most.
    const note = options.note ?? [...countsBefore].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    const toPath = note.replace(/\.md$/, ' (renamed).md');
    const before = await hashes(root);

    let start = performance.now();
    const linking = (await vault.linksTo(note)).filter((path) => path !== note);
    const cold = performance.now() - start;
    start = performance.now();
    await vault.linksTo(note);
    const warm = performance.now() - start;

    const runs = services.runs({ port: () => ({ request: () => Promise.resolve({ approved: true, scope: 'once' }) }) });
    const run = runs.open('bench-rename', { signal: new AbortController().signal });
    start = performance.now();
    const outcome = await services.pipeline.execute(
      { id: 'mv', name: 'vault.rename', input: { fromPath: note, toPath } },
      run,
    );
    const renamed = performance.now() - start;
    await runs.end(run);
    if (outcome.error) throw new Error(`The rename failed: ${outcome.error.message}`);
    const changed = differing(before, await hashes(root));
    const rewritten = changed.filter((path) => path !== note && path !== toPath);
    const countsAfter = await linkCounts(root);
    const kept = countsAfter.get(toPath) ?? 0;
    const linksBefore = countsBefore.get(note) ?? 0;

    start = performance.now();
    const reverted = await services.checkpoints?.revert('bench-rename');
    const revertMs = performance.now() - start;
    const left = differing(before, await hashes(root));
    return [
      {
        area,
        measure: `"${note}": other notes linking to it / files the rename changed besides the note`,
        result: `${linking.length} / ${rewritten.length}`,
        target: 'equal',
        met: linking.length === rewritten.length,
      },
      {
        area,
        measure: 'links that led to it before the rename / lead to it after (to the old path after)',
        result: `${linksBefore} / ${kept} (${countsAfter.get(note) ?? 0})`,
        target: 'equal (0)',
        met: linksBefore === kept && !countsAfter.has(note),
      },
      {
        area,
        measure: 'list the linking notes: cold (reads every note) / warm',
        result: `${ms(cold)} ms / ${ms(warm)} ms`,
        target: '–',
        met: null,
      },
      {
        area,
        measure: 'approved rename through the pipeline (card, checkpoint, move, rewrite)',
        result: `${ms(renamed)} ms`,
        target: '–',
        met: null,
      },
      {
        area,
        measure: 'revert: changes applied, files not byte-exact after it',
        result: `${reverted?.applied.length ?? 0} in ${ms(revertMs)} ms, ${left.length} left`,
        target: '0 left',
        met: left.length === 0,
      },
    ];
  } finally {
    runtime.close();
    await rm(base, { recursive: true, force: true });
  }
}
