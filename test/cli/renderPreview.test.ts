import { describe, expect, it } from 'vitest';
import { createStyle, stripAnsi } from '../../src/cli/ansi';
import { renderApproval } from '../../src/cli/renderPreview';
import type { ApprovalRequest } from '../../src/core/ports/approval';
import { buildPreview, summarize } from '../../src/core/tool-execution/changePreview/buildPreview';
import type { PlannedChange } from '../../src/core/tools/types';
import { MemoryVault } from '../../src/node/MemoryVault';
import { TERMINAL_CONTROL, withoutOwnColors } from './harness';
import { nodeYaml } from '../../src/node/nodeYaml';

async function request(changes: PlannedChange[], files: Record<string, string> = {}): Promise<ApprovalRequest> {
  const preview = await buildPreview(changes, new MemoryVault(files), nodeYaml);
  return {
    runId: 'run-1',
    tool: 'vault.writeFile',
    input: {},
    risk: 'writes',
    preview,
    summary: summarize('vault.writeFile', changes),
  };
}

const ESC = '\u001b[';

describe('renderApproval', () => {
  it('should show a plain unified diff when the output is not a terminal', async () => {
    const text = renderApproval(
      await request([{ kind: 'modify', path: 'Plan.md', content: 'one\ntwo three\nfour\n' }], {
        'Plan.md': 'one\ntwo 3\nfour\n',
      }),
      createStyle(false),
    );
    expect(text).toBe(
      [
        'Approval needed: Change Plan.md',
        'vault.writeFile · writes to the vault',
        '~ modified Plan.md (+1 -1, 15 B → 19 B)',
        '    @@ -1,3 +1,3 @@',
        '     one',
        '    -two 3',
        '    +two three',
        '     four',
        '',
      ].join('\n'),
    );
    expect(text).not.toContain(ESC);
  });

  it('should color the diff and highlight the changed words on a terminal', async () => {
    const text = renderApproval(
      await request([{ kind: 'modify', path: 'Plan.md', content: 'two three\n' }], { 'Plan.md': 'two 3\n' }),
      createStyle(true),
    );
    expect(text).toContain(`${ESC}31m-${ESC}39m${ESC}31mtwo ${ESC}39m${ESC}1;41m3${ESC}22;49m`);
    expect(text).toContain(`${ESC}32m+${ESC}39m${ESC}32mtwo ${ESC}39m${ESC}1;42mthree${ESC}22;49m`);
    expect(stripAnsi(text)).toContain('    -two 3\n    +two three\n');
  });

  it('should make hidden characters visible and list them and external links as warnings', async () => {
    const content = 'Pay \u202Eevil\u202C here\nSee https://example.com/x\n';
    const text = renderApproval(await request([{ kind: 'create', path: 'Note.md', content }]), createStyle(false));
    expect(text).toContain('    +Pay ⟦U+202E⟧evil⟦U+202C⟧ here');
    expect(text).toContain('    ! line 1: hidden character U+202E RIGHT-TO-LEFT OVERRIDE, shown as ⟦U+202E⟧');
    expect(text).toContain('    ! line 2: external link https://example.com/x');
    expect(text).not.toContain('\u202E');
  });

  it('should show the control codes a note holds instead of letting them rewrite the diff line or hide the warnings', async () => {
    const content = '- milk\r\u001b[2K+- eggs\nbuy\u001b[8m\nSee https://example.com/\u009b2K\n';
    const text = renderApproval(
      await request([{ kind: 'create', path: 'Shop\u001b[2Kping.md', content }]),
      createStyle(true),
    );
    const shown = withoutOwnColors(text);
    expect(shown).not.toMatch(TERMINAL_CONTROL);
    expect(shown).toContain('+ created  Shop⟦ESC⟧[2Kping.md (');
    expect(shown).toContain('    +- milk⟦CR⟧⟦ESC⟧[2K+- eggs\n    +buy⟦ESC⟧[8m\n');
    expect(shown).toContain('    ! line 3: external link https://example.com/⟦U+009B⟧2K');
  });

  it('should count the lines of a change too large to diff instead of listing them', async () => {
    const tasks = Array.from({ length: 600 }, (_, i) => `- [ ] Task ${String(i).padStart(3, '0')}`);
    const before = `# Tasks\n${tasks.join('\n')}\n`;
    const after = `# Tasks\n${[...tasks].reverse().join('\n')}\n`;
    const text = renderApproval(
      await request([{ kind: 'modify', path: 'Tasks.md', content: after }], { 'Tasks.md': before }),
      createStyle(false),
    );
    expect(text).toContain(
      [
        '~ modified Tasks.md (+600 -600, 8.8 KB → 8.8 KB)',
        '    @@ -2,600 +2,600 @@',
        '    Too large to diff line by line: 600 lines removed, 600 lines added',
        '',
      ].join('\n'),
    );
  });

  it('should say why changed lines too different to compare word by word have no highlights', async () => {
    const words = (name: string): string => Array.from({ length: 400 }, (_, i) => `${name}${i}`).join(' ');
    const text = renderApproval(
      await request([{ kind: 'modify', path: 'Draft.md', content: `${words('new')}\n` }], {
        'Draft.md': `${words('old')}\n`,
      }),
      createStyle(false),
    );
    expect(text).toContain(
      '  note: Draft.md: 1 changed line is shown whole, too different from the old one to compare word by word.\n',
    );
  });

  it('should say created, moved and deleted, with folders and commands', async () => {
    const text = renderApproval(
      await request(
        [
          { kind: 'create-folder', path: 'Ideas' },
          { kind: 'move', path: 'a.md', toPath: 'Archive/a.md', isFolder: false },
          { kind: 'delete', path: 'old.md', isFolder: false, toTrash: true },
          { kind: 'command', id: 'editor:toggle-bold', name: 'Toggle bold' },
        ],
        { 'a.md': 'A', 'old.md': 'old text' },
      ),
      createStyle(false),
    );
    expect(text).toContain(
      '+ created  Ideas/ (folder)\n→ moved    a.md → Archive/a.md\n- deleted  old.md (8 B, to the trash)\n▶ command  Toggle bold (editor:toggle-bold)\n',
    );
  });

  it('should list each note whose links a move rewrites', async () => {
    const text = renderApproval(
      await request(
        [
          { kind: 'move', path: 'Target.md', toPath: 'Renamed.md', isFolder: false },
          { kind: 'relink', path: 'Index.md', target: 'Target.md' },
        ],
        { 'Target.md': 'T', 'Index.md': '[[Target]]' },
      ),
      createStyle(false),
    );
    expect(text).toBe(
      'Approval needed: Move Target.md → Renamed.md and 1 more change\nvault.writeFile · writes to the vault\n→ moved    Target.md → Renamed.md\n~ links    Index.md (its links to Target.md are rewritten)\n',
    );
  });

  it('should show the input of a call with nothing to preview (approval "always")', async () => {
    const text = renderApproval(
      {
        runId: 'r',
        tool: 'vault.readFile',
        input: { path: 'a.md' },
        risk: 'read-only',
        preview: { files: [], commands: [], notes: [] },
        summary: 'Run vault.readFile',
      },
      createStyle(false),
    );
    expect(text).toBe('Approval needed: Run vault.readFile\nvault.readFile · reads only\n  input: {"path":"a.md"}\n');
  });
});
