import { describe, expect, it } from 'vitest';
import { baseName, parentFolder } from '../../../src/core/paths/normalizePath';
import { resolveStoredPath, sameName, type StoredNames } from '../../../src/core/paths/storedName';

/** What a vault stores; `insensitive` answers `has` for any Unicode form of a stored name, as APFS and HFS+ do. */
function store(paths: string[], insensitive: boolean): StoredNames {
  const all = new Set(
    paths.flatMap((path) => path.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'))),
  );
  return {
    has: (path) => all.has(path) || (insensitive && [...all].some((stored) => sameName(stored, path))),
    namesIn: (folder) => [...all].filter((path) => parentFolder(path) === folder).map(baseName),
    exact: !insensitive,
  };
}

describe('resolveStoredPath', () => {
  it('should name an entry as stored on a disk that finds it by any Unicode form (macOS)', () => {
    const names = store(['Cafe\u0301.md', 'Re\u0301sume\u0301/Plan.md'], true);
    expect(resolveStoredPath('Café.md', names)).toBe('Cafe\u0301.md');
    expect(resolveStoredPath('Résumé/Plan.md', names)).toBe('Re\u0301sume\u0301/Plan.md');
  });

  it('should name an entry as stored on a disk that keeps bytes (ext4), the exact form first', () => {
    expect(resolveStoredPath('Café.md', store(['Cafe\u0301.md'], false))).toBe('Cafe\u0301.md');
    expect(resolveStoredPath('Café.md', store(['Cafe\u0301.md', 'Café.md'], false))).toBe('Café.md');
    expect(resolveStoredPath('Cafe\u0301.md', store(['Cafe\u0301.md', 'Café.md'], true))).toBe('Cafe\u0301.md');
  });

  it('should keep a new name in the form given, inside the folder as stored', () => {
    const names = store(['Re\u0301sume\u0301/Plan.md'], true);
    expect(resolveStoredPath('Résumé/Ame\u0301lie.md', names)).toBe('Re\u0301sume\u0301/Ame\u0301lie.md');
    expect(resolveStoredPath('New/Café.md', names)).toBe('New/Café.md');
  });
});
