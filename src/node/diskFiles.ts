import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, open, rename, rm } from 'node:fs/promises';
import * as nodePath from 'node:path';

/** A file's bytes and the stat of the same open file, so size and mtime describe exactly what was read. */
export async function readWhole(abs: string): Promise<{ data: Buffer; info: Stats }> {
  const handle = await open(abs, 'r');
  try {
    const info = await handle.stat();
    // Opening a folder succeeds on POSIX; reading it would fail with a less telling error.
    if (info.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    return { data: await handle.readFile(), info };
  } finally {
    await handle.close();
  }
}

/** Creates a file that must not exist yet (O_EXCL, so a file created meanwhile is never overwritten). */
export async function writeNew(abs: string, content: string | Uint8Array): Promise<Stats> {
  const handle = await open(abs, 'wx');
  try {
    await handle.writeFile(content);
    const info = await handle.stat();
    await handle.close();
    return info;
  } catch (error) {
    // Never leave half a new note behind.
    await handle.close().catch(() => undefined);
    await rm(abs, { force: true });
    throw error;
  }
}

/**
 * Replaces a file's content by writing a hidden temporary file beside it and renaming it over the original, so
 * a crash mid-write leaves either the old note or the new one, never half of it. The original's permission
 * bits are kept. The returned stat is the new file's: a rename does not change mtime or size.
 */
export async function writeAtomically(abs: string, content: string | Uint8Array, mode: number): Promise<Stats> {
  const temp = nodePath.join(nodePath.dirname(abs), `.ea-${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', mode & 0o777);
  let info: Stats;
  try {
    await handle.chmod(mode & 0o7777);
    await handle.writeFile(content);
    info = await handle.stat();
    await handle.close();
    await rename(temp, abs);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  return info;
}

/** Appends to a file that must exist: O_APPEND without O_CREAT, so a file deleted meanwhile fails, not returns. */
export async function appendExisting(abs: string, content: string): Promise<Stats> {
  const handle = await open(abs, constants.O_WRONLY | constants.O_APPEND);
  try {
    await handle.writeFile(content, 'utf8');
    return await handle.stat();
  } finally {
    await handle.close();
  }
}

export async function lstatOrNull(abs: string): Promise<Stats | null> {
  try {
    return await lstat(abs);
  } catch {
    return null;
  }
}

/** True when both paths are one entry: a case-only rename on a case-insensitive file system. */
export async function sameEntry(a: string, b: string): Promise<boolean> {
  const [first, second] = await Promise.all([lstatOrNull(a), lstatOrNull(b)]);
  return first !== null && second !== null && first.dev === second.dev && first.ino === second.ino;
}
