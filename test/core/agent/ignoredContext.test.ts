import { describe, expect, it } from 'vitest';
import { MemoryEditor } from '../../../src/node/MemoryEditor';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { MemoryWorkspace } from '../../../src/node/MemoryWorkspace';
import { call, callsReply, textReply } from '../../builders/scriptedModel';
import { buildAgent } from './harness';

const SECRET = 'I hid the spare key under the blue pot.';

/** A vault whose `Private/` folder is ignored, with its diary open and a sentence of it selected. */
async function diaryOpen() {
  const vault = new MemoryVault({
    '.agentignore': 'Private/\nTaxes 2026.md\n',
    'Private/Diary.md': `Monday.\n${SECRET}\n`,
    'Taxes 2026.md': 'Income.',
    'Garden.md': 'Fence and pond.',
  });
  const editor = new MemoryEditor({ vault });
  const workspace = new MemoryWorkspace({ vault, editor });
  await workspace.openFile('Private/Diary.md', { newLeaf: false, focus: true });
  editor.select({ line: 1, ch: 0 }, { line: 1, ch: SECRET.length });
  return { vault, editor, workspace };
}

describe('AgentTask: what the ignore rules hide never reaches the model', () => {
  it('should send no excerpt, path or name of an ignored note, in the prompt or from the editor and workspace tools', async () => {
    const { run, model } = buildAgent({
      context: await diaryOpen(),
      replies: [
        callsReply([
          call('editor.getSelection', {}, 's1'),
          call('editor.getActiveFilePath', {}, 's2'),
          call('workspace.getContext', { includeOpenLeaves: true, includeActiveViewState: true }, 's3'),
        ]),
        textReply('Nothing to see.'),
      ],
    });
    await run('What did I select?');
    expect(model.requests).toHaveLength(2);
    const sent = JSON.stringify(model.requests);
    for (const hidden of ['spare key', 'Diary', 'Private', 'Taxes']) expect(sent).not.toContain(hidden);
    // The overview still shows what may be read, and the refusal says why without naming the note.
    expect(model.requests[0]?.system).toContain('Garden.md');
    expect(sent).toContain('ignore rules');
  });

  it('should still send the selection of a note that is not ignored', async () => {
    const ports = await diaryOpen();
    await ports.workspace.openFile('Garden.md', { newLeaf: false, focus: true });
    ports.editor.select({ line: 0, ch: 0 }, { line: 0, ch: 5 });
    const { run, model } = buildAgent({ context: ports, replies: [textReply('A fence.')] });
    await run('What did I select?');
    expect(model.requests[0]?.system).toContain('Fence');
    expect(model.requests[0]?.system).toContain('Garden.md');
  });
});
