import { describe, expect, it } from 'vitest';
import { AgentError } from '../../../src/core/errors';
import { LinkKeeper } from '../../../src/core/links/LinkKeeper';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { LINK_FIXTURE, LINKING, RENAMED } from '../../builders/linkFixture';

const FROM = 'Guides/Setup.md';
const TO = 'Guides/Getting started.md';

describe('link keeping on a vault without FileManager (MemoryVault)', () => {
  it('should list every note with a link that resolves to the note, and none that only names another "Setup"', async () => {
    const vault = new MemoryVault({ ...LINK_FIXTURE });
    expect(await vault.linksTo(FROM)).toEqual(LINKING);
    expect(await vault.linksTo('Archive/Old/Setup.md')).toEqual(['Archive/Old/Notes.md', 'Index.md']);
  });

  it('should rewrite every form of link to the renamed note, keeping aliases, headings, blocks and embeds, and change nothing else', async () => {
    const vault = new MemoryVault({ ...LINK_FIXTURE });
    await vault.rename(FROM, TO);
    const expected: Record<string, string> = { ...LINK_FIXTURE, ...RENAMED, [TO]: LINK_FIXTURE[FROM]! };
    delete expected[FROM];
    expect(vault.dump()).toEqual(Object.fromEntries(Object.entries(expected).sort(([a], [b]) => a.localeCompare(b))));
  });

  it('should write paths in the format app.json sets: "relative" from each note, "absolute" from the vault root', async () => {
    const relative = new MemoryVault({ ...LINK_FIXTURE, '.obsidian/app.json': '{"newLinkFormat":"relative"}' });
    await relative.rename(FROM, TO);
    expect(await relative.read('Notes/Daily.md')).toContain('Relative: [a](../Guides/Getting%20started.md) and');
    expect(await relative.read('Index.md')).toContain('- [[Guides/Getting started|the setup]] and');
    const absolute = new MemoryVault({ ...LINK_FIXTURE, '.obsidian/app.json': '{"newLinkFormat":"absolute"}' });
    await absolute.rename(FROM, TO);
    expect(await absolute.read('Notes/Daily.md')).toContain('Relative: [a](Guides/Getting%20started.md) and');
    expect(await absolute.read('Guides/Next.md')).toBe('Back to [[Guides/Getting started]].\n');
  });

  it('should write the vault path when the new name is taken by another note, so the link still leads to the moved one', async () => {
    const vault = new MemoryVault({ 'A.md': 'x', 'Other/B.md': 'other', 'Links.md': '[[A]] and [a](A.md)' });
    await vault.rename('A.md', 'Moved/B.md');
    expect(await vault.read('Links.md')).toBe('[[Moved/B]] and [a](Moved/B.md)');
  });

  it('should re-point links to every file inside a moved folder, attachments included, and links between notes inside it', async () => {
    const vault = new MemoryVault({
      'Trip/Plan.md': 'See [[Trip/Budget]] and ![[map.png]]',
      'Trip/Budget.md': 'money',
      'Trip/map.png': 'PNG',
      'Home.md': '[[Trip/Plan]], [[Budget|the budget]], ![[Trip/map.png]] and [p](Trip/Plan.md)',
    });
    expect(await vault.linksTo('Trip')).toEqual(['Home.md', 'Trip/Plan.md']);
    await vault.rename('Trip', 'Archive/Trip 2024');
    expect(await vault.read('Home.md')).toBe('[[Plan]], [[Budget|the budget]], ![[map.png]] and [p](Plan.md)');
    expect(await vault.read('Archive/Trip 2024/Plan.md')).toBe('See [[Budget]] and ![[map.png]]');
  });

  it("should keep a note's byte order mark and CRLF line ends when it rewrites its links", async () => {
    const vault = new MemoryVault({ 'Old.md': 'x' });
    const bytes = new TextEncoder().encode('\ufeffLine one [[Old]]\r\nLine two [[Old|o]]\r\n');
    await vault.writeBinary('Win.md', bytes);
    await vault.rename('Old.md', 'New.md');
    expect([...(await vault.readBinary('Win.md'))]).toEqual([
      ...new TextEncoder().encode('\ufeffLine one [[New]]\r\nLine two [[New|o]]\r\n'),
    ]);
  });

  it('should refuse the rename, moving nothing, when a note linking to it is not UTF-8 and would lose bytes', async () => {
    const vault = new MemoryVault({ 'Old.md': 'x' });
    await vault.writeBinary(
      'Latin.md',
      new Uint8Array([...new TextEncoder().encode('Caf'), 0xe9, ...new TextEncoder().encode(' [[Old]]')]),
    );
    await expect(vault.rename('Old.md', 'New.md')).rejects.toThrow(
      'Moving "Old.md" would rewrite the links in "Latin.md", which is not UTF-8 text and would lose bytes; nothing was moved',
    );
    expect(await vault.stat('Old.md')).not.toBeNull();
  });

  it("should re-point a moved note's own links that would lead elsewhere from its new folder, and leave the rest", async () => {
    const vault = new MemoryVault({
      'Notes/A.md': '[b](../Other/B.md) [c](C.md) [[Other/B]] [[B]] [[Note]] [[#Top]]',
      'Notes/C.md': 'c',
      'Notes/Note.md': 'mine',
      'Other/B.md': 'b',
      'Deep/Down/Note.md': 'theirs',
    });
    await vault.rename('Notes/A.md', 'Deep/Down/A.md');
    expect(await vault.read('Deep/Down/A.md')).toBe('[b](B.md) [c](C.md) [[Other/B]] [[B]] [[Notes/Note]] [[#Top]]');
    expect(await vault.read('Notes/C.md')).toBe('c');
  });

  it('should keep a single-quoted frontmatter link valid YAML when the new name holds an apostrophe', async () => {
    const vault = new MemoryVault({ 'Old.md': 'x', 'P.md': '---\na: \'[[Old]]\'\nb: "[[Old]]"\n---\n' });
    await vault.rename('Old.md', "Bob's notes.md");
    expect(await vault.read('P.md')).toBe("---\na: '[[Bob''s notes]]'\nb: \"[[Bob's notes]]\"\n---\n");
    expect(await vault.linksTo("Bob's notes.md")).toEqual(['P.md']);
  });

  it('should list the other linking notes when one note cannot be read, rather than fail every rename', async () => {
    const vault = new MemoryVault({ 'Old.md': 'x', 'A.md': '[[Old]]', 'Locked.md': '[[Old]]' });
    const read = vault.cachedRead.bind(vault);
    const unreadable = Object.assign(Object.create(vault) as MemoryVault, {
      cachedRead: (path: string) =>
        path === 'Locked.md' ? Promise.reject(new AgentError('FORBIDDEN_PATH', 'EACCES: Locked.md')) : read(path),
      cachedReadMany: () => Promise.reject(new AgentError('FORBIDDEN_PATH', 'EACCES: Locked.md')),
    });
    expect(await new LinkKeeper(unreadable).linksTo('Old.md')).toEqual(['A.md']);
  });

  it('should leave links alone when the name and place they give still lead to the moved note', async () => {
    const vault = new MemoryVault({ 'A/Note.md': 'x', 'Links.md': 'See [[Note]].' });
    await vault.rename('A/Note.md', 'B/Note.md');
    expect(await vault.read('Links.md')).toBe('See [[Note]].');
  });
});
