import { spawn } from 'node:child_process';
import { ROOT } from './bundle';

/**
 * Runs `node <args>` in a fresh process from the repository's root and parses the JSON report it prints; rejects
 * with its exit code and stderr, saying what it was `doing` ("loading main.js").
 */
export function childReport<T>(args: readonly string[], doing: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (err += String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${doing} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}
