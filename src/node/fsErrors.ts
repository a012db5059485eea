import { AgentError, type ErrorCode } from '../core/errors';

/** The `code` of a Node fs error ("ENOENT"), or undefined for anything else. */
export function fsCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = error.code;
  return typeof code === 'string' ? code : undefined;
}

const CODES: Record<string, { code: ErrorCode; says: (path: string) => string }> = {
  ENOENT: { code: 'NOT_FOUND', says: (path) => `"${path}" does not exist` },
  EEXIST: { code: 'EXISTS', says: (path) => `"${path}" already exists` },
  ENOTEMPTY: { code: 'EXISTS', says: (path) => `"${path}" already exists and is not empty` },
  ENOTDIR: { code: 'NOT_A_FOLDER', says: (path) => `A parent of "${path}" is a file, not a folder` },
  EISDIR: { code: 'NOT_A_FILE', says: (path) => `"${path}" is a folder, not a file` },
  EACCES: { code: 'FORBIDDEN_PATH', says: (path) => `Permission denied for "${path}"` },
  EPERM: { code: 'FORBIDDEN_PATH', says: (path) => `The operating system does not allow this on "${path}"` },
  EROFS: { code: 'FORBIDDEN_PATH', says: (path) => `"${path}" is on a read-only file system` },
  ENAMETOOLONG: { code: 'INVALID_PATH', says: (path) => `The name "${path}" is too long for the file system` },
  EINVAL: { code: 'INVALID_PATH', says: (path) => `The file system does not accept the path "${path}"` },
};

/**
 * Turns a Node fs error into an AgentError that names the vault path. Node's own message carries the absolute
 * disk path, which means nothing to the model and leaks the user's folder layout, so it is never passed on.
 */
export function fromFsError(error: unknown, path: string, action: string): AgentError {
  if (error instanceof AgentError) return error;
  const code = fsCode(error);
  const known = code === undefined ? undefined : CODES[code];
  if (known) return new AgentError(known.code, known.says(path), { path, fsCode: code });
  return new AgentError('INTERNAL', `Could not ${action} "${path}" (${code ?? 'unknown error'})`, {
    path,
    fsCode: code,
  });
}

/** `promise`, with any fs failure turned into an AgentError about `path`. */
export function asVaultError<T>(promise: Promise<T>, path: string, action: string): Promise<T> {
  return promise.catch((error: unknown) => {
    throw fromFsError(error, path, action);
  });
}
