/**
 * Errors in the shape Node's `fs` throws them, which is what Obsidian's desktop `FileSystemAdapter` passes on:
 * an `Error` with `code`, `errno`, `syscall` and `path`, and a message such as
 * "ENOENT: no such file or directory, open '/vault/Notes/a.md'".
 */
export type FsErrorCode = 'ENOENT' | 'EEXIST' | 'EISDIR' | 'ENOTDIR' | 'ENOTEMPTY' | 'EINVAL';

const DESCRIPTIONS: Record<FsErrorCode, [errno: number, text: string]> = {
  ENOENT: [-2, 'no such file or directory'],
  EEXIST: [-17, 'file already exists'],
  EISDIR: [-21, 'illegal operation on a directory'],
  ENOTDIR: [-20, 'not a directory'],
  ENOTEMPTY: [-39, 'directory not empty'],
  EINVAL: [-22, 'invalid argument'],
};

export interface FsError extends Error {
  code: FsErrorCode;
  errno: number;
  syscall: string;
  path: string;
  dest?: string;
}

export function fsError(code: FsErrorCode, syscall: string, path: string, dest?: string): FsError {
  const [errno, text] = DESCRIPTIONS[code];
  const target = dest === undefined ? `'${path}'` : `'${path}' -> '${dest}'`;
  const error = new Error(`${code}: ${text}, ${syscall} ${target}`) as FsError;
  error.code = code;
  error.errno = errno;
  error.syscall = syscall;
  error.path = path;
  if (dest !== undefined) error.dest = dest;
  return error;
}
