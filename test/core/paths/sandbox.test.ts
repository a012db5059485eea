import { describe, expect, it } from 'vitest';
import { resolveVaultPath } from '../../../src/core/paths/sandbox';

const options = { configDir: '.obsidian' };
const refusal = (raw: string, access: 'read' | 'write' = 'write') => {
  try {
    resolveVaultPath(raw, access, options);
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error(`"${raw}" was accepted`);
};

describe('resolveVaultPath', () => {
  it('should normalize slashes, backslashes and non-breaking spaces', () => {
    expect(resolveVaultPath('Notes//Sub\\Idea.md', 'write', options)).toBe('Notes/Sub/Idea.md');
    expect(resolveVaultPath('Notes/A\u00A0B.md', 'write', options)).toBe('Notes/A B.md');
    expect(resolveVaultPath('Notes/', 'read', options)).toBe('Notes');
  });

  it('should keep unicode and emoji names, NFC-normalized', () => {
    expect(resolveVaultPath('Café/📝 Idée.md', 'write', options)).toBe('Café/📝 Idée.md');
    expect(resolveVaultPath('Cafe\u0301.md', 'write', options)).toBe('Café.md');
  });

  it('should refuse a path that leaves the vault with ".."', () => {
    expect(refusal('notes/../../x.md')).toEqual(
      expect.objectContaining({
        code: 'FORBIDDEN_PATH',
        message: 'Refused path "notes/../../x.md": the path leaves the vault (".." is not allowed)',
      }),
    );
    expect(refusal('..\\x.md').code).toBe('FORBIDDEN_PATH');
    // Nothing on the way decodes URLs: "%2e%2e" is a folder with that odd name, not "..".
    expect(resolveVaultPath('%2e%2e/x.md', 'write', options)).toBe('%2e%2e/x.md');
  });

  it('should refuse absolute paths, home paths and drive letters', () => {
    expect(refusal('/etc/passwd').message).toBe(
      'Refused path "/etc/passwd": absolute paths are not allowed; give a path relative to the vault root',
    );
    expect(refusal('~/notes.md').code).toBe('INVALID_PATH');
    expect(refusal('C:\\Users\\me\\x.md').message).toContain('drive letters are not allowed');
    expect(refusal('\\\\server\\share\\x.md').code).toBe('INVALID_PATH');
  });

  it('should refuse empty paths, the root, NUL and forbidden characters', () => {
    expect(refusal('').message).toBe('Refused path "": the path is empty');
    expect(refusal('   ').code).toBe('INVALID_PATH');
    expect(refusal('/').code).toBe('INVALID_PATH');
    expect(refusal('a\u0000b.md').message).toContain('NUL');
    expect(refusal('Notes/What?.md').message).toBe(
      'Refused path "Notes/What?.md": the name "What?.md" contains the character "?", which Obsidian does not allow in file names; use "Notes/What.md" instead',
    );
    for (const ch of ['*', '"', '<', '>', ':', '|']) expect(refusal(`a${ch}b.md`).code).toBe('INVALID_PATH');
  });

  it('should refuse names that start or end with a space', () => {
    expect(refusal('Notes /x.md').message).toContain('starts or ends with a space');
  });

  it('should refuse writes into the config folder, .git and .trash in any letter case', () => {
    for (const raw of [
      '.obsidian/app.json',
      '.OBSIDIAN/plugins/x/main.js',
      '.Obsidian',
      '.git/config',
      '.trash/old.md',
      '.Git/HEAD',
    ]) {
      expect(refusal(raw).code).toBe('FORBIDDEN_PATH');
    }
    expect(refusal('.obsidian/app.json').message).toBe(
      'Refused path ".obsidian/app.json": ".obsidian/" is protected; the agent may not write there',
    );
  });

  it('should allow reading the config folder but still refuse traversal on reads', () => {
    expect(resolveVaultPath('.obsidian/app.json', 'read', options)).toBe('.obsidian/app.json');
    expect(refusal('../x.md', 'read').code).toBe('FORBIDDEN_PATH');
  });

  it('should refuse look-alikes of ".." and of protected folders made of full-width characters', () => {
    expect(refusal('notes/．．/x.md').message).toBe(
      'Refused path "notes/．．/x.md": the name "．．" looks like ".." and is not allowed',
    );
    expect(refusal('．ｏｂｓｉｄｉａｎ/app.json').code).toBe('FORBIDDEN_PATH');
    expect(refusal('．git/config').code).toBe('FORBIDDEN_PATH');
  });

  it('should refuse names with invisible or text-direction characters', () => {
    expect(refusal('.obs\u200Bidian/app.json').message).toBe(
      'Refused path ".obs\u200Bidian/app.json": the name ".obs\u200Bidian" contains an invisible or text-direction character',
    );
    expect(refusal('Notes/report\u202Egpj.md').code).toBe('INVALID_PATH');
  });

  it('should refuse names Windows reads as another name: trailing dots, device names and 8.3 short names', () => {
    // On Windows ".obsidian./app.json" opens ".obsidian/app.json", "GIT~1" can be ".git" and "NUL" is no file at all.
    expect(refusal('.obsidian./app.json').message).toBe(
      'Refused path ".obsidian./app.json": the name ".obsidian." ends with a dot, which Windows drops, so it would name ".obsidian"',
    );
    for (const raw of ['.git./hooks/pre-commit', '.trash../x.md', 'Private./diary.md'])
      expect(refusal(raw, 'read').code).toBe('INVALID_PATH');
    expect(refusal('GIT~1/config', 'read').message).toBe(
      'Refused path "GIT~1/config": the name "GIT~1" has the shape of a Windows short (8.3) name, which can stand for another file or folder',
    );
    for (const raw of ['OBSIDI~1/app.json', 'Notes/PRIVAT~12/x.md', 'AGENTI~1.MD'])
      expect(refusal(raw, 'read').code).toBe('INVALID_PATH');
    expect(refusal('Notes/CON').message).toBe(
      'Refused path "Notes/CON": the name "CON" stands for a device on Windows, not a file',
    );
    for (const raw of ['nul.md', 'Com1.txt', 'lpt9', 'AUX .md']) expect(refusal(raw).code).toBe('INVALID_PATH');
    for (const raw of [
      'Notes/v1.2 draft.md',
      'Console.md',
      'Nullable.md',
      'Notes/~1 idea.md',
      'Backup~old.md',
      'a.b.md',
    ]) {
      expect(resolveVaultPath(raw, 'write', options)).toBe(raw);
    }
  });

  it('should refuse names a case-insensitive file system reads as a protected folder: "ı" is "I" on NTFS, "ſ" is "s" on macOS', () => {
    for (const raw of ['.obsıdıan/app.json', '.OBSıDıAN/x', '.traſh/x.md', '.gıt/hooks/pre-commit']) {
      expect(refusal(raw).code).toBe('FORBIDDEN_PATH');
    }
  });

  it('should refuse the format characters HFS+ ignores in names (".obs\u206Aidian" is ".obsidian" there)', () => {
    expect(refusal('.obs\u206Aidian/app.json').code).toBe('INVALID_PATH');
  });

  it('should refuse a lone UTF-16 surrogate, which the disk stores as U+FFFD: the name checked would not be the name written', () => {
    expect(refusal('Notes/x\uD800.md', 'read').message).toBe(
      'Refused path "Notes/x\uD800.md": the name "x\uD800.md" contains a broken character (half of a UTF-16 surrogate pair)',
    );
    expect(resolveVaultPath('Notes/😀.md', 'write', options)).toBe('Notes/😀.md');
  });

  it('should let a Cyrillic look-alike of .obsidian through: it is another folder, not the config folder', () => {
    expect(resolveVaultPath('.\u043Ebsidian/x.md', 'write', options)).toBe('.\u043Ebsidian/x.md');
  });

  it('should use the configured config folder name', () => {
    expect(() => resolveVaultPath('.config/app.json', 'write', { configDir: '.config' })).toThrow(/protected/);
    expect(resolveVaultPath('.obsidian-notes/x.md', 'write', options)).toBe('.obsidian-notes/x.md');
  });

  it('should name the field it checked', () => {
    expect(() => resolveVaultPath('../x', 'write', options, 'toPath')).toThrow('Refused toPath "../x"');
  });
});
