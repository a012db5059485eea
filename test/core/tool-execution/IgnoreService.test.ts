import { describe, expect, it } from 'vitest';
import { IgnoreService } from '../../../src/core/tool-execution/IgnoreService';
import { MemoryVault } from '../../../src/node/MemoryVault';

const options = { configDir: '.obsidian', pluginFolder: '.obsidian/plugins/embedded-agent' };

async function service(files: Record<string, string>): Promise<{ ignore: IgnoreService; vault: MemoryVault }> {
  const vault = new MemoryVault(files);
  const ignore = new IgnoreService(vault, options);
  await ignore.ensureLoaded();
  return { ignore, vault };
}

describe('IgnoreService', () => {
  it('should block reads and writes of paths listed in .agentignore, including everything in a listed folder', async () => {
    const { ignore } = await service({ '.agentignore': '# private things\nPrivate/\n*.secret.md\n' });
    expect(ignore.denial('Private/diary.md', 'read')).toBe(
      '"Private/diary.md" is listed in .agentignore, so the agent may neither read nor write it',
    );
    expect(ignore.denial('Private/deep/er/x.md', 'write')).not.toBeNull();
    expect(ignore.denial('Private', 'read')).not.toBeNull();
    expect(ignore.denial('notes/pw.secret.md', 'read')).not.toBeNull();
    expect(ignore.denial('PrivateNotes/x.md', 'read')).toBeNull();
  });

  it('should let the agent read but not write paths listed in .agentprotected', async () => {
    const { ignore } = await service({ '.agentprotected': 'Templates/\n' });
    expect(ignore.denial('Templates/meeting.md', 'read')).toBeNull();
    expect(ignore.denial('Templates/meeting.md', 'write')).toBe(
      '"Templates/meeting.md" is listed in .agentprotected, so it is read-only for the agent',
    );
  });

  it('should support negation as gitignore does', async () => {
    const { ignore } = await service({ '.agentignore': 'Journal/*\n!Journal/public.md\n' });
    expect(ignore.denial('Journal/2026-01-01.md', 'read')).not.toBeNull();
    expect(ignore.denial('Journal/public.md', 'read')).toBeNull();
  });

  it('should match regardless of letter case', async () => {
    const { ignore } = await service({ '.agentignore': 'private/\n' });
    expect(ignore.denial('PRIVATE/x.md', 'read')).not.toBeNull();
    expect(ignore.denial('.GIT/config', 'read')).not.toBeNull();
    expect(ignore.denial('.Obsidian/app.json', 'write')).not.toBeNull();
  });

  it('should match as case-insensitive file systems compare: "ı" is "I" on NTFS, "ſ" is "s" on macOS', async () => {
    const { ignore } = await service({ '.agentignore': 'Private/\n', '.agentprotected': 'secrets.md\n' });
    expect(ignore.denial('Prıvate/diary.md', 'read')).not.toBeNull();
    expect(ignore.denial('ſecrets.md', 'write')).not.toBeNull();
    expect(ignore.denial('.gıt/config', 'read')).not.toBeNull();
    expect(ignore.denial('.obsıdıan/app.json', 'write')).not.toBeNull();
    expect(ignore.denial('.obsıdıan/plugins/embedded-agent/data.json', 'read')).not.toBeNull();
  });

  it('should block .git and the plugin folder entirely, and make the config folder and .trash read-only', async () => {
    const { ignore } = await service({});
    expect(ignore.denial('.git/HEAD', 'read')).toBe(
      '".git/HEAD" is inside a .git/ folder, which the agent never touches',
    );
    expect(ignore.denial('.obsidian/plugins/embedded-agent/data.json', 'read')).toBe(
      '".obsidian/plugins/embedded-agent/data.json" is the plugin\'s own data, which the agent never touches',
    );
    expect(ignore.denial('.obsidian/app.json', 'read')).toBeNull();
    expect(ignore.denial('.obsidian/app.json', 'write')).toBe(
      '".obsidian/app.json" is in the config folder .obsidian/, which is read-only for the agent',
    );
    expect(ignore.denial('.trash/old.md', 'write')).not.toBeNull();
  });

  it("should block a .git folder at any depth: a nested repository's hooks run code", async () => {
    const { ignore } = await service({});
    expect(ignore.denial('Code/app/.git/hooks/pre-commit', 'write')).toBe(
      '"Code/app/.git/hooks/pre-commit" is inside a .git/ folder, which the agent never touches',
    );
    expect(ignore.denial('Code/.GIT/config', 'read')).not.toBeNull();
    expect(ignore.denial('Code/.github/workflows/ci.yml', 'write')).toBeNull();
  });

  it('should match rules written in decomposed Unicode (as macOS names files) against the composed paths the agent uses', async () => {
    const { ignore } = await service({
      '.agentignore': 'Prive\u0301/\n',
      '.agentprotected': 'Re\u0301sume\u0301.md\n',
    });
    expect(ignore.denial('Privé/journal.md', 'read')).not.toBeNull();
    expect(ignore.denial('Résumé.md', 'write')).not.toBeNull();
    // And the other way round: a listing hands back names as the disk holds them, decomposed ones included.
    const composed = await service({ '.agentignore': 'Privé/\n' });
    expect(composed.ignore.denial('Prive\u0301/journal.md', 'read')).not.toBeNull();
  });

  it("should let a run read back the results it stored in the plugin's tmp folder, and nothing else there", async () => {
    const { ignore } = await service({});
    expect(
      ignore.denial('.obsidian/plugins/embedded-agent/tmp/run-1/vault.searchText-2.md', 'read', 'run-1'),
    ).toBeNull();
    expect(ignore.denial('.obsidian/plugins/embedded-agent/tmp/run-1/x.md', 'write', 'run-1')).not.toBeNull();
    expect(ignore.denial('.obsidian/plugins/embedded-agent/audit/2026-01-01.jsonl', 'read', 'run-1')).not.toBeNull();
  });

  it("should refuse another run's stored results, saying whose they are", async () => {
    const { ignore } = await service({});
    const stored = '.obsidian/plugins/embedded-agent/tmp/mcp-20260101T000000-1-a/vault.listFiles-1.md';
    expect(ignore.denial(stored, 'read', 'mcp-20260101T000000-2-b')).toBe(
      `"${stored}" is a result another run stored, and only the run that stored it may read it`,
    );
    expect(ignore.denial(stored, 'read')).not.toBeNull();
    // A run id that starts like another's is not that run.
    expect(ignore.denial(stored, 'read', 'mcp-20260101T000000-1')).not.toBeNull();
    expect(ignore.denial(stored, 'read', 'mcp-20260101T000000-1-a')).toBeNull();
  });

  it("should refuse every plugin's folder in the config folder, whose settings hold API keys, and keep the rest of it readable", async () => {
    const { ignore } = await service({});
    expect(ignore.denial('.obsidian/plugins/copilot/data.json', 'read')).toBe(
      '".obsidian/plugins/copilot/data.json" is in .obsidian/plugins/, where each plugin keeps its settings, API keys among them, so the agent neither reads nor writes it',
    );
    expect(ignore.denial('.Obsidian/Plugins/Copilot/DATA.json', 'read')).not.toBeNull();
    expect(ignore.denial('.obsidian/plugins', 'read')).not.toBeNull();
    expect(ignore.denial('.obsidian/plugins/copilot/main.js', 'write')).not.toBeNull();
    expect(ignore.denial('.obsidian/app.json', 'read')).toBeNull();
    expect(ignore.denial('.obsidian/snippets/wide.css', 'read')).toBeNull();
  });

  it('should find the plugin folders in the config folder the vault names, not only in .obsidian', async () => {
    const ignore = new IgnoreService(new MemoryVault({}, { configDir: '.config' }), {
      configDir: '.config',
      pluginFolder: '.config/plugins/embedded-agent',
    });
    await ignore.ensureLoaded();
    expect(ignore.denial('.config/plugins/copilot/data.json', 'read')).toContain(
      'is in .config/plugins/, where each plugin keeps its settings',
    );
    expect(ignore.denial('.config/plugins/embedded-agent/data.json', 'read')).toBe(
      '".config/plugins/embedded-agent/data.json" is the plugin\'s own data, which the agent never touches',
    );
  });

  it('should not let the agent edit its own rule files', async () => {
    const { ignore } = await service({ '.agentignore': 'x/\n' });
    expect(ignore.denial('.agentignore', 'read')).toBeNull();
    expect(ignore.denial('.agentignore', 'write')).toBe(
      '".agentignore" holds the agent\'s own access rules and is read-only for it',
    );
    expect(ignore.denial('.agentprotected', 'write')).not.toBeNull();
  });

  it('should pick up a changed rule file', async () => {
    const { ignore, vault } = await service({ '.agentignore': 'a/\n' });
    expect(ignore.denial('b/x.md', 'read')).toBeNull();
    await vault.modify('.agentignore', 'b/\n');
    await ignore.ensureLoaded();
    expect(ignore.denial('b/x.md', 'read')).not.toBeNull();
    expect(ignore.denial('a/x.md', 'read')).toBeNull();
  });

  it('should throw a FORBIDDEN_PATH error that names the field', async () => {
    const { ignore } = await service({ '.agentignore': 'Private/\n' });
    expect(() => ignore.assertAllowed('Private/a.md', 'write', 'toPath')).toThrow(
      expect.objectContaining({
        code: 'FORBIDDEN_PATH',
        message: 'Refused toPath: "Private/a.md" is listed in .agentignore, so the agent may neither read nor write it',
      }),
    );
  });
});
