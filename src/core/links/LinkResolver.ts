import { baseName, parentFolder } from '../paths/normalizePath';

/** Link paths match file paths regardless of case and Unicode form, as in Obsidian. */
function key(path: string): string {
  return path.normalize('NFC').toLowerCase();
}

/** Joins `relative` ("./x", "../x") onto `folder`, resolving dot segments. */
function joinRelative(folder: string, relative: string): string {
  const parts = folder === '/' ? [] : folder.split('/');
  for (const segment of relative.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

/**
 * Obsidian's link resolution (`MetadataCache.getFirstLinkpathDest`) over a list of the vault's files: a path
 * starting with "./" or "../" from the note's folder; otherwise the exact vault path ("/" in front allowed);
 * otherwise any file whose path ends with the link, preferring one in the note's own folder, then the shortest
 * path. ".md" may be left out; case does not matter.
 */
export class LinkResolver {
  private readonly byPath = new Map<string, string>();
  private readonly byName = new Map<string, string[]>();

  constructor(files: Iterable<string>) {
    for (const path of files) {
      this.byPath.set(key(path), path);
      const name = key(baseName(path));
      const named = this.byName.get(name);
      if (named) named.push(path);
      else this.byName.set(name, [path]);
    }
  }

  /** The vault path `linkpath` (decoded, without subpath) leads to from the note at `sourcePath`, or null. */
  resolve(linkpath: string, sourcePath: string): string | null {
    const wanted = linkpath.replace(/^\/+/, '');
    if (wanted === '') return null;
    const sourceFolder = parentFolder(sourcePath);
    const exact = (path: string): string | null =>
      this.byPath.get(key(path)) ?? this.byPath.get(key(`${path}.md`)) ?? null;
    if (wanted.startsWith('./') || wanted.startsWith('../')) return exact(joinRelative(sourceFolder, wanted));
    const direct = exact(wanted);
    if (direct) return direct;
    const name = key(baseName(wanted));
    const suffixes = [key(`/${wanted}`), key(`/${wanted}.md`)];
    const candidates = [...(this.byName.get(name) ?? []), ...(this.byName.get(`${name}.md`) ?? [])].filter((path) =>
      suffixes.some((suffix) => key(`/${path}`).endsWith(suffix)),
    );
    candidates.sort(
      (a, b) =>
        Number(parentFolder(b) === sourceFolder) - Number(parentFolder(a) === sourceFolder) ||
        a.length - b.length ||
        (a < b ? -1 : 1),
    );
    return candidates[0] ?? null;
  }

  /** How many files carry the name of `path` (case-insensitive): "shortest" links need the path when it is not 1. */
  countNamed(path: string): number {
    return this.byName.get(key(baseName(path)))?.length ?? 0;
  }
}
