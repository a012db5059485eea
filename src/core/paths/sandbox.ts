import { AgentError } from '../errors';
import { cleanTypedPath } from './fileNameFromTitle';
import { INVISIBLE_IN_NAME } from './invisibleInName';
import { foldCase, normalizePath } from './normalizePath';

export type PathAccess = 'read' | 'write';

export interface SandboxOptions {
  /** The vault's config folder (Obsidian's `Vault.configDir`, usually ".obsidian"). */
  configDir: string;
}

// Characters Obsidian refuses in file names on every platform, plus control characters (deliberately matched).
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const FORBIDDEN_NAME_CHARS = /[*"\\<>:|?\u0000-\u001F]/;
const DRIVE_LETTER = /^[A-Za-z]:/;
// Names Windows does not take as they are written: "CON", "nul.md" are devices; "GIT~1" may be the 8.3 short name
// of ".git" (or of any folder the ignore rules name); a trailing dot is dropped, so ".obsidian." is ".obsidian".
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])\s*(\.|$)/i;
const SHORT_NAME = /^[^.~\s]{1,6}~\d+(\.[^.]{1,3})?$/;
const ALWAYS_WRITE_PROTECTED = ['.git', '.trash'];

/**
 * Checks a path the model (or a plan) gave and returns its normalized, vault-relative form.
 * Refuses: empty paths, absolute paths, drive letters, `..` segments, NUL/control characters, names Obsidian
 * forbids, names Windows reads as something else (trailing dots, device names, 8.3 short names), and — for
 * writes — the config folder, `.git/` and `.trash/` (case-insensitively, since macOS and Windows file systems are
 * case-insensitive and ".Obsidian" is the same folder there; see `foldCase`).
 */
export function resolveVaultPath(raw: string, access: PathAccess, options: SandboxOptions, field = 'path'): string {
  const refuse = (why: string, code: 'INVALID_PATH' | 'FORBIDDEN_PATH' = 'INVALID_PATH'): never => {
    throw new AgentError(code, `Refused ${field} "${raw}": ${why}`, { field, path: raw });
  };
  if (typeof raw !== 'string' || raw.trim() === '') refuse('the path is empty');
  if (raw.includes('\u0000')) refuse('the path contains a NUL character');
  if (raw.startsWith('/') || raw.startsWith('\\') || raw.startsWith('~'))
    refuse('absolute paths are not allowed; give a path relative to the vault root');
  if (DRIVE_LETTER.test(raw)) refuse('drive letters are not allowed; give a path relative to the vault root');
  const segments = raw.split(/[\\/]+/).filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..'))
    refuse('the path leaves the vault (".." is not allowed)', 'FORBIDDEN_PATH');
  if (segments.some((segment) => segment === '.')) refuse('"." segments are not allowed');
  for (const segment of segments) {
    // Full-width and other compatibility forms ("．．", "．ｏｂｓｉｄｉａｎ") read as the real thing to a person.
    if (segment.normalize('NFKC') === '..')
      refuse(`the name "${segment}" looks like ".." and is not allowed`, 'FORBIDDEN_PATH');
    if (/\p{Cs}/u.test(segment))
      refuse(`the name "${segment}" contains a broken character (half of a UTF-16 surrogate pair)`);
    if (INVISIBLE_IN_NAME.test(segment))
      refuse(`the name "${segment}" contains an invisible or text-direction character`);
    const bad = FORBIDDEN_NAME_CHARS.exec(segment);
    if (bad)
      refuse(
        `the name "${segment}" contains the character ${JSON.stringify(bad[0])}, which Obsidian does not allow in file names${suggestion(raw)}`,
      );
    if (segment !== segment.trim()) refuse(`the name "${segment}" starts or ends with a space`);
    if (segment.endsWith('.'))
      refuse(
        `the name "${segment}" ends with a dot, which Windows drops, so it would name "${segment.replace(/\.+$/, '')}"`,
      );
    if (WINDOWS_DEVICE.test(segment)) refuse(`the name "${segment}" stands for a device on Windows, not a file`);
    if (SHORT_NAME.test(segment))
      refuse(
        `the name "${segment}" has the shape of a Windows short (8.3) name, which can stand for another file or folder`,
      );
  }
  const path = normalizePath(raw);
  if (path === '/') refuse('the path names the vault root');
  if (access === 'write') {
    const first = foldCase((path.split('/')[0] ?? '').normalize('NFKC'));
    const protectedRoots = [foldCase(options.configDir), ...ALWAYS_WRITE_PROTECTED];
    if (protectedRoots.includes(first)) {
      refuse(`"${path.split('/')[0]}/" is protected; the agent may not write there`, 'FORBIDDEN_PATH');
    }
  }
  return path;
}

/** "; use "Notes/Q3 - plan.md" instead": the name the file-name rule makes, when it makes one the sandbox takes. */
function suggestion(raw: string): string {
  const cleaned = cleanTypedPath(raw, 'file');
  return cleaned !== raw && !FORBIDDEN_NAME_CHARS.test(cleaned.replace(/[\\/]/g, ''))
    ? `; use "${normalizePath(cleaned)}" instead`
    : '';
}
