import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../src/core/ports/approval';
import { approvalMessage } from '../../../src/core/session/approvalFormText';
import { buildPreview, summarize } from '../../../src/core/tool-execution/changePreview/buildPreview';
import type { PlannedChange } from '../../../src/core/tools/types';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { nodeYaml } from '../../../src/node/nodeYaml';

async function request(
  changes: PlannedChange[],
  files: Record<string, string> = {},
  notes: string[] = [],
): Promise<ApprovalRequest> {
  const preview = await buildPreview(changes, new MemoryVault(files), nodeYaml);
  preview.notes.push(...notes);
  return { runId: 'run-1', tool: 'plan', input: {}, risk: 'writes', preview, summary: summarize('plan', changes) };
}

/** The lines a client that shows three of them shows. */
const firstThree = (message: string): string[] => message.split('\n').slice(0, 3);

describe('approvalMessage', () => {
  it('should count several files by what happens to them, with their lines and bytes, in the second line', async () => {
    const asked = await request(
      [
        { kind: 'create', path: 'A.md', content: 'one\ntwo\n' },
        { kind: 'modify', path: 'B.md', content: 'b\n' },
        { kind: 'move', path: 'C.md', toPath: 'Archive/C.md', isFolder: false },
      ],
      { 'B.md': 'old b\nmore\n', 'C.md': 'c' },
    );
    expect(firstThree(approvalMessage('Codex', asked))).toEqual([
      'Codex wants to change your vault through Embedded Agent: Create A.md and 2 more changes',
      'Size: 3 files (1 created, 1 modified, 1 moved); +3 -2 lines; 11 B → 10 B',
      'Warnings: none',
    ]);
  });

  it("should name a permanent delete and the preview's notes among the warnings", async () => {
    const asked = await request(
      [{ kind: 'delete', path: 'Old.md', isFolder: false, toTrash: false }],
      { 'Old.md': 'gone soon\n' },
      ["The plan's preview you approved did not show this: delete Old.md."],
    );
    expect(firstThree(approvalMessage('Claude Code', asked))).toEqual([
      'Claude Code wants to change your vault through Embedded Agent: Delete permanently: Old.md',
      'Size: 1 file deleted; 10 B → 0 B',
      "Warnings (2): Old.md is deleted permanently, not to the trash; The plan's preview you approved did not show this: delete Old.md.",
    ]);
  });

  it('should keep a new line in a path or a client name from pushing the warnings out of the first three lines', async () => {
    const asked = await request([{ kind: 'create', path: 'Two\nlines.md', content: 'see https://example.com\n' }]);
    const [action, size, warnings] = firstThree(approvalMessage('Some\nClient', asked));
    expect(action).toBe(
      'Some⟦U+000A⟧Client wants to change your vault through Embedded Agent: Create Two⟦U+000A⟧lines.md',
    );
    expect(size).toBe('Size: 1 file created; +1 line; 24 B');
    expect(warnings).toBe('Warnings (1): Two⟦U+000A⟧lines.md line 1: external link https://example.com');
  });

  it('should follow the three lines with the change as the terminal shows it, diff included', async () => {
    const message = approvalMessage(
      'Codex',
      await request([{ kind: 'modify', path: 'B.md', content: 'new\n' }], { 'B.md': 'old\n' }),
    );
    expect(message.split('\n').slice(3)).toEqual([
      '',
      'Approval needed: Change B.md',
      'plan · writes to the vault',
      '~ modified B.md (+1 -1, 4 B → 4 B)',
      '    @@ -1,1 +1,1 @@',
      '    -old',
      '    +new',
      '',
    ]);
  });
});
