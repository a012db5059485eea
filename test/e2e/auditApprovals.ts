import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Each call's tool and how it was allowed, from the audit's day files (started.jsonl holds no outcome). */
export function approvals(lines: string): string[] {
  return lines
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { tool: string; approval?: string })
    .map((entry) => `${entry.tool}: ${entry.approval ?? ''}`);
}

const isDayFile = (name: string): boolean => /(^|\/)\d{4}-\d{2}-\d{2}\.jsonl$/.test(name);

/** The approvals in the audit of the panel's vault (through the Obsidian double's adapter). */
export async function panelApprovals(
  adapter: { list(folder: string): Promise<{ files: string[] }>; read(path: string): Promise<string> },
  folder: string,
): Promise<string[]> {
  const files = (await adapter.list(folder)).files.filter(isDayFile);
  return approvals((await Promise.all(files.map((file) => adapter.read(file)))).join('\n'));
}

/** The approvals in the audit folder of a vault on disk (the terminal's). */
export async function diskApprovals(folder: string): Promise<string[]> {
  const files = (await readdir(folder)).filter(isDayFile);
  return approvals((await Promise.all(files.map((name) => readFile(join(folder, name), 'utf8')))).join('\n'));
}
