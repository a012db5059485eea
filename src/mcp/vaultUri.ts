import { AgentError } from '../core/errors';

const SCHEME = 'vault://';

/** Any vault file by path: `{+path}` keeps the slashes (RFC 6570 reserved expansion). */
export const VAULT_URI_TEMPLATE = `${SCHEME}{+path}`;

/** "vault://Projects/Q3%20plan.md" for "Projects/Q3 plan.md": each name percent-encoded, the slashes kept. */
export function noteUri(path: string): string {
  return `${SCHEME}${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** The vault path a `vault://` URI names; the sandbox checks it further when it is read. */
export function notePath(uri: string): string {
  if (!uri.startsWith(SCHEME))
    throw new AgentError(
      'INVALID_PATH',
      `"${uri}" is not a vault URI: it must start with ${SCHEME}, e.g. ${noteUri('Notes/Idea.md')}`,
    );
  try {
    return uri.slice(SCHEME.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    throw new AgentError('INVALID_PATH', `"${uri}" holds a broken percent-encoding`);
  }
}

const TYPES: Record<string, string> = {
  md: 'text/markdown',
  txt: 'text/plain',
  canvas: 'application/json',
  json: 'application/json',
  base: 'text/yaml',
  css: 'text/css',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

/** The MIME type a client shows a file as, by its extension; when unknown, plain text or octet-stream. */
export function mimeTypeOf(path: string, text = true): string {
  const extension = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  return TYPES[extension] ?? (text ? 'text/plain' : 'application/octet-stream');
}
