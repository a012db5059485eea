/**
 * Machine-readable error codes. Code and tests match on the code; people read the message; the audit line
 * records both.
 */
export type ErrorCode =
  | 'INVALID_INPUT'
  | 'INVALID_PATH'
  | 'FORBIDDEN_PATH'
  | 'NOT_FOUND'
  | 'EXISTS'
  | 'NOT_A_FILE'
  | 'NOT_A_FOLDER'
  | 'ETAG_MISMATCH'
  | 'NO_EDITOR'
  | 'COMMAND_NOT_FOUND'
  | 'COMMAND_FAILED'
  | 'UNKNOWN_TOOL'
  | 'NETWORK'
  | 'INVALID_REGEX'
  | 'CANCELLED'
  | 'REPEATED_CALL'
  | 'DENIED'
  | 'NOT_ALLOWED'
  | 'PROVIDER_AUTH'
  | 'PROVIDER_MODEL'
  | 'PROVIDER_ERROR'
  | 'RATE_LIMITED'
  | 'CONTEXT_OVERFLOW'
  /** A model call refused because the run or the day reached a spending limit the user set. */
  | 'BUDGET_EXCEEDED'
  | 'INVALID_PLAN'
  /** A text write to an image, PDF or other binary file; a text read of one. */
  | 'BINARY_FILE'
  /** A note that is not UTF-8, written without saying how to encode it. */
  | 'NOT_UTF8'
  /** Text the note's encoding (Latin-1) cannot hold. */
  | 'NOT_ENCODABLE'
  | 'INTERNAL';

export class AgentError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AgentError';
    this.code = code;
    this.details = details;
  }
}

export function isAgentError(error: unknown, code?: ErrorCode): error is AgentError {
  return error instanceof AgentError && (code === undefined || error.code === code);
}

/** Turns anything thrown into a message a person can read; never "undefined" or "[object Object]". */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
