import { baseName, parentFolder } from '../paths/normalizePath';
import type { LinkResolver } from './LinkResolver';
import type { LinkOccurrence } from './scanLinks';

/** Obsidian's "New link format" (`newLinkFormat` in `.obsidian/app.json`), "shortest" by default. */
export type LinkFormat = 'shortest' | 'relative' | 'absolute';

/** The link format a vault's `app.json` text sets; the default for a missing, unreadable or unknown value. */
export function linkFormatOf(appJson: string | null): LinkFormat {
  try {
    const value: unknown =
      appJson === null ? undefined : (JSON.parse(appJson) as Record<string, unknown>).newLinkFormat;
    return value === 'relative' || value === 'absolute' ? value : 'shortest';
  } catch {
    return 'shortest';
  }
}

function relativePath(sourcePath: string, target: string): string {
  const folder = parentFolder(sourcePath);
  const from = folder === '/' ? [] : folder.split('/');
  const to = target.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...from.slice(common).map(() => '..'), ...to.slice(common)].join('/');
}

/**
 * The path Obsidian writes for `target` in a note at `sourcePath` (`MetadataCache.fileToLinktext`): "shortest" is
 * the bare name when no other file has it and the vault path otherwise; "relative" goes from the note's folder.
 */
export function linkPathFor(
  target: string,
  sourcePath: string,
  withExtension: boolean,
  format: LinkFormat,
  resolver: LinkResolver,
): string {
  const full = !withExtension && target.toLowerCase().endsWith('.md') ? target.slice(0, -'.md'.length) : target;
  if (format === 'absolute') return full;
  if (format === 'relative') return relativePath(sourcePath, full);
  return resolver.countNamed(target) === 1 ? baseName(full) : full;
}

/** Characters that would end or break a Markdown link's destination, and "%", which would read as an escape. */
const UNSAFE_IN_DESTINATION = /[%\s()<>]/g;
/** A destination that percent-encodes letters beyond ASCII (`Caf%C3%A9.md`) was written with `encodeURI`. */
const ENCODED_NON_ASCII = /%[89A-F][0-9A-F]/i;

function encodeDestination(path: string, written: string): string {
  if (ENCODED_NON_ASCII.test(written)) return encodeURI(path).replace(/\(/g, '%28').replace(/\)/g, '%29');
  return path.replace(UNSAFE_IN_DESTINATION, (ch) =>
    encodeURIComponent(ch).replace(/\(/g, '%28').replace(/\)/g, '%29'),
  );
}

/**
 * The text that replaces `link`'s path (its `pathStart`..`pathEnd`) once it points at `target`: in the vault's
 * link format, and in the link's own form otherwise: ".md" stays when it was written (a Markdown link's usual
 * form) and stays out when it was not (a wiki link's); a Markdown destination is percent-encoded as it was (spaces as
 * "%20", letters beyond ASCII only when they were), or left as is inside "<>"; "'" is doubled in a single-quoted
 * YAML string.
 */
export function rewrittenPath(
  link: LinkOccurrence,
  written: string,
  target: string,
  sourcePath: string,
  format: LinkFormat,
  resolver: LinkResolver,
): string {
  const withExtension = !target.toLowerCase().endsWith('.md') || link.linkpath.toLowerCase().endsWith('.md');
  const path = linkPathFor(target, sourcePath, withExtension, format, resolver);
  if (link.singleQuoted) return path.replace(/'/g, "''");
  return link.kind === 'markdown' && !link.angle ? encodeDestination(path, written) : path;
}
