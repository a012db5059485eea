import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleVaultCopy, removeTemporaryFolders, startSession } from './harness';

afterEach(() => removeTemporaryFolders());

/** Runs test/cli/crashingRunner.ts to its SIGKILL; resolves with the signal that ended it and what it printed. */
function crash(vault: string, checkpoints: string): Promise<{ signal: NodeJS.Signals | null; out: string }> {
  return new Promise((done, fail) => {
    // tsx as a loader, not as a wrapper process: the process that kills itself is the one watched here.
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/cli/crashingRunner.ts', vault, checkpoints], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('exit', (_code, signal) => done({ signal, out }));
  });
}

/** The lines of every file in a folder of the plugin's: `audit` (day files) or `journal` (started lines). */
async function auditLines(vault: string, under: 'audit' | 'journal' = 'audit'): Promise<Record<string, unknown>[]> {
  const folder = join(vault, '.obsidian/plugins/embedded-agent', under);
  const lines: Record<string, unknown>[] = [];
  for (const name of (await readdir(folder)).sort()) {
    for (const line of (await readFile(join(folder, name), 'utf8')).split('\n'))
      if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
  }
  return lines;
}

const shape = (line: Record<string, unknown>): string =>
  `${(line.args as { path: string }).path} ${typeof line.phase === 'string' ? line.phase : line.ok === true ? 'ok' : 'failed'}`;

describe('the audit log across a crash of the terminal runner', () => {
  it('should hold a line for every write that reached the disk, and a restart should mark the cut-off one interrupted', async () => {
    const paths = await exampleVaultCopy();
    const { signal, out } = await crash(paths.vault, paths.checkpoints);
    expect(signal).toBe('SIGKILL');
    expect(out).toBe('One: ok\n');
    // Both notes reached the disk; the third call never ran.
    expect(await readFile(join(paths.vault, 'Crash/Two.md'), 'utf8')).toBe('# Two\n');
    expect(shapes(await auditLines(paths.vault))).toEqual(['Crash/One.md ok']);
    expect(shapes(await auditLines(paths.vault, 'journal'))).toEqual(['Crash/One.md started', 'Crash/Two.md started']);

    // A restart of the runner (same vault) finds the write that never finished and marks it.
    const run = startSession({
      argv: ['--vault', paths.vault, '--checkpoints', paths.checkpoints],
      env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' },
      lines: ['/quit'],
      modesFile: paths.modesFile,
    });
    expect(await run.code).toBe(0);
    expect(run.stdout()).toContain(
      '! Run cli-crash was interrupted: its vault.createFile call started and never finished, so the vault may hold part of it.',
    );
    // (the restarted runner's clock is the tests' fixed one, so its line is in the file of that day)
    const lines = await auditLines(paths.vault);
    // The started lines are resolved: started.jsonl is left empty, and the day file has one line per call.
    expect(shapes(lines).sort()).toEqual(['Crash/One.md ok', 'Crash/Two.md interrupted']);
    expect(await auditLines(paths.vault, 'journal')).toEqual([]);
    const interrupted = lines.find((line) => line.phase === 'interrupted');
    expect(interrupted).toMatchObject({
      runId: 'cli-crash',
      tool: 'vault.createFile',
      ok: false,
      code: 'INTERRUPTED',
      durationMs: null,
      call: 2,
      checkpoint: 'cli-crash#2',
    });
    expect(String(interrupted?.error)).toMatch(
      /^interrupted: the process running this call \(.+:\d+\) stopped before it finished/,
    );

    // A second restart adds nothing: the call has its outcome now.
    const again = startSession({
      argv: ['--vault', paths.vault, '--checkpoints', paths.checkpoints],
      env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' },
      lines: ['/quit'],
      modesFile: paths.modesFile,
    });
    expect(await again.code).toBe(0);
    expect(again.stdout()).not.toContain('was interrupted');
    expect(await auditLines(paths.vault)).toHaveLength(2);
  }, 60_000);
});

function shapes(lines: Record<string, unknown>[]): string[] {
  return lines.map(shape);
}
