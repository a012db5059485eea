import { AgentError, describeError } from '../core/errors';

/** Node's fs error code, which Obsidian's desktop adapter passes on in `error.code`. */
function fsCode(error: unknown): string | undefined {
  const code: unknown = error instanceof Error ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * What Obsidian threw, as an AgentError about `path`. Obsidian's own messages ("File already exists.", "Folder
 * already exists.", "Destination file already exists!") become EXISTS; the adapter's fs codes map to NOT_FOUND,
 * NOT_A_FILE and NOT_A_FOLDER; anything else is INTERNAL with Obsidian's message kept.
 */
export function toAgentError(error: unknown, path: string): AgentError {
  if (error instanceof AgentError) return error;
  const message = describeError(error);
  const details = { path, cause: message };
  const code = fsCode(error);
  if (code === 'EEXIST' || /already exists/i.test(message))
    return new AgentError('EXISTS', `"${path}" already exists`, details);
  if (code === 'ENOENT') return new AgentError('NOT_FOUND', `"${path}" does not exist`, details);
  if (code === 'EISDIR') return new AgentError('NOT_A_FILE', `"${path}" is a folder, not a file`, details);
  if (code === 'ENOTDIR')
    return new AgentError('NOT_A_FOLDER', `A parent of "${path}" is a file, not a folder`, details);
  return new AgentError('INTERNAL', `Obsidian could not complete the operation on "${path}": ${message}`, details);
}

/** Runs an Obsidian call, turning what it throws into an AgentError about `path`. */
export async function attempt<T>(path: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toAgentError(error, path);
  }
}
