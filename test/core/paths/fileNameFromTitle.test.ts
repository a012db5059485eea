import { describe, expect, it } from 'vitest';
import { cleanTypedPath, fileNameFromTitle } from '../../../src/core/paths/fileNameFromTitle';
import { resolveVaultPath } from '../../../src/core/paths/sandbox';

describe('fileNameFromTitle', () => {
  it.each([
    ['Q3: budget review', 'Q3 - budget review'],
    ['Why do we meet on Mondays?', 'Why do we meet on Mondays'],
    ['The "quiet" hours', "The 'quiet' hours"],
    ['Pros * cons of remote work', 'Pros - cons of remote work'],
    ['Read/Write notes', 'Read-Write notes'],
    ['Back\\slash | pipe', 'Back-slash - pipe'],
    ['10:30 standup', '10-30 standup'],
    ['[[Project X]] kickoff #meeting', 'Project X kickoff meeting'],
    ['**Bold** idea <draft>', 'Bold idea draft'],
    ['Task ^abc123', 'Task abc123'],
    ['Café ☕ Grüße 🚀', 'Café ☕ Grüße 🚀'],
    ['See: /docs/intro', 'See - docs-intro'],
    ['[[A]] [[B]] notes', 'A B notes'],
    ['C# / F# tips', 'C - F tips'],
  ])('should make "%s" the readable name "%s"', (title, name) => {
    expect(fileNameFromTitle(title)).toBe(name);
  });

  it('should never add a folder level, whatever the title', () => {
    for (const title of ['a/b', '../../etc/passwd', '/root', 'C:\\Windows', '..', 'x\\..\\y']) {
      const name = fileNameFromTitle(title);
      expect(name).not.toMatch(/[\\/]/);
      expect(resolveVaultPath(`Notes/${name}.md`, 'write', { configDir: '.obsidian' })).toBe(`Notes/${name}.md`);
    }
  });

  it('should give a name the sandbox takes for titles Windows or Obsidian would misread', () => {
    expect(fileNameFromTitle('.hidden idea')).toBe('hidden idea');
    expect(fileNameFromTitle('Wait...')).toBe('Wait');
    expect(fileNameFromTitle('CON')).toBe('CON_');
    expect(fileNameFromTitle('GIT~1')).toBe('GIT-1');
    expect(fileNameFromTitle('  two\n lines\tand\u200B tabs ')).toBe('two lines and tabs');
    expect(fileNameFromTitle('')).toBe('Untitled');
    expect(fileNameFromTitle('???')).toBe('Untitled');
    for (const title of ['.hidden idea', 'Wait...', 'CON', 'GIT~1', '~home', 'nul.txt']) {
      expect(() =>
        resolveVaultPath(`${fileNameFromTitle(title)}.md`, 'write', { configDir: '.obsidian' }),
      ).not.toThrow();
    }
  });

  it('should cut a very long title to 200 bytes, never inside a character', () => {
    const name = fileNameFromTitle('🚀'.repeat(100));
    expect(new TextEncoder().encode(name).length).toBe(200);
    expect(name).toBe('🚀'.repeat(50));
  });

  it('should be deterministic and leave its own output as it is', () => {
    for (const title of ['Q3: budget review', 'The "quiet" hours', 'CON', '  .x?  ', 'a / b : c']) {
      expect(fileNameFromTitle(fileNameFromTitle(title))).toBe(fileNameFromTitle(title));
    }
  });
});

describe('cleanTypedPath', () => {
  it('should clean the name a call creates and keep its folders and extension', () => {
    expect(cleanTypedPath('Ideas/Q3: budget review.md', 'file')).toBe('Ideas/Q3 - budget review.md');
    expect(cleanTypedPath('Ideas/What is it?.md', 'file')).toBe('Ideas/What is it.md');
    expect(cleanTypedPath('Ideas/?.md', 'file')).toBe('Ideas/Untitled.md');
  });

  it('should clean folders only of what no name can hold, so an existing "C#" stays reachable', () => {
    expect(cleanTypedPath('C#/Q3: plans/x [1].md', 'file')).toBe('C#/Q3 - plans/x 1.md');
    expect(cleanTypedPath('C#/Q3: plans', 'folder')).toBe('C#/Q3 - plans');
  });

  it('should leave a path without such characters exactly as typed, for the sandbox to judge', () => {
    for (const raw of ['Notes//Sub\\Idea.md', '../x.md', ' x .md', '.obsidian/app.json'])
      expect(cleanTypedPath(raw, 'file')).toBe(raw);
  });
});
