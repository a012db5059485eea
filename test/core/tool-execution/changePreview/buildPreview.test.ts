import { describe, expect, it } from 'vitest';
import { buildPreview } from '../../../../src/core/tool-execution/changePreview/buildPreview';
import { PLAIN_UTF8 } from '../../../../src/core/util/noteBytes';
import { WriteFileTool } from '../../../../src/core/tools/vault/writeFile';
import { MemoryVault } from '../../../../src/node/MemoryVault';
import { putFixtures } from '../../../builders/encodingFixtures';
import { buildToolContext } from '../../../builders/toolContext';
import { nodeYaml } from '../../../../src/node/nodeYaml';

const vaultWithFixtures = async (): Promise<MemoryVault> => {
  const vault = new MemoryVault({});
  await putFixtures(vault);
  return vault;
};

describe('buildPreview on notes that are not plain UTF-8 with LF', () => {
  it('should say "line endings CRLF → LF" and diff lines without their CR', async () => {
    const vault = await vaultWithFixtures();
    const preview = await buildPreview(
      [{ kind: 'modify', path: 'crlf.md', content: '# Meeting\n\n- agenda\n- minutes\n', format: PLAIN_UTF8 }],
      vault,
      nodeYaml,
    );
    expect(preview.notes).toEqual(['crlf.md: line endings CRLF → LF']);
    expect(preview.files[0]).toMatchObject({ kind: 'modified', added: 1, removed: 1, oldSize: 32 });
  });

  it('should say nothing about line endings when writeFile keeps them', async () => {
    const vault = await vaultWithFixtures();
    const context = buildToolContext({ vault });
    const changes = await new WriteFileTool().describeChanges(
      { path: 'crlf.md', content: '- minutes\n', mode: 'append', as: 'text' },
      context,
    );
    const preview = await buildPreview(changes, vault, nodeYaml);
    expect(preview.notes).toEqual([]);
    expect(preview.files[0]).toMatchObject({ added: 1, removed: 0, newSize: 43 });
  });

  it('should not warn about the BOM of a note it appends to', async () => {
    const vault = await vaultWithFixtures();
    const context = buildToolContext({ vault });
    const changes = await new WriteFileTool().describeChanges(
      { path: 'utf8-bom.md', content: 'more\n', mode: 'append', as: 'text' },
      context,
    );
    const preview = await buildPreview(changes, vault, nodeYaml);
    expect(preview.files[0]).toMatchObject({ kind: 'modified', warnings: [], added: 1, removed: 0 });
    expect(preview.notes).toEqual([]);
  });

  it('should show the old side of a Latin-1 note with its accents, and the change of encoding', async () => {
    const vault = await vaultWithFixtures();
    const context = buildToolContext({ vault });
    const changes = await new WriteFileTool().describeChanges(
      { path: 'latin1.md', content: 'Fin.\n', mode: 'append', as: 'text', encoding: 'utf-8' },
      context,
    );
    const preview = await buildPreview(changes, vault, nodeYaml);
    expect(preview.notes).toEqual(['latin1.md: encoding Latin-1 → UTF-8']);
    const lines = preview.files[0]?.kind === 'modified' ? preview.files[0].hunks.flatMap((hunk) => hunk.lines) : [];
    expect(lines.map((line) => `${line.kind[0]} ${line.text}`)).toEqual([
      'c # Café',
      'c ',
      'c La mère et le père.',
      'a Fin.',
    ]);
  });

  it('should show bytes written over a binary file by their size, not as text', async () => {
    const vault = await vaultWithFixtures();
    const preview = await buildPreview(
      [{ kind: 'modify', path: 'pixel.png', content: Buffer.from([1, 2, 3]).toString('base64'), format: 'base64' }],
      vault,
      nodeYaml,
    );
    expect(preview.files[0]).toEqual({
      kind: 'modified',
      path: 'pixel.png',
      oldSize: 69,
      newSize: 3,
      hunks: [],
      warnings: [],
      added: 0,
      removed: 0,
    });
    expect(preview.notes).toEqual(['pixel.png: binary content (69 bytes → 3 bytes), not shown']);
  });
});

describe('buildPreview on a note whose properties do not parse', () => {
  it('should warn when an append leaves a properties block that is not YAML', async () => {
    const vault = new MemoryVault({ 'Trip.md': '---\ntags: [travel]\nSummary of the trip.\n---\n# Trip\n' });
    const context = buildToolContext({ vault });
    const changes = await new WriteFileTool().describeChanges(
      { path: 'Trip.md', content: 'Day 2.\n', mode: 'append', as: 'text' },
      context,
    );
    expect((await buildPreview(changes, vault, nodeYaml)).notes).toEqual([
      'Trip.md: its properties (lines 1-4) do not parse as YAML: line 3 "Summary of the trip." is not "key: value"; Obsidian will show them as text until that is fixed',
    ]);
  });

  it('should name a key written twice and a tab used for indentation', async () => {
    const vault = new MemoryVault({});
    const twice = await buildPreview(
      [{ kind: 'create', path: 'a.md', content: '---\ntitle: A\ntitle: B\n---\n' }],
      vault,
      nodeYaml,
    );
    expect(twice.notes).toEqual([
      'a.md: its properties (lines 1-4) do not parse as YAML: the key "title" is written twice (lines 2 and 3); Obsidian will show them as text until that is fixed',
    ]);
    const tab = await buildPreview(
      [{ kind: 'create', path: 'b.md', content: '---\ntags:\n\t- a\n---\n' }],
      vault,
      nodeYaml,
    );
    expect(tab.notes).toEqual([
      'b.md: its properties (lines 1-4) do not parse as YAML: line 3 is indented with a tab, which YAML does not allow; Obsidian will show them as text until that is fixed',
    ]);
  });

  it('should say nothing about properties that parse', async () => {
    const vault = new MemoryVault({});
    const preview = await buildPreview(
      [
        {
          kind: 'create',
          path: 'a.md',
          content: '---\ntitle: "A: b"\ntags:\n  - x\n  - y\naliases:\n- z\n# comment\n\n---\nBody\n',
        },
      ],
      vault,
      nodeYaml,
    );
    expect(preview.notes).toEqual([]);
  });
});

describe('buildPreview of text over a binary file', () => {
  it('should say a binary file becomes text and show only the new text, not the old bytes as lines', async () => {
    const vault = await vaultWithFixtures();
    const preview = await buildPreview([{ kind: 'modify', path: 'pixel.png', content: 'oops text' }], vault, nodeYaml);
    expect(preview.notes).toEqual(['pixel.png: a binary file (69 bytes) becomes text']);
    expect(preview.files[0]).toMatchObject({ kind: 'modified', oldSize: 69, newSize: 9, added: 1, removed: 0 });
  });
});

describe('buildPreview warnings', () => {
  it('should warn only about the external links an append adds, not those already in the note', async () => {
    const vault = new MemoryVault({ 'Links.md': '# Links\n- https://old.example/a\n- https://old.example/b\n' });
    const changes = await new WriteFileTool().describeChanges(
      { path: 'Links.md', content: '- https://new.example/c\n', mode: 'append', as: 'text' },
      buildToolContext({ vault }),
    );
    const preview = await buildPreview(changes, vault, nodeYaml);
    expect(preview.files[0]).toMatchObject({
      kind: 'modified',
      added: 1,
      warnings: [{ kind: 'external-url', value: 'https://new.example/c', line: 4, label: 'external link' }],
    });
  });

  it('should warn about a link a change puts on a line that had none, and about every link of a new note', async () => {
    const vault = new MemoryVault({ 'Note.md': 'see below\n' });
    const preview = await buildPreview(
      [
        { kind: 'modify', path: 'Note.md', content: 'see https://x.example\n' },
        { kind: 'create', path: 'New.md', content: 'https://old.example/a\n' },
      ],
      vault,
      nodeYaml,
    );
    expect(
      preview.files.map((file) =>
        'warnings' in file ? file.warnings.map((warning) => `${warning.line}:${warning.value}`) : [],
      ),
    ).toEqual([['1:https://x.example'], ['1:https://old.example/a']]);
  });
});
